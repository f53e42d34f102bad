// npm run bench:cli -- <dir> [--jobs N] [--runs N] [--options JSON]
//
// The command line on a folder, as a user runs it: `tessera partition <dir> --out <tmp> --no-ocr
// --jobs N` (layout only; options default {"table_mode":"none"}), seconds per page from start to
// exit. Beside it, the floor of any engine on pdf.js for the same files on the same cores: N
// processes, each opening its share of the files with pdf.js and reading every page's text content
// and operator list, timed from their first file to the last one's end (their start-up is not
// counted, the command's is). Runs alternate between the two so both see the same machine load;
// the medians are reported.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { V8_FLAGS } from '../bin/v8-flags.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { jobs: { type: 'string' }, runs: { type: 'string' }, options: { type: 'string' } },
});
const dir = positionals[0];
if (!dir) {
  console.error('usage: npm run bench:cli -- <dir> [--jobs N] [--runs N] [--options JSON]');
  process.exit(2);
}
const jobs = Number(values.jobs ?? availableParallelism());
const runs = Math.max(1, Number(values.runs ?? 3));
const options = values.options ?? '{"table_mode":"none"}';
const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');

function pdfs(path: string): string[] {
  return readdirSync(path, { withFileTypes: true })
    .flatMap((e) => {
      const full = join(path, e.name);
      if (statSync(full).isDirectory()) return pdfs(full);
      return /\.pdf$/i.test(e.name) ? [full] : [];
    })
    .sort();
}

/** Files dealt to n shares of about equal bytes, largest first. */
function shares(files: string[], n: number): string[][] {
  const out = Array.from({ length: n }, () => ({ bytes: 0, files: [] as string[] }));
  for (const f of [...files].sort((a, b) => statSync(b).size - statSync(a).size)) {
    const least = out.reduce((a, b) => (b.bytes < a.bytes ? b : a));
    least.files.push(f);
    least.bytes += statSync(f).size;
  }
  return out.map((s) => s.files).filter((s) => s.length > 0);
}

async function floor(files: string[]): Promise<{ seconds: number; pages: number }> {
  const results = await Promise.all(
    shares(files, jobs).map(async (share) => {
      // With the V8 settings `tessera` runs with: the floor gets their gain too.
      const { stdout } = await exec(process.execPath, [...V8_FLAGS, '--import', 'tsx', 'bench/floor-files.ts', ...share], { cwd: ROOT, maxBuffer: 1 << 20 });
      return JSON.parse(stdout) as { seconds: number; pages: number };
    }),
  );
  return { seconds: Math.max(...results.map((r) => r.seconds)), pages: results.reduce((a, r) => a + r.pages, 0) };
}

async function cli(): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), 'tessera-bench-cli-'));
  const t0 = performance.now();
  try {
    await exec(process.execPath, ['bin/tessera.js', 'partition', dir!, '--out', out, '--no-ocr', '--no-progress', '--jobs', String(jobs), '--options', options], {
      cwd: ROOT,
      maxBuffer: 64 << 20,
    });
  } catch (err) {
    // Exit code 1: some file failed (it is in the folder's outputs); the timing still stands.
    if ((err as { code?: number }).code !== 1) throw err;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return (performance.now() - t0) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

const files = pdfs(dir);
// Once first, unmeasured: builds the command's bundle if need be, fills the file cache.
await cli();
const floors: number[] = [];
const clis: number[] = [];
let pages = 0;
for (let r = 0; r < runs; r++) {
  const f = await floor(files);
  pages = f.pages;
  floors.push(f.seconds);
  clis.push(await cli());
  console.log(`run ${r + 1}: floor ${f.seconds.toFixed(2)} s, tessera ${clis.at(-1)!.toFixed(2)} s`);
}
const [fs, cs] = [median(floors), median(clis)];
console.log(`\n${files.length} files, ${pages} pages, ${jobs} jobs, options ${options}, median of ${runs}`);
console.log(`  pdf.js floor, ${jobs} processes:        ${fs.toFixed(2)} s, ${(fs / pages).toFixed(4)} s/page`);
console.log(`  tessera partition --no-ocr (end to end): ${cs.toFixed(2)} s, ${(cs / pages).toFixed(4)} s/page`);
console.log(`  ratio ${(cs / fs).toFixed(2)}x`);
