// How core gets hold of pdf.js. The only environment-specific part is a loader returning the pdf.js
// module plus extra getDocument() parameters:
//  - default (Node and anything else): dynamic import of the legacy build, which in Node sets up its
//    own fake worker and renders through @napi-rs/canvas (NodeCanvasFactory);
//  - Node with full fidelity (standard fonts, CMaps, wasm decoders): src/cli/node-raster.ts;
//  - the browser Web Worker: src/worker/raster.ts (OffscreenCanvas canvas factory, no DOM).
// pdf.js types stay inside src/core/pdf: this file describes only the few members we use.

/* eslint-disable @typescript-eslint/no-explicit-any */

/** The subset of the pdfjs-dist module namespace Tessera uses. */
export interface PdfjsLib {
  getDocument(params: Record<string, unknown>): PdfjsLoadingTask;
  OPS: Record<string, number>;
  version?: string;
}

export interface PdfjsLoadingTask {
  promise: Promise<PdfjsDocument>;
  destroy(): Promise<void>;
  destroyed?: boolean;
  onPassword?: unknown;
}

export interface PdfjsDocument {
  numPages: number;
  getPage(n: number): Promise<PdfjsPage>;
  destroy(): Promise<void>;
  canvasFactory?: {
    create(w: number, h: number): { canvas: any; context: any };
    destroy(cc: { canvas: any; context: any }): void;
  };
}

export interface PdfjsViewport {
  width: number;
  height: number;
  rotation: number;
  transform: number[];
  viewBox: number[];
}

export interface PdfjsTextItem {
  str: string;
  dir: string;
  width: number;
  height: number;
  transform: number[];
  fontName: string;
  hasEOL: boolean;
}

export interface PdfjsTextContent {
  items: Array<PdfjsTextItem | { type: string }>;
  styles: Record<string, { fontFamily?: string; ascent?: number | null; descent?: number | null; vertical?: boolean }>;
}

export interface PdfjsPage {
  rotate: number;
  view: number[];
  getViewport(p: { scale: number; rotation?: number }): PdfjsViewport;
  getTextContent(p?: Record<string, unknown>): Promise<PdfjsTextContent>;
  getOperatorList(p?: Record<string, unknown>): Promise<{ fnArray: number[]; argsArray: any[] }>;
  render(p: Record<string, unknown>): { promise: Promise<void>; cancel(extraDelay?: number): void };
  cleanup(resetStats?: boolean): boolean;
  commonObjs: PdfjsObjects;
  /** The page's decoded images (after getOperatorList), by the id its paint operation names. */
  objs: PdfjsObjects;
}

/** pdf.js's PDFObjects: get(id) once resolved, or get(id, callback) to be called when it is. */
export interface PdfjsObjects {
  has(id: string): boolean;
  get(id: string, callback?: (data: any) => void): any;
}

export interface PdfjsEnvironment {
  lib: PdfjsLib;
  /**
   * Merged into every getDocument() call, e.g. standardFontDataUrl, cMapUrl, wasmUrl,
   * CanvasFactory, FilterFactory, disableFontFace, useWorkerFetch, verbosity.
   */
  params?: Record<string, unknown>;
  /**
   * getDocument understands `renderable: false` (Node's patched pdf.js, src/cli/pdfjs-patched.ts):
   * operator lists then place pictures without decoding them and show text without building glyph
   * outlines. Pages are read from such a document, and drawn from a second, ordinary one opened
   * when the first page is drawn.
   */
  unrenderableDocuments?: boolean;
}

export type PdfjsLoader = () => Promise<PdfjsEnvironment>;

/** Default: the legacy build, fine in Node (fake worker) and usable in browsers. */
export const defaultPdfjsLoader: PdfjsLoader = async () => {
  const lib = (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfjsLib;
  return { lib };
};

let loader: PdfjsLoader = defaultPdfjsLoader;
let cached: Promise<PdfjsEnvironment> | null = null;

/** Replace how pdf.js is loaded (call once at start-up, before the first openDocument). */
export function setPdfjsLoader(next: PdfjsLoader): void {
  loader = next;
  cached = null;
}

/** The installed environment (loaded once, then shared). */
export function getPdfjs(): Promise<PdfjsEnvironment> {
  if (!cached) {
    const p = loader();
    cached = p;
    p.catch(() => {
      if (cached === p) cached = null;
    });
  }
  return cached;
}
