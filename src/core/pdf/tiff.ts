// Multi-page TIFF inputs: one page per image (IFD), decoded with utif2 (pure JavaScript: LZW,
// Deflate, PackBits, CCITT G3/G4 fax, JPEG). Like PNG/JPEG inputs, a page has the image's physical
// size when the file states its resolution, else 1 px = 1 pt.
import UTIF from 'utif2';
import type { RasterImage } from './types.ts';

export interface TiffPage {
  width: number;
  height: number;
  dpiX: number | null;
  dpiY: number | null;
}

type Ifd = Record<string, unknown> & { width?: number; height?: number };

/** A tag's first value; rationals come as [numerator, denominator]. */
function num(v: unknown): number | null {
  let x = Array.isArray(v) ? v[0] : v;
  if (Array.isArray(x)) x = typeof x[0] === 'number' && typeof x[1] === 'number' && x[1] !== 0 ? x[0] / x[1] : null;
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}

function dpi(ifd: Ifd, tag: 't282' | 't283'): number | null {
  const v = num(ifd[tag]);
  const unit = num(ifd.t296) ?? 2; // 1 none, 2 inch, 3 centimetre
  if (v === null || unit === 1) return null;
  const d = unit === 3 ? v * 2.54 : v;
  return d >= 10 && d <= 10000 ? Math.round(d * 100) / 100 : null;
}

/** Pages of a TIFF file (thumbnails and masks, NewSubfileType bit 0/2, are not pages). */
export function readTiffPages(bytes: Uint8Array): { ifds: Ifd[]; pages: TiffPage[] } {
  const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const all = UTIF.decode(buf) as unknown as Ifd[];
  const ifds = all.filter((ifd) => {
    const kind = num(ifd.t254) ?? 0;
    return (kind & 0b101) === 0 && (num(ifd.t256) ?? 0) > 0 && (num(ifd.t257) ?? 0) > 0;
  });
  if (!ifds.length) throw new Error('TIFF without an image');
  const pages = ifds.map((ifd) => {
    const x = dpi(ifd, 't282');
    const y = dpi(ifd, 't283');
    return { width: num(ifd.t256)!, height: num(ifd.t257)!, dpiX: x && y ? x : null, dpiY: x && y ? y : null };
  });
  return { ifds, pages };
}

/** Decode one page to RGBA (alpha flattened on white) and resample it to width x height. */
export function decodeTiffPage(bytes: Uint8Array, ifd: Ifd, width: number, height: number): RasterImage {
  const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  UTIF.decodeImage(buf, ifd as never);
  const w = ifd.width ?? num(ifd.t256)!;
  const h = ifd.height ?? num(ifd.t257)!;
  const rgba = UTIF.toRGBA8(ifd as never);
  if (rgba.length < w * h * 4) throw new Error('truncated TIFF image data');
  // Free the decoded strip data kept on the IFD: a long fax must not hold every page in memory.
  delete (ifd as Record<string, unknown>).data;
  for (let i = 0; i < w * h * 4; i += 4) {
    const a = rgba[i + 3]!;
    if (a === 255) continue;
    for (let c = 0; c < 3; c++) rgba[i + c] = Math.round((rgba[i + c]! * a + 255 * (255 - a)) / 255);
    rgba[i + 3] = 255;
  }
  const src: RasterImage = { width: w, height: h, data: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, w * h * 4) };
  return w === width && h === height ? src : resample(src, width, height);
}

/** Box-average (shrinking) or nearest-pixel (enlarging) resample of an RGBA raster. */
export function resample(src: RasterImage, width: number, height: number): RasterImage {
  const out = new Uint8ClampedArray(width * height * 4);
  const sx = src.width / width;
  const sy = src.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = y * sy;
    const y1 = Math.min(src.height, (y + 1) * sy);
    for (let x = 0; x < width; x++) {
      const x0 = x * sx;
      const x1 = Math.min(src.width, (x + 1) * sx);
      const acc = [0, 0, 0, 0];
      let n = 0;
      // Sample the source box on an integer grid (at least its nearest pixel).
      for (let yy = Math.floor(y0); yy < Math.max(Math.floor(y0) + 1, Math.ceil(y1)); yy++) {
        for (let xx = Math.floor(x0); xx < Math.max(Math.floor(x0) + 1, Math.ceil(x1)); xx++) {
          const i = (Math.min(src.height - 1, yy) * src.width + Math.min(src.width - 1, xx)) * 4;
          for (let c = 0; c < 4; c++) acc[c]! += src.data[i + c]!;
          n++;
        }
      }
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) out[o + c] = acc[c]! / n;
    }
  }
  return { width, height, data: out };
}
