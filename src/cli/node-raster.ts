// Node's half of the pdf adapter's environment hooks (src/core/pdf stays free of Node modules):
//  - nodeRasterBackend: decodes PNG/JPEG inputs with @napi-rs/canvas;
//  - nodePdfjsLoader: the pdf.js legacy build (fake worker, NodeCanvasFactory = @napi-rs/canvas),
//    patched to read pages without decoding their pictures, plus the data pdf.js needs from disk for faithful output: standard fonts (non-embedded
//    Helvetica & co.), CMaps (CID fonts, e.g. Japanese) and wasm decoders (JPEG 2000, ICC).
// Call installNodePdfEnvironment() once at start-up (the CLI, tests, the bench).
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  setPdfjsLoader,
  setRasterBackend,
  type PdfjsEnvironment,
  type PdfjsLib,
  type PdfjsLoader,
  type RasterBackend,
  type RasterImage,
} from '../core/pdf/index.ts';
import { withNativeBuiltins } from './native-builtins.ts';
import { pdfjsModules } from './pdfjs-patched.ts';

export const nodeRasterBackend: RasterBackend = {
  async decodeImage(bytes: Uint8Array, _mime: 'image/png' | 'image/jpeg', width: number, height: number): Promise<RasterImage> {
    const img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!(img.width > 0 && img.height > 0)) throw new Error('undecodable image');
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(img, 0, 0, width, height);
    const data = ctx.getImageData(0, 0, width, height).data;
    return { width, height, data: new Uint8ClampedArray(data) };
  },
};

/** Directories of pdfjs-dist's data files, each with the trailing slash pdf.js insists on. */
export function pdfjsDataDirs(): { standardFontDataUrl: string; cMapUrl: string; wasmUrl: string } {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const dir = (name: string): string => path.join(root, name) + path.sep;
  return { standardFontDataUrl: dir('standard_fonts'), cMapUrl: dir('cmaps'), wasmUrl: dir('wasm') };
}

/**
 * pdf.js's API module, then its worker module (the fake worker, which Node runs on the same thread,
 * finds it on globalThis.pdfjsWorker): the copies that can skip decoding pictures (pdfjs-patched.ts).
 */
export const nodePdfjsLoader: PdfjsLoader = async (): Promise<PdfjsEnvironment> => {
  const modules = pdfjsModules();
  const lib = (await import(modules.api)) as PdfjsLib;
  await import(modules.worker);
  return { lib, params: { ...pdfjsDataDirs(), cMapPacked: true }, unrenderableDocuments: modules.patched };
};

/**
 * pdf.js as every Node entry point loads it (CLI, server, tests, eval, benches): with the native
 * built-ins its polyfills replace put back (native-builtins.ts: a fifth of the CPU time otherwise).
 */
export const nodeNativePdfjsLoader: PdfjsLoader = withNativeBuiltins(nodePdfjsLoader);

/** Install both hooks process-wide. */
export function installNodePdfEnvironment(): void {
  setPdfjsLoader(nodeNativePdfjsLoader);
  setRasterBackend(nodeRasterBackend);
}
