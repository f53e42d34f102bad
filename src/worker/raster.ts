// The Web Worker's half of the pdf adapter's environment hooks. A dedicated worker has no DOM, so
// pdf.js must not touch `document`: it gets an OffscreenCanvas canvas factory, a no-op filter
// factory, a fetch()-based loader for its data files, and disableFontFace (glyphs are drawn as
// paths, no FontFace objects). pdf.js itself notices that `window` is missing and runs its "fake
// worker" (the pdf.worker module imported into this same thread), so no nested worker is spawned.
//
// Use from the engine worker, once, before the first openDocument:
//
//   import * as pdfjs from 'pdfjs-dist/build/pdf.mjs';
//   import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.mjs?url';
//   pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
//   installWorkerPdfEnvironment(async () => pdfjs, { dataBaseUrl: new URL('/pdfjs/', self.location.href).href });
//
// where `<dataBaseUrl>standard_fonts/`, `cmaps/` and `wasm/` serve the matching folders of
// pdfjs-dist (copy them to public/pdfjs/). Without them text extraction still works, but
// non-embedded fonts render with a fallback and CID fonts without embedded CMaps lose their text.
import {
  setPdfjsLoader,
  setRasterBackend,
  type PdfjsEnvironment,
  type PdfjsLib,
  type PdfjsLoader,
  type RasterBackend,
  type RasterImage,
} from '../core/pdf/index.ts';

export const workerRasterBackend: RasterBackend = {
  async decodeImage(bytes: Uint8Array, mime: 'image/png' | 'image/jpeg', width: number, height: number): Promise<RasterImage> {
    const copy = new Uint8Array(bytes); // a Blob needs an ArrayBuffer-backed view
    // 'none': the page size comes from the header's pixel size, so ignore EXIF orientation here too.
    const bitmap = await createImageBitmap(new Blob([copy], { type: mime }), { imageOrientation: 'none' });
    try {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      if (!ctx) throw new Error('no 2d context on OffscreenCanvas');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, width, height);
      const img = ctx.getImageData(0, 0, width, height);
      return { width, height, data: img.data };
    } finally {
      bitmap.close();
    }
  },
};

interface CanvasAndContext {
  canvas: OffscreenCanvas | null;
  context: OffscreenCanvasRenderingContext2D | null;
}

/** pdf.js CanvasFactory (same shape as its BaseCanvasFactory) backed by OffscreenCanvas. */
export class OffscreenCanvasFactory {
  readonly #enableHWA: boolean;
  constructor({ enableHWA = false }: { enableHWA?: boolean } = {}) {
    this.#enableHWA = enableHWA;
  }
  create(width: number, height: number): CanvasAndContext {
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: !this.#enableHWA });
    if (!context) throw new Error('no 2d context on OffscreenCanvas');
    return { canvas, context };
  }
  reset(cc: CanvasAndContext, width: number, height: number): void {
    if (!cc.canvas) throw new Error('Canvas is not specified');
    if (width <= 0 || height <= 0) throw new Error('Invalid canvas size');
    cc.canvas.width = width;
    cc.canvas.height = height;
  }
  destroy(cc: CanvasAndContext): void {
    if (!cc.canvas) throw new Error('Canvas is not specified');
    cc.canvas.width = 0;
    cc.canvas.height = 0;
    cc.canvas = null;
    cc.context = null;
  }
}

/** pdf.js FilterFactory that never builds SVG filters (those need the DOM): transfer maps are ignored. */
export class NoopFilterFactory {
  addFilter(): string {
    return 'none';
  }
  addHCMFilter(): string {
    return 'none';
  }
  addAlphaFilter(): string {
    return 'none';
  }
  addLuminosityFilter(): string {
    return 'none';
  }
  addHighlightHCMFilter(): string {
    return 'none';
  }
  destroy(): void {}
}

type DataKind = 'cMapUrl' | 'standardFontDataUrl' | 'wasmUrl';

/** pdf.js BinaryDataFactory on fetch() (its DOM one reads document.baseURI, absent in a worker). */
export class FetchBinaryDataFactory {
  readonly #urls: Record<DataKind, string | null>;
  constructor({ cMapUrl = null, standardFontDataUrl = null, wasmUrl = null }: Partial<Record<DataKind, string | null>> = {}) {
    this.#urls = { cMapUrl, standardFontDataUrl, wasmUrl };
  }
  async fetch({ kind, filename }: { kind: DataKind; filename: string }): Promise<Uint8Array> {
    const base = this.#urls[kind];
    if (!base) throw new Error(`Ensure that the \`${kind}\` API parameter is provided.`);
    const res = await fetch(`${base}${filename}`);
    if (!res.ok) throw new Error(`Unable to load ${kind} data at: ${base}${filename} (${res.status})`);
    return new Uint8Array(await res.arrayBuffer());
  }
}

export interface WorkerPdfjsOptions {
  /** Absolute URL (trailing slash) under which standard_fonts/, cmaps/ and wasm/ are served. */
  dataBaseUrl?: string;
}

/** getDocument() parameters that keep pdf.js away from the DOM. */
export function workerPdfjsParams(opts: WorkerPdfjsOptions = {}): Record<string, unknown> {
  const base = opts.dataBaseUrl;
  const urls = base
    ? { standardFontDataUrl: `${base}standard_fonts/`, cMapUrl: `${base}cmaps/`, wasmUrl: `${base}wasm/` }
    : {};
  return {
    ...urls,
    cMapPacked: true,
    CanvasFactory: OffscreenCanvasFactory,
    FilterFactory: NoopFilterFactory,
    BinaryDataFactory: FetchBinaryDataFactory,
    useWorkerFetch: false, // its default probes document.baseURI
    disableFontFace: true,
    useSystemFonts: false,
    isOffscreenCanvasSupported: true,
  };
}

/** A pdf.js loader for the engine worker; `load` returns the pdfjs-dist module namespace. */
export function workerPdfjsLoader(load: () => Promise<unknown>, opts: WorkerPdfjsOptions = {}): PdfjsLoader {
  return async (): Promise<PdfjsEnvironment> => ({ lib: (await load()) as PdfjsLib, params: workerPdfjsParams(opts) });
}

/** Install both hooks for this worker. */
export function installWorkerPdfEnvironment(load: () => Promise<unknown>, opts: WorkerPdfjsOptions = {}): void {
  setPdfjsLoader(workerPdfjsLoader(load, opts));
  setRasterBackend(workerRasterBackend);
}
