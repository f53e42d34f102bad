// One measurement in a fresh process (so that peak memory belongs to that run alone):
//   tsx bench/measure.ts floor|pipeline FILE [OPTIONS_JSON]
// prints JSON { pages, perPage: seconds[], cpuPerPage: seconds[], stages: {stage: seconds}, maxRssMiB, error? }.
// CPU seconds are the whole process's (every thread: pdf.js, OCR workers): on a machine shared
// with other work they vary much less than the wall-clock seconds.
import { readFileSync } from 'node:fs';
import { installNodePdfEnvironment, nodeNativePdfjsLoader } from '../src/cli/node-raster.ts';
import { installNodeOcr } from '../src/cli/ocr-node.ts';
import { partition, type Stage } from '../src/core/index.ts';
import { setPdfjsLoader } from '../src/core/pdf/index.ts';

installNodePdfEnvironment();
// pdf.js loaded once, as the CLI loads it (native built-ins back), for the floor and the engine alike.
const pdfjs = await nodeNativePdfjsLoader();
setPdfjsLoader(async () => pdfjs);
const { getDocument } = pdfjs.lib;
// Scans are OCR'd; TESSERA_OCR_ENGINE (run.ts --ocr-engine) picks the engine; run.ts --no-ocr: none.
if (process.env.TESSERA_BENCH_NO_OCR !== '1') installNodeOcr();

const [mode, file, optionsJson = '{}'] = process.argv.slice(2);
if ((mode !== 'floor' && mode !== 'pipeline') || !file) {
  console.error('usage: tsx bench/measure.ts floor|pipeline FILE');
  process.exit(2);
}
const bytes = new Uint8Array(readFileSync(file));

/** The floor: pdf.js alone opening the file and reading each page's text and operator list. */
async function floor() {
  const perPage: number[] = [];
  const t0 = performance.now();
  const doc = await getDocument({ data: bytes.slice(), verbosity: 0, ...pdfjs.params }).promise;
  const open = (performance.now() - t0) / 1000;
  for (let n = 1; n <= doc.numPages; n++) {
    const t = performance.now();
    const page = await doc.getPage(n);
    await page.getTextContent();
    await page.getOperatorList();
    page.cleanup();
    perPage.push((performance.now() - t) / 1000);
  }
  await doc.destroy();
  return { pages: doc.numPages, perPage, stages: { open } as Record<string, number> };
}

const cpuSeconds = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

async function pipeline() {
  const perPage: number[] = [];
  const cpuPerPage: number[] = [];
  const stages: Record<string, number> = {};
  let last = performance.now();
  let lastCpu = cpuSeconds();
  const response = await partition({
    file: bytes,
    options: optionsJson,
    onEvent: (e) => {
      if (e.kind === 'stage') stages[e.stage as Stage] = (stages[e.stage] ?? 0) + e.ms / 1000;
      if (e.kind === 'start') {
        last = performance.now();
        lastCpu = cpuSeconds();
      }
      if (e.kind === 'page') {
        const now = performance.now();
        const cpu = cpuSeconds();
        perPage.push((now - last) / 1000);
        cpuPerPage.push(cpu - lastCpu);
        last = now;
        lastCpu = cpu;
      }
    },
  });
  return { pages: perPage.length, perPage, cpuPerPage, stages, error: response.status_code === 200 ? undefined : response.error };
}

const result = await (mode === 'floor' ? floor() : pipeline()).catch((err: Error) => ({
  pages: 0,
  perPage: [],
  stages: {},
  error: err.message,
}));
process.stdout.write(JSON.stringify({ ...result, maxRssMiB: process.resourceUsage().maxRSS / 1024 }) + '\n');
