// Pure pixel helpers for OCR: grayscale encoding, rotation and cropping of RGBA rasters.
import type { RasterImage } from '../pdf/types.ts';
import type { PixelBox, Rotation } from './types.ts';

/** Luma of pixel i (0..255). */
function luma(d: Uint8ClampedArray, i: number): number {
  return (d[i * 4]! * 77 + d[i * 4 + 1]! * 150 + d[i * 4 + 2]! * 29) >> 8;
}

/**
 * Binary PGM (P5): the simplest grayscale format Leptonica reads, and 4x smaller than RGBA. OCR
 * works on gray levels anyway.
 */
export function encodePgm(img: RasterImage): Uint8Array {
  const head = new TextEncoder().encode(`P5\n${img.width} ${img.height}\n255\n`);
  const n = img.width * img.height;
  const out = new Uint8Array(head.length + n);
  out.set(head);
  for (let i = 0; i < n; i++) out[head.length + i] = luma(img.data, i);
  return out;
}

/** The raster turned `rotate` degrees clockwise. */
export function rotateRaster(img: RasterImage, rotate: Rotation): RasterImage {
  if (rotate === 0) return img;
  const { width: w, height: h, data } = img;
  const W = rotate === 180 ? w : h;
  const H = rotate === 180 ? h : w;
  const out = new Uint32Array(W * H);
  const src = new Uint32Array(data.buffer, data.byteOffset, w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let X: number;
      let Y: number;
      if (rotate === 90) {
        X = h - 1 - y;
        Y = x;
      } else if (rotate === 180) {
        X = w - 1 - x;
        Y = h - 1 - y;
      } else {
        X = y;
        Y = w - 1 - x;
      }
      out[Y * W + X] = src[y * w + x]!;
    }
  }
  return { width: W, height: H, data: new Uint8ClampedArray(out.buffer) };
}

/** A copy of the pixels inside `box` (clamped to the raster). */
export function cropRaster(img: RasterImage, box: PixelBox): RasterImage {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(img.width, Math.ceil(box.x1));
  const y1 = Math.min(img.height, Math.ceil(box.y1));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const out = new Uint8ClampedArray(w * h * 4).fill(255);
  for (let y = 0; y < h && y0 + y < img.height; y++) {
    const from = ((y0 + y) * img.width + x0) * 4;
    out.set(img.data.subarray(from, from + Math.min(w, img.width - x0) * 4), y * w * 4);
  }
  return { width: w, height: h, data: out };
}

/** Fraction of dark pixels (luma < 128) inside `box`, sampled on a grid of about 4000 points. */
export function inkRatio(img: RasterImage, box: PixelBox): number {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(img.width, Math.ceil(box.x1));
  const y1 = Math.min(img.height, Math.ceil(box.y1));
  if (x1 <= x0 || y1 <= y0) return 0;
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  let dark = 0;
  let all = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      all++;
      if (luma(img.data, y * img.width + x) < 128) dark++;
    }
  }
  return all ? dark / all : 0;
}

/** Dark pixels (luma < 128) inside `box`, counted exactly. */
export function darkPixels(img: RasterImage, box: PixelBox): number {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(img.width, Math.ceil(box.x1));
  const y1 = Math.min(img.height, Math.ceil(box.y1));
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (luma(img.data, y * img.width + x) < 128) n++;
  return n;
}
