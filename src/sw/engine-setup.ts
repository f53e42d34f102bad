/// <reference lib="webworker" />
// The engine inside the service worker. A service worker may not use import(), so pdf.js's worker
// code is imported statically: it registers itself as globalThis.pdfjsWorker, and pdf.js then runs
// it in this thread (its "fake worker") instead of loading it by URL. pdf.js's data files (fonts,
// CMaps, wasm, OCR data) are read cache-first, because a service worker's own fetch() bypasses its
// cache; what is not cached yet is cached on first use.
import * as pdfjs from 'pdfjs-dist';
import 'pdfjs-dist/build/pdf.worker.mjs';
import { installWorkerPdfEnvironment } from '../worker/raster.ts';
import { installServiceWorkerTokenizers } from './tokenizer-source.ts';

declare const self: ServiceWorkerGlobalScope;

let installed = false;

export function setupEngine(cacheName: string): void {
  if (installed) return;
  installed = true;
  const network = self.fetch.bind(self);
  const origin = self.location.origin;
  self.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href);
    if (url.origin !== origin || (init?.method ?? 'GET') !== 'GET') return network(input, init);
    const cache = await caches.open(cacheName);
    const cached = await cache.match(url.href, { ignoreSearch: true, ignoreVary: true }); // see MATCH in sw.ts
    if (cached) return cached;
    const res = await network(input, init);
    if (res.ok) await cache.put(url.href, res.clone()); // lazily cached data (e.g. OCR languages)
    return res;
  };
  // Never used while globalThis.pdfjsWorker is set, but pdf.js insists on a value.
  pdfjs.GlobalWorkerOptions.workerSrc = new URL('sw.js', self.registration.scope).href;
  installWorkerPdfEnvironment(async () => pdfjs, { dataBaseUrl: new URL('pdfjs/', self.registration.scope).href });
  installServiceWorkerTokenizers();
}
