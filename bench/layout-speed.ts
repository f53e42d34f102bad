// npm run bench:layout -- <file or dir ...> [--options JSON] [--rounds N] [--profile [N]] [--polyfilled]
//
// Where the layout-only pipeline spends its time, beside the pdf.js floor, all in ONE process (so
// unlike bench/run.ts, which measures each file in a fresh process, JIT warm-up is paid once, as in
// a long CLI run or the app). For every file, every round: the floor (pdf.js opening the file and
// reading each page's operator list and text content, nothing else) and then the whole pipeline,
// alternately, so that both see the same machine load. Reports wall and CPU seconds per page
// (CPU seconds vary much less than wall seconds on a shared machine), their ratio, seconds per
// stage, and with --profile the N functions (default 25) with the most self time in the pipeline
// runs, grouped also by source folder (from V8's sampling profiler, node:inspector).
// pdf.js is loaded as every Node entry point loads it (native built-ins put back after pdf.js's
// polyfills replaced them, src/cli/native-builtins.ts); --polyfilled keeps the polyfills. Floor and
// pipeline share the process, so they always share this.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { installNodePdfEnvironment, nodeNativePdfjsLoader, nodePdfjsLoader, pdfjsDataDirs } from '../src/cli/node-raster.ts';
import { partition } from '../src/core/index.ts';
import { setPdfjsLoader } from '../src/core/pdf/index.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { options: { type: 'string' }, rounds: { type: 'string' }, profile: { type: 'string' }, polyfilled: { type: 'boolean' } },
  // `--profile` alone means the top 25.
  args: process.argv.slice(2).flatMap((a, i, all) => (a === '--profile' && (i === all.length - 1 || all[i + 1]!.startsWith('--') || !/^\d+$/.test(all[i + 1]!)) ? ['--profile', '25'] : [a])),
});
if (positionals.length === 0) {
  console.error('usage: npm run bench:layout -- <file.pdf | directory ...> [--options JSON] [--rounds N] [--profile [N]]');
  process.exit(2);
}
const optionsJson = values.options ?? '{"table_mode":"none"}';
const rounds = Math.max(1, Number(values.rounds ?? 2));
const profileTop = values.profile ? Number(values.profile) : 0;

installNodePdfEnvironment();
// Loaded once here, for the floor and the engine alike.
const pdfjs = await (values.polyfilled ? nodePdfjsLoader : nodeNativePdfjsLoader)();
setPdfjsLoader(async () => pdfjs);
const { getDocument } = pdfjs.lib;

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() || e.isSymbolicLink() && statSync(join(path, e.name)).isDirectory() ? files(join(path, e.name)) : /\.pdf$/i.test(e.name) ? [join(path, e.name)] : []))
    .sort();
}

const cpu = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

interface Times {
  wall: number;
  cpu: number;
  pages: number;
}

/** pdf.js alone, with the same data files the engine gives it (fonts, CMaps, wasm). */
async function floor(bytes: Uint8Array): Promise<Times> {
  const t0 = performance.now();
  const c0 = cpu();
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, ...pdfjsDataDirs(), cMapPacked: true }).promise;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    await page.getOperatorList();
    await page.getTextContent();
    page.cleanup();
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { wall: (performance.now() - t0) / 1000, cpu: cpu() - c0, pages };
}

async function pipeline(bytes: Uint8Array, stages: Record<string, number>): Promise<Times & { error?: string }> {
  const t0 = performance.now();
  const c0 = cpu();
  let pages = 0;
  const response = await partition({
    file: bytes.slice(),
    options: optionsJson,
    onEvent: (e) => {
      if (e.kind === 'stage') stages[e.stage] = (stages[e.stage] ?? 0) + e.ms / 1000;
      if (e.kind === 'page') pages++;
    },
  });
  return { wall: (performance.now() - t0) / 1000, cpu: cpu() - c0, pages, error: response.status_code === 200 ? undefined : response.error };
}

const session = new Session();
session.connect();
if (profileTop) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
}

const list = positionals.flatMap(files);
const total = { floor: { wall: 0, cpu: 0 }, pipe: { wall: 0, cpu: 0 }, pages: 0 };
const stages: Record<string, number> = {};
const perFile: Array<{ file: string; pages: number; floor: number; pipe: number }> = [];
// Samples of the pipeline runs only: the profiler runs around them and is paused for the floor.
const samples = new Map<string, number>();
const folders = new Map<string, number>();
let sampled = 0;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
function addProfile(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const root = process.cwd();
  const where = (n: ProfileNode): string => {
    const url = n.callFrame.url.replace(/^file:\/\//, '');
    return url ? relative(root, url) : '(native)';
  };
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const dt = (profile.timeDeltas[i] ?? 0) / 1e6;
    sampled += dt;
    const key = `${n.callFrame.functionName || '(anonymous)'}  ${where(n)}:${n.callFrame.lineNumber + 1}`;
    samples.set(key, (samples.get(key) ?? 0) + dt);
    const file = where(n);
    const folder = file.startsWith('src/') ? file.split('/').slice(0, 3).join('/') : file.includes('pdfjs-dist') ? 'pdfjs-dist' : file.includes('node_modules') ? 'node_modules (other)' : file;
    folders.set(folder, (folders.get(folder) ?? 0) + dt);
  });
}

for (let round = 0; round < rounds; round++) {
  for (const file of list) {
    const bytes = new Uint8Array(readFileSync(file));
    const f = await floor(bytes);
    if (profileTop) await session.post('Profiler.start');
    const p = await pipeline(bytes, round === 0 ? {} : stages);
    if (profileTop) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Parameters<typeof addProfile>[0] };
      if (round > 0) addProfile(profile);
    }
    if (p.error) {
      if (round === 0) console.log(`${file.slice(-44).padEnd(44)}  skipped: ${p.error}`);
      continue;
    }
    // Round 0 warms the JIT (and pdf.js's caches of fonts and CMaps) for both sides.
    if (round === 0 && rounds > 1) continue;
    total.floor.wall += f.wall;
    total.floor.cpu += f.cpu;
    total.pipe.wall += p.wall;
    total.pipe.cpu += p.cpu;
    total.pages += p.pages;
    perFile.push({ file, pages: p.pages, floor: f.cpu, pipe: p.cpu });
  }
}

const fmt = (x: number): string => x.toFixed(4);
console.log('file                                          pages  floor CPU s/pg  tessera CPU s/pg  ratio');
const byFile = new Map<string, { pages: number; floor: number; pipe: number }>();
for (const r of perFile) {
  const acc = byFile.get(r.file) ?? { pages: 0, floor: 0, pipe: 0 };
  byFile.set(r.file, { pages: acc.pages + r.pages, floor: acc.floor + r.floor, pipe: acc.pipe + r.pipe });
}
for (const [file, r] of byFile) {
  console.log(`${file.slice(-44).padEnd(44)}  ${String(r.pages / Math.max(1, rounds - 1)).padStart(5)}  ${fmt(r.floor / r.pages).padStart(13)}  ${fmt(r.pipe / r.pages).padStart(16)}  ${(r.pipe / r.floor).toFixed(2).padStart(5)}`);
}
const n = Math.max(1, total.pages);
console.log(`\n${total.pages} pages (${rounds > 1 ? `${rounds - 1} measured round(s) after a warm-up round` : 'one cold round'}), options ${optionsJson}, ${values.polyfilled ? "pdf.js's polyfilled built-ins" : 'native built-ins'}`);
console.log(`  floor (pdf.js open + operator list + text):  wall ${fmt(total.floor.wall / n)} s/page, CPU ${fmt(total.floor.cpu / n)} s/page`);
console.log(`  tessera pipeline (open .. render):           wall ${fmt(total.pipe.wall / n)} s/page, CPU ${fmt(total.pipe.cpu / n)} s/page`);
console.log(`  ratio to floor: wall ${(total.pipe.wall / total.floor.wall).toFixed(2)}x, CPU ${(total.pipe.cpu / total.floor.cpu).toFixed(2)}x`);
console.log('  per stage (wall s/page):');
for (const [stage, s] of Object.entries(stages)) console.log(`    ${stage.padEnd(8)} ${fmt(s / n)}`);
if (profileTop) {
  console.log(`\nProfile of the pipeline runs (${sampled.toFixed(2)} s sampled), self time by folder:`);
  for (const [k, v] of [...folders].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${((100 * v) / sampled).toFixed(1).padStart(5)}%  ${k}`);
  console.log(`Top ${profileTop} functions by self time:`);
  for (const [k, v] of [...samples].sort((a, b) => b[1] - a[1]).slice(0, profileTop)) console.log(`  ${((100 * v) / sampled).toFixed(1).padStart(5)}%  ${k}`);
}
session.disconnect();
