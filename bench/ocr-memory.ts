// A long scan through the whole pipeline, in this process: speed per page and memory after every
// page, to see whether memory grows with the number of pages (it must not).
//   npx tsx bench/ocr-memory.ts [--pages 100] [--dpi 200] [--engine tesseract|ppocr] [--every 10] [--csv FILE] [--save FILE.pdf]
// (--save also writes the scan, e.g. for `npm run bench -- FILE.pdf`.)
// Builds a scanned PDF (bench/scan-pdf.ts: printed text pages, one 8-bit gray image per page at
// --dpi), partitions it with default options and prints, every --every pages: seconds, CPU seconds
// (all threads: pdf.js, OCR workers) and RSS / JS heap / external memory after a full GC. Then the
// growth per page of each over the second half of the run (a least-squares slope: warm-up and
// first-use caches are over by then), character accuracy against the pages' text, and the OCR
// workers still running after releaseOcrEngines() (must be 0).
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { installNodeOcr } from '../src/cli/ocr-node.ts';
import { partition } from '../src/core/index.ts';
import { liveOcrWorkers, releaseOcrEngines, setPreferredOcrEngine } from '../src/core/ocr/index.ts';
import { indelSimilarity } from '../eval/text-metrics.ts';
import { buildScanPdf } from '../test/ocr/scan-pdf.ts';

const { values } = parseArgs({
  options: { pages: { type: 'string' }, dpi: { type: 'string' }, engine: { type: 'string' }, every: { type: 'string' }, csv: { type: 'string' }, save: { type: 'string' } },
});
const pages = Number(values.pages ?? 100);
const dpi = Number(values.dpi ?? 200);
const every = Math.max(1, Number(values.every ?? 10));

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MiB = 1024 * 1024;

installNodePdfEnvironment();
installNodeOcr();
if (values.engine) setPreferredOcrEngine(values.engine);

console.log(`Building a ${pages}-page scan at ${dpi} dpi ...`);
const scan = await buildScanPdf(pages, dpi);
if (values.save) writeFileSync(values.save, scan.bytes);
console.log(`${(scan.bytes.length / MiB).toFixed(1)} MiB; engine ${values.engine ?? 'tesseract (default)'}; ${v8.getHeapStatistics().heap_size_limit / MiB} MiB heap limit`);

interface Sample {
  page: number;
  seconds: number;
  cpu: number;
  rss: number;
  heap: number;
  external: number;
}
const samples: Sample[] = [];
const pageText = new Map<number, string>();
gc();
const base = process.memoryUsage();
let last = performance.now();
let lastCpu = process.cpuUsage();
const t0 = performance.now();
const response = await partition({
  file: scan.bytes,
  onEvent: (e) => {
    if (e.kind !== 'page') return;
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    pageText.set(e.pageNumber, e.elements.map((el) => el.text_representation).join('\n'));
    gc();
    const m = process.memoryUsage();
    samples.push({
      page: e.pageNumber,
      seconds: (now - last) / 1000,
      cpu: (cpu.user + cpu.system) / 1e6,
      rss: m.rss / MiB,
      heap: m.heapUsed / MiB,
      external: (m.external + m.arrayBuffers) / MiB,
    });
    // Time spent in the GC above is not the page's.
    last = performance.now();
    lastCpu = process.cpuUsage();
  },
});
const total = (performance.now() - t0) / 1000;
if (response.status_code !== 200) {
  console.error(`partition failed: ${response.error}`);
  process.exit(1);
}
await releaseOcrEngines();

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
const sims = [...pageText].map(([n, text]) => indelSimilarity(norm(text), norm(scan.texts[n - 1]!)));

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return den ? num / den : 0;
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

console.log(`\nbefore: RSS ${(base.rss / MiB).toFixed(0)} MiB, heap ${(base.heapUsed / MiB).toFixed(0)} MiB`);
console.log('page   s/page  cpu s  RSS MiB  heap MiB  external MiB');
for (const s of samples) {
  if (s.page !== 1 && s.page % every !== 0 && s.page !== samples.length) continue;
  console.log(
    `${String(s.page).padStart(4)}  ${s.seconds.toFixed(2).padStart(7)}  ${s.cpu.toFixed(2).padStart(5)}  ${s.rss.toFixed(0).padStart(7)}  ${s.heap.toFixed(1).padStart(8)}  ${s.external.toFixed(1).padStart(12)}`,
  );
}
const half = samples.slice(Math.floor(samples.length / 2));
const xs = half.map((s) => s.page);
const growth = { rss: slope(xs, half.map((s) => s.rss)), heap: slope(xs, half.map((s) => s.heap)), external: slope(xs, half.map((s) => s.external)) };
console.log(`\n${samples.length} pages in ${total.toFixed(1)} s: median ${median(samples.map((s) => s.seconds)).toFixed(2)} s/page, mean ${(total / samples.length).toFixed(2)} s/page, CPU (all threads) ${(samples.reduce((a, s) => a + s.cpu, 0) / samples.length).toFixed(2)} s/page`);
console.log(`peak RSS ${Math.max(...samples.map((s) => s.rss)).toFixed(0)} MiB; max RSS (getrusage) ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
console.log(
  `growth per page over pages ${xs[0]}-${xs[xs.length - 1]}: RSS ${growth.rss.toFixed(3)} MiB, heap ${growth.heap.toFixed(3)} MiB, external ${growth.external.toFixed(3)} MiB`,
);
// Flat: the JS heap grows under 0.1 MiB a page (10 MiB over 100 pages), buffers and RSS under
// 0.5 MiB a page (one page's raster is ~15 MiB; buffers in flight make a saw-tooth).
const flat = growth.heap < 0.1 && growth.external < 0.5 && growth.rss < 0.5;
console.log(`memory: ${flat ? 'FLAT' : 'GROWS'} (limits per page: heap < 0.1 MiB, external and RSS < 0.5 MiB)`);
console.log(`accuracy: mean character similarity ${(sims.reduce((a, b) => a + b, 0) / sims.length).toFixed(3)}, min ${Math.min(...sims).toFixed(3)}`);
console.log(`OCR workers running after release: ${liveOcrWorkers()}`);
if (values.csv) {
  writeFileSync(values.csv, 'page,seconds,cpu,rss_mib,heap_mib,external_mib\n' + samples.map((s) => `${s.page},${s.seconds},${s.cpu},${s.rss},${s.heap},${s.external}`).join('\n') + '\n');
}
