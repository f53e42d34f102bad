// npx tsx bench/service-load.ts [--requests 50] [--pages 10] [--jobs 2] [--queue 64] [--retries 20]
//
// The service goal "50 concurrent sync requests of a 10-page PDF: all answered correctly, none
// lost, memory bounded", measured against the real thing: `tessera serve` started as its own
// process (bin/tessera.js), and Node's fetch as the HTTP client. Every request carries a different
// 10-page PDF (its own title on page 1, "Part k" on page k), all sent at once; an answer counts as
// correct only if it is that document's Markdown with all its pages. A 429 (queue full) is retried
// after the server's Retry-After, as a client of the hosted service would; the report says how many
// there were. The server's memory is read from /proc: its peak resident set (VmHWM, which includes
// the engine threads, all in the one process) and its RSS sampled every 100 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildPdf } from '../test/fixtures/build-pdf.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '50' },
    pages: { type: 'string', default: '10' },
    jobs: { type: 'string', default: '2' },
    queue: { type: 'string', default: '64' },
    retries: { type: 'string', default: '20' },
  },
});
const REQUESTS = Number(values.requests);
const PAGES = Number(values.pages);
const JOBS = Number(values.jobs);
const QUEUE = Number(values.queue);
const RETRIES = Number(values.retries);
const KEY = 'bench-key';

async function documentPdf(i: number): Promise<Uint8Array> {
  const { bytes } = await buildPdf({
    pages: Array.from({ length: PAGES }, (_, p) => ({
      footer: `${p + 1}`,
      blocks: [
        { kind: 'heading' as const, level: (p === 0 ? 1 : 2) as 1 | 2, text: p === 0 ? `Load Request ${i}` : `Part ${p + 1}` },
        { kind: 'paragraph' as const, text: `Paragraph on page ${p + 1} of request ${i}, long enough to wrap over more than one line of the column.` },
        { kind: 'paragraph' as const, text: `A second paragraph on page ${p + 1}, so that each page has some layout to analyse.` },
      ],
    })),
  });
  return bytes;
}

/** What a correct answer for document i contains: its title and every page's text. */
function wrongness(markdown: unknown, i: number): string | null {
  if (typeof markdown !== 'string') return 'no markdown';
  if (!markdown.includes(`# Load Request ${i}`)) return `title "Load Request ${i}" missing`;
  for (let p = 1; p <= PAGES; p++) if (!markdown.includes(`page ${p} of request ${i}`)) return `page ${p} missing`;
  return null;
}

function rssKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : NaN;
  } catch {
    return NaN; // the process is gone, or this is not Linux: reported as "-"
  }
}

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]! : NaN;
}

async function startServer(dataDir: string): Promise<{ url: string; pid: number; stop: () => Promise<number | null>; log: string[] }> {
  const child = spawn(process.execPath, ['bin/tessera.js', 'serve', '--port', '0', '--data', dataDir, '--jobs', String(JOBS), '--queue', String(QUEUE)], {
    env: { ...process.env, TESSERA_API_KEYS: KEY },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tessera serve did not start in 60 s:\n${log.join('')}`)), 60_000);
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      log.push(text);
      const m = /listening on (http:\/\/\S+)/.exec(log.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tessera serve exited (code ${code}) before listening:\n${log.join('')}`));
    });
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    url,
    pid: child.pid!,
    log,
    stop: async () => {
      child.kill('SIGTERM');
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000));
      if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
      return exited;
    },
  };
}

interface Outcome {
  i: number;
  status: number;
  statusCode: number | undefined;
  problem: string | null;
  tries429: number;
  seconds: number;
  statusLines: number;
}

async function request(url: string, i: number, pdf: Uint8Array): Promise<Outcome> {
  const start = performance.now();
  let tries429 = 0;
  for (;;) {
    const form = new FormData();
    form.append('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), `load-${i}.pdf`);
    form.append('options', JSON.stringify({ output_format: 'markdown' }));
    let res: Response;
    try {
      res = await fetch(`${url}/v1/document/partition`, { method: 'POST', body: form, headers: { authorization: `Bearer ${KEY}` } });
    } catch (err) {
      return { i, status: 0, statusCode: undefined, problem: `connection failed: ${(err as Error).message}`, tries429, seconds: (performance.now() - start) / 1000, statusLines: 0 };
    }
    if (res.status === 429 && tries429 < RETRIES) {
      tries429++;
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      continue;
    }
    const text = await res.text();
    const seconds = (performance.now() - start) / 1000;
    let body: { status_code?: number; markdown?: unknown; status?: string[]; error?: string; detail?: string };
    try {
      body = JSON.parse(text);
    } catch {
      return { i, status: res.status, statusCode: undefined, problem: `body is not JSON: ${text.slice(0, 200)}`, tries429, seconds, statusLines: 0 };
    }
    const problem = res.status !== 200 ? `HTTP ${res.status}: ${body.detail ?? text.slice(0, 200)}` : body.status_code !== 200 ? `status_code ${body.status_code}: ${body.error}` : wrongness(body.markdown, i);
    return { i, status: res.status, statusCode: body.status_code, problem, tries429, seconds, statusLines: body.status?.length ?? 0 };
  }
}

async function main(): Promise<void> {
  console.log(`service load: ${REQUESTS} concurrent sync requests, ${PAGES}-page PDFs, tessera serve --jobs ${JOBS} --queue ${QUEUE}`);
  const pdfs = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => documentPdf(i)));
  console.log(`  inputs: ${REQUESTS} distinct PDFs of ${(pdfs[0]!.byteLength / 1024).toFixed(1)} KiB each`);
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-load-'));
  const server = await startServer(dataDir);
  let sampledPeak = 0;
  const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, rssKiB(server.pid, 'VmRSS') || 0)), 100);
  try {
    // A warm-up request first, so that the idle figure includes loaded engine threads.
    const warm = await request(server.url, 0, pdfs[0]!);
    if (warm.problem) throw new Error(`warm-up request failed: ${warm.problem}`);
    const idleKiB = rssKiB(server.pid, 'VmRSS');

    const start = performance.now();
    const outcomes = await Promise.all(pdfs.map((pdf, i) => request(server.url, i, pdf)));
    const wall = (performance.now() - start) / 1000;
    const peakKiB = rssKiB(server.pid, 'VmHWM');
    clearInterval(sampler);

    const failed = outcomes.filter((o) => o.problem);
    const correct = outcomes.length - failed.length;
    const retried = outcomes.filter((o) => o.tries429 > 0);
    const lat = outcomes.map((o) => o.seconds);
    const mib = (k: number) => (Number.isFinite(k) ? `${(k / 1024).toFixed(0)} MiB` : '-');
    console.log(`  answered correctly: ${correct}/${REQUESTS}; lost or wrong: ${failed.length}`);
    console.log(`  429 (queue full) then retried: ${retried.length} requests, ${retried.reduce((s, o) => s + o.tries429, 0)} retries in all`);
    console.log(`  wall ${wall.toFixed(1)} s for ${REQUESTS * PAGES} pages (${((REQUESTS * PAGES) / wall).toFixed(1)} pages/s)`);
    console.log(`  latency per request: median ${quantile(lat, 0.5).toFixed(1)} s, p90 ${quantile(lat, 0.9).toFixed(1)} s, max ${Math.max(...lat).toFixed(1)} s`);
    console.log(`  status lines per response: min ${Math.min(...outcomes.map((o) => o.statusLines))}`);
    console.log(`  server RSS: ${mib(idleKiB)} after warm-up, peak ${mib(peakKiB)} (VmHWM; sampled peak ${mib(sampledPeak)})`);
    for (const o of failed.slice(0, 10)) console.log(`    request ${o.i}: ${o.problem}`);
    process.exitCode = failed.length ? 1 : 0;
  } finally {
    clearInterval(sampler);
    const code = await server.stop();
    if (code !== 0) console.log(`  server exit code ${code}:\n${server.log.join('').slice(-2000)}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
