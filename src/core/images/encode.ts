// RGB pixels -> PPM, PNG or JPEG bytes, with pure-JS encoders that run the same in a Web Worker and
// in Node (no canvas, no wasm): PPM is written here (P6 is a header and the raw bytes), PNG through
// fast-png, JPEG through jpeg-js.
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import type { ImageFormat } from '../contract/options.ts';

/** 8-bit RGB pixels, row-major, 3 bytes per pixel. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function encodePpm(img: RgbImage): Uint8Array {
  const header = new TextEncoder().encode(`P6\n${img.width} ${img.height}\n255\n`);
  const out = new Uint8Array(header.length + img.data.length);
  out.set(header, 0);
  out.set(img.data, header.length);
  return out;
}

/** JPEG quality: photos in documents stay readable; text in figures keeps its edges. */
const JPEG_QUALITY = 90;

function encodeJpeg(img: RgbImage): Uint8Array {
  const rgba = new Uint8Array(img.width * img.height * 4);
  for (let i = 0, j = 0; i < img.data.length; i += 3, j += 4) {
    rgba[j] = img.data[i]!;
    rgba[j + 1] = img.data[i + 1]!;
    rgba[j + 2] = img.data[i + 2]!;
    rgba[j + 3] = 255;
  }
  // Under a CommonJS wrapper jpeg-js ends with `Buffer.from(bytes)`; a Web Worker has no Buffer.
  // For the length of this synchronous call, give it the one method it uses, then take it away.
  const g = globalThis as { Buffer?: unknown };
  const shimmed = g.Buffer === undefined;
  if (shimmed) g.Buffer = { from: (bytes: ArrayLike<number>) => Uint8Array.from(bytes) };
  try {
    const { data } = jpeg.encode({ width: img.width, height: img.height, data: rgba }, JPEG_QUALITY);
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } finally {
    if (shimmed) delete g.Buffer;
  }
}

export function encodeImage(img: RgbImage, format: ImageFormat): Uint8Array {
  switch (format) {
    case 'ppm':
      return encodePpm(img);
    case 'png':
      return encodePng({ width: img.width, height: img.height, data: img.data, channels: 3, depth: 8 });
    case 'jpeg':
      return encodeJpeg(img);
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 with padding (btoa needs a binary string, which is slow for megabytes). */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  let chunk = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    chunk += B64[v >> 18]! + B64[(v >> 12) & 63]! + B64[(v >> 6) & 63]! + B64[v & 63]!;
    if (chunk.length >= 8192) {
      parts.push(chunk);
      chunk = '';
    }
  }
  if (i < n) {
    const v = (bytes[i]! << 16) | ((i + 1 < n ? bytes[i + 1]! : 0) << 8);
    chunk += B64[v >> 18]! + B64[(v >> 12) & 63]! + (i + 1 < n ? B64[(v >> 6) & 63]! : '=') + '=';
  }
  parts.push(chunk);
  return parts.join('');
}
