// pdf.js in the engine worker: the modern build, its worker module served from our own origin and
// run as pdf.js's in-thread "fake worker"; fonts, CMaps and wasm decoders from /pdfjs/ (copied out
// of pdfjs-dist by vite.config.ts). Nothing is fetched from anywhere else.
import * as pdfjs from 'pdfjs-dist';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.mjs?url';
import { installWorkerPdfEnvironment } from './raster.ts';

export function setupPdfjs(): void {
  pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
  installWorkerPdfEnvironment(async () => pdfjs, { dataBaseUrl: new URL(`${import.meta.env.BASE_URL}pdfjs/`, self.location.href).href });
}
