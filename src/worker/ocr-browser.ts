// The browser's OCR environment: tesseract.js workers (nested Web Workers of the engine worker)
// whose worker script, wasm core (every SIMD variant; tesseract.js picks the one the browser runs)
// and traineddata are served from the app's own origin under /tesseract/ (copied out of
// node_modules by vite.config.ts). Every path is set explicitly: tesseract.js's defaults are a CDN.
import { createWorker, OEM } from 'tesseract.js';
import { registerOcrEngine, TesseractEngine, type TesseractHost, type TesseractWorkerLike } from '../core/ocr/index.ts';
import { installBrowserPpOcr } from './ocr-ppocr-browser.ts';

declare const self: { location: { href: string }; navigator: { hardwareConcurrency?: number } };

/** Where vite.config.ts puts tesseract's files: worker.min.js, core/, lang/ (LSTM data), osd/. */
export function tesseractBaseUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}tesseract/`, self.location.href).href;
}

async function startWorker(kind: 'text' | 'osd', codes: readonly string[]): Promise<TesseractWorkerLike> {
  const base = tesseractBaseUrl();
  const osd = kind === 'osd';
  const w = await createWorker(osd ? 'osd' : [...codes], osd ? OEM.TESSERACT_ONLY : OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    workerBlobURL: false,
    corePath: `${base}core`,
    langPath: `${base}${osd ? 'osd' : 'lang'}`,
    gzip: true, // the files are the packages' .traineddata.gz
    cacheMethod: 'none', // the HTTP cache (and the app's service worker) already keep them
    ...(osd ? { legacyCore: true, legacyLang: true } : {}),
    errorHandler: () => {}, // failures reject the call that caused them
  });
  return {
    recognize: (image, options, output) => w.recognize(image as never, options, output) as never,
    detect: (image) => w.detect(image as never) as never,
    setParameters: (params) => w.setParameters(params),
    terminate: () => w.terminate(),
  };
}

export const browserTesseractHost: TesseractHost = {
  createWorker: startWorker,
  // One per core, as in Node: the engine worker mostly waits while pages are read, and the OCR stage
  // reads the next page while this one is read (with one worker the two would queue).
  maxWorkers: Math.max(1, Math.min(4, self.navigator.hardwareConcurrency ?? 2)),
};

let installed = false;

/** Register tesseract and PP-OCR (the default for Chinese; an app setting to choose it can come later). */
export function installBrowserOcr(): void {
  if (installed) return;
  installed = true;
  registerOcrEngine(new TesseractEngine(browserTesseractHost));
  installBrowserPpOcr();
}
