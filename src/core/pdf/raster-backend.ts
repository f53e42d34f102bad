// The environment-specific half of turning a PNG/JPEG input into pixels. Core only parses image
// headers (./image-header.ts); decoding needs the platform: @napi-rs/canvas in Node
// (src/cli/node-raster.ts), createImageBitmap + OffscreenCanvas in a Web Worker
// (src/worker/raster.ts). PDF pages never go through this: pdf.js renders them with the canvas
// factory it was given (see ./pdfjs-env.ts).
import { TesseraError } from '../contract/errors.ts';
import type { RasterImage } from './types.ts';

export interface RasterBackend {
  /**
   * Decode a PNG or JPEG file and draw it scaled to exactly width x height pixels on an opaque
   * white background. Returns RGBA, row-major. Must reject (any error) on undecodable bytes.
   */
  decodeImage(bytes: Uint8Array, mime: 'image/png' | 'image/jpeg', width: number, height: number): Promise<RasterImage>;
}

let defaultBackend: RasterBackend | null = null;

/** Install the process-wide backend used when openDocument gets no `raster` option. */
export function setRasterBackend(backend: RasterBackend | null): void {
  defaultBackend = backend;
}

export function getRasterBackend(explicit?: RasterBackend): RasterBackend {
  const b = explicit ?? defaultBackend;
  if (!b) {
    throw new TesseraError(
      'unsupported',
      'Rendering an image input needs a raster backend (setRasterBackend or the `raster` option)',
    );
  }
  return b;
}
