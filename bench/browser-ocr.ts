// OCR speed in Chromium: the production app, its engine Web Worker and its OCR (tesseract.js in
// nested workers, or PP-OCR on onnxruntime-web), on an N-page scanned PDF at 200 dpi.
//   npx tsx bench/browser-ocr.ts [--pages 10] [--dpi 200] [--engine tesseract|ppocr|tesseract,ppocr]
//                                [--pdf FILE.pdf] [--save FILE.pdf] [--port 4307] [--build DIR] [--keep-build] [--text-out FILE.json]
// (npm run bench:browser -- ... is the same. --build DIR reuses DIR if it holds a build, else builds
// into it and keeps it: rebuild after changing src/. --text-out writes each page's text per engine.)
// Builds the app (`vite build`, into a temporary folder unless --build names an existing one),
// serves it with the COOP/COEP headers of vite.config.ts (`vite preview`, in this process), starts
// Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with playwright.config.ts's flags,
// waits for the app's service worker to finish precaching (so that it does not compete with the
// run), drops the PDF onto the file input as e2e/ocr.spec.ts does and presses Partition. The engine
// worker's own messages are timed in the page (the Worker constructor is wrapped before the app
// loads): start, each page, the result. Reports seconds per page from the first page event to the
// result, the total, which OCR engine each page went through (its status lines name it) and, for a
// generated scan, character accuracy against the pages' text. The same file in Node:
//   npx tsx bench/ocr-memory.ts --pages 10   (or `npm run bench -- FILE.pdf` on a --save'd scan)
// Exits 1 when a run fails, when pages were not OCR'd with the engine asked for, or when the page
// asked for anything off its own origin. Browser, server and temporary build are closed/removed on
// every path out, failures and Ctrl-C included.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from '@playwright/test';
import { preview, type PreviewServer } from 'vite';
import { indelSimilarity } from '../eval/text-metrics.ts';
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { buildScanPdf } from '../test/ocr/scan-pdf.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    dpi: { type: 'string' },
    engine: { type: 'string' },
    pdf: { type: 'string' },
    save: { type: 'string' },
    port: { type: 'string' },
    build: { type: 'string' },
    'keep-build': { type: 'boolean' },
    'text-out': { type: 'string' },
  },
});
const pages = Number(values.pages ?? 10);
const dpi = Number(values.dpi ?? 200);
const port = Number(values.port ?? 4307);
const engines = (values.engine ?? 'tesseract').split(',').map((e) => e.trim());
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of playwright.config.ts.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];
/**
 * The app has no engine switch (src/worker/ocr-browser.ts: PP-OCR is chosen by language, the
 * default for Chinese), so each engine is reached through the options, as e2e/ocr.spec.ts does.
 */
const ENGINE_OPTIONS: Record<string, object> = { tesseract: {}, ppocr: { ocr_language: 'english+chinese' } };

for (const e of engines) if (!(e in ENGINE_OPTIONS)) usage(`unknown --engine ${e}`);
if (!Number.isInteger(pages) || pages < 1) usage('--pages must be a positive integer');
if (!Number.isFinite(dpi) || dpi < 50) usage('--dpi must be a number >= 50');
if (!Number.isInteger(port) || port < 1 || port > 65535) usage('--port must be a port number');
if (!existsSync(CHROMIUM)) usage(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);

function usage(message: string): never {
  console.error(`${message}\nusage: npx tsx bench/browser-ocr.ts [--pages 10] [--dpi 200] [--engine tesseract|ppocr|tesseract,ppocr] [--pdf FILE] [--save FILE] [--port 4307] [--build DIR] [--keep-build] [--text-out FILE.json]`);
  process.exit(2);
}

const root = resolve(import.meta.dirname, '..');
const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');

// Everything to close on the way out, whichever way that is.
let browser: Browser | undefined;
let server: PreviewServer | undefined;
let tmpBuild: string | undefined;
async function cleanUp(): Promise<void> {
  await browser?.close().catch((err: Error) => console.error(`closing Chromium: ${err.message}`));
  browser = undefined;
  await server?.close().catch((err: Error) => console.error(`closing the server: ${err.message}`));
  server = undefined;
  if (tmpBuild && !values['keep-build']) rmSync(tmpBuild, { recursive: true, force: true });
  tmpBuild = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: closing the browser and the server`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** `vite build` in a child process, as playwright.config.ts's webServer does. */
function buildApp(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', fail);
    child.on('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`vite build failed (${signal ?? `exit ${code}`})`))));
  });
}

/** Timing of the engine worker's messages, recorded in the page (see the top of the file). */
interface Recorded {
  start?: number;
  pages: Array<{ page: number; t: number; text: string }>;
  stages: Record<string, number>;
  status: string[];
  result?: { t: number; statusCode: number; error?: string; status: string[] };
  /** Text of the assembled elements (the app's output) by page number. */
  pageTexts?: Record<number, string>;
}
// A string, not a function: tsx's transform could add helpers the page does not have.
const RECORDER = `(() => {
  const rec = { pages: [], stages: {}, status: [] };
  window.__tesseraBench = rec;
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', (e) => {
        const d = e.data;
        if (!d || d.channel !== 'tessera-engine') return;
        const t = performance.now();
        if (d.type === 'event') {
          const ev = d.event;
          if (ev.kind === 'start') rec.start = t;
          else if (ev.kind === 'page') rec.pages.push({ page: ev.pageNumber, t, text: ev.elements.map((el) => el.text_representation || '').join('\\n') });
          else if (ev.kind === 'stage') rec.stages[ev.stage] = (rec.stages[ev.stage] || 0) + ev.ms / 1000;
          else if (ev.kind === 'status') rec.status.push(ev.line);
        } else if (d.type === 'result') {
          const r = d.response;
          rec.result = { t, statusCode: r.status_code, error: r.error, status: r.status || [] };
        } else if (d.type === 'assembled') {
          // What the user gets: the app runs the pages at threshold 0 (every candidate, overlapping
          // ones too) and then assembles the elements kept at the user's threshold.
          const texts = {};
          for (const el of d.assembled.elements) {
            const n = el.properties && el.properties.page_number;
            texts[n] = (texts[n] ? texts[n] + '\\n' : '') + (el.text_representation || '');
          }
          rec.pageTexts = texts;
        }
      });
    }
  };
})();`;

interface Outcome {
  engine: string;
  pages: number;
  firstPage: number;
  total: number;
  steady: number;
  mean: number;
  median: number;
  stages: Record<string, number>;
  enginesSeen: Map<string, number>;
  similarity?: { mean: number; min: number; of: string };
  texts: string[];
  problems: string[];
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

async function runOnce(page: Page, engine: string, pdf: Uint8Array, texts: string[] | undefined): Promise<Outcome> {
  const offOrigin: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['blob:', 'data:'].includes(url.protocol) && url.host !== `127.0.0.1:${port}`) offOrigin.push(r.url());
  });
  page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  // The service worker precaches ~23 MB on the first visit: let it finish first (a returning user).
  const sw = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return 'no service worker support';
    const ready = navigator.serviceWorker.ready.then(() => 'ready');
    return Promise.race([ready, new Promise<string>((r) => setTimeout(() => r('not ready after 120 s'), 120_000))]);
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Tessera' }).waitFor();
  if (!(await page.evaluate(() => '__tesseraBench' in window))) throw new Error('the timing recorder did not install in the page (see the page errors above)');
  const isolated = await page.evaluate(() => self.crossOriginIsolated);
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  console.log(`  service worker: ${sw}; crossOriginIsolated: ${isolated}; navigator.hardwareConcurrency: ${cores}`);

  await page.getByLabel('Options (JSON)').fill(JSON.stringify(ENGINE_OPTIONS[engine]));
  await page.getByTestId('file-input').setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf) });
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Partition', exact: true }).click();
  // Generous: a loaded machine, and PP-OCR's first page loads two models.
  const timeout = 120_000 + pages * 30_000;
  await page.waitForFunction(() => (window as unknown as { __tesseraBench: Recorded }).__tesseraBench.result !== undefined, undefined, { timeout, polling: 250 });
  // The app's output follows the engine's result (timed above): wait for it, for the accuracy.
  const assembled = await page
    .waitForFunction(() => (window as unknown as { __tesseraBench: Recorded }).__tesseraBench.pageTexts !== undefined, undefined, { timeout: 60_000, polling: 250 })
    .then(() => true)
    .catch((err: Error) => (console.log(`  no assembled output: ${err.message.split('\n')[0]}`), false));
  const rec = await page.evaluate(() => (window as unknown as { __tesseraBench: Recorded }).__tesseraBench);
  const runState = await page.getByTestId('run-state').innerText().catch(() => '');

  const problems: string[] = [];
  const result = rec.result!;
  if (result.statusCode !== 200) problems.push(`the run failed: status ${result.statusCode} ${result.error ?? ''} (${runState})`);
  if (rec.pages.length !== pages) problems.push(`${rec.pages.length} page events for ${pages} pages`);
  if (offOrigin.length) problems.push(`requests off the app's origin: ${[...new Set(offOrigin)].slice(0, 5).join(', ')}`);
  // "T+   4.20: OCR on page 3 (no text layer; tesseract, eng): 14 lines"
  const enginesSeen = new Map<string, number>();
  for (const line of result.status.length ? result.status : rec.status) {
    const m = /OCR on page \d+ \([^;]*; (\w+),/.exec(line);
    if (m) enginesSeen.set(m[1]!, (enginesSeen.get(m[1]!) ?? 0) + 1);
  }
  if ((enginesSeen.get(engine) ?? 0) !== pages) {
    problems.push(`expected ${pages} pages OCR'd by ${engine}, the status lines say: ${[...enginesSeen].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}`);
  }

  const times = [rec.start ?? clicked, ...rec.pages.map((p) => p.t)];
  const perPage = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
  const first = rec.pages[0]?.t ?? result.t;
  const total = (result.t - clicked) / 1000;
  let similarity: Outcome['similarity'];
  const pageText = (p: { page: number; text: string }): string => rec.pageTexts?.[p.page] ?? p.text;
  if (texts && rec.pages.length) {
    const sims = rec.pages.map((p) => indelSimilarity(norm(pageText(p)), norm(texts[p.page - 1] ?? '')));
    similarity = { mean: sims.reduce((a, b) => a + b, 0) / sims.length, min: Math.min(...sims), of: assembled ? 'the app output' : 'every candidate' };
  }
  return {
    engine,
    pages: rec.pages.length,
    firstPage: (first - clicked) / 1000,
    total,
    steady: rec.pages.length > 1 ? (result.t - first) / 1000 / (rec.pages.length - 1) : NaN,
    mean: total / Math.max(1, rec.pages.length),
    median: median(perPage),
    stages: rec.stages,
    enginesSeen,
    similarity,
    texts: rec.pages.map(pageText),
    problems,
  };
}

async function main(): Promise<number> {
  let pdf: Uint8Array;
  let texts: string[] | undefined;
  if (values.pdf) {
    pdf = new Uint8Array(readFileSync(values.pdf));
    console.log(`Scan: ${values.pdf} (${(pdf.length / 2 ** 20).toFixed(1)} MiB; --pages ${pages} is the page count expected)`);
  } else {
    installNodePdfEnvironment();
    console.log(`Building a ${pages}-page scan at ${dpi} dpi (test/ocr/scan-pdf.ts, the same as bench/ocr-memory.ts) ...`);
    const scan = await buildScanPdf(pages, dpi);
    pdf = scan.bytes;
    texts = scan.texts;
    console.log(`  ${(pdf.length / 2 ** 20).toFixed(1)} MiB`);
  }
  if (values.save) writeFileSync(values.save, pdf);

  let outDir = values.build ? resolve(values.build) : undefined;
  if (!outDir || !existsSync(join(outDir, 'index.html'))) {
    outDir ??= tmpBuild = mkdtempSync(join(os.tmpdir(), 'tessera-browser-bench-'));
    console.log(`Building the app into ${outDir} ...`);
    const t = performance.now();
    await buildApp(outDir);
    console.log(`  built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  } else {
    console.log(`Using the build in ${outDir}`);
  }
  server = await preview({ root, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
  const baseURL = `http://127.0.0.1:${port}`;
  const headers = (await fetch(baseURL)).headers;
  console.log(`Serving on ${baseURL} (COOP ${headers.get('cross-origin-opener-policy')}, COEP ${headers.get('cross-origin-embedder-policy')})`);

  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  console.log(`Chromium ${browser.version()} (${CHROMIUM}); ${os.availableParallelism()} cores; load average ${load()}`);

  const outcomes: Outcome[] = [];
  for (const engine of engines) {
    // A fresh profile per engine: no cached models or compiled wasm from the run before.
    const context = await browser.newContext({ baseURL });
    try {
      await context.addInitScript({ content: RECORDER });
      const page = await context.newPage();
      console.log(`\n${engine}: ${JSON.stringify(ENGINE_OPTIONS[engine])}`);
      const o = await runOnce(page, engine, pdf, texts);
      outcomes.push(o);
      const stages = Object.entries(o.stages)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${k} ${(v / Math.max(1, o.pages)).toFixed(2)}`)
        .join(', ');
      console.log(`  ${o.pages} pages in ${o.total.toFixed(1)} s (click to result); first page after ${o.firstPage.toFixed(1)} s`);
      console.log(`  s/page: ${o.steady.toFixed(2)} from the first page event to done, ${o.mean.toFixed(2)} mean over the total, ${o.median.toFixed(2)} median`);
      console.log(`  stage seconds per page (engine worker): ${stages}`);
      console.log(`  OCR engine (status lines): ${[...o.enginesSeen].map(([k, v]) => `${k} on ${v} pages`).join(', ') || 'none'}`);
      if (o.similarity) console.log(`  accuracy (${o.similarity.of}): mean character similarity ${o.similarity.mean.toFixed(3)}, min ${o.similarity.min.toFixed(3)}`);
      for (const p of o.problems) console.log(`  PROBLEM: ${p}`);
    } finally {
      await context.close();
    }
  }

  if (values['text-out']) writeFileSync(values['text-out'], JSON.stringify(Object.fromEntries(outcomes.map((o) => [o.engine, o.texts])), null, 1));
  console.log(`\nload average after: ${load()}`);
  console.log('engine      pages  total s  first page s  s/page (first page -> done)  mean s/page  accuracy');
  for (const o of outcomes) {
    console.log(
      `${o.engine.padEnd(10)}  ${String(o.pages).padStart(5)}  ${o.total.toFixed(1).padStart(7)}  ${o.firstPage.toFixed(1).padStart(12)}  ${o.steady.toFixed(2).padStart(27)}  ${o.mean.toFixed(2).padStart(11)}  ${o.similarity ? o.similarity.mean.toFixed(3) : '-'}`,
    );
  }
  return outcomes.some((o) => o.problems.length) ? 1 : 0;
}

let code: number;
try {
  console.log(`load average before: ${load()}`);
  code = await main();
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  code = 1;
} finally {
  await cleanUp();
}
process.exit(code);
