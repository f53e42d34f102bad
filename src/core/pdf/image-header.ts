// File-type sniffing and PNG/JPEG header parsing (size and stated resolution), pure ECMAScript.

export type FileKind = 'pdf' | 'png' | 'jpeg' | 'tiff';

export function sniffKind(bytes: Uint8Array): FileKind | null {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 &&
    bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // TIFF: "II*\0" (little-endian) or "MM\0*" (big-endian)
  if (
    bytes.length >= 8 &&
    ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a))
  ) {
    return 'tiff';
  }
  const n = Math.min(bytes.length, 1024) - 3;
  for (let i = 0; i < n; i++) {
    if (bytes[i] === 0x25 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x44 && bytes[i + 3] === 0x46) return 'pdf';
  }
  return null;
}

export interface ImageHeader {
  width: number;
  height: number;
  /** Stated resolution (pixels per inch) when the file gives a plausible one, else null. */
  dpiX: number | null;
  dpiY: number | null;
}

const u32 = (b: Uint8Array, o: number): number => ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
const u16 = (b: Uint8Array, o: number): number => (b[o]! << 8) | b[o + 1]!;

/** A resolution we believe: between 10 and 10000 dpi. Anything else is treated as unstated. */
function plausibleDpi(v: number): number | null {
  if (!(Number.isFinite(v) && v >= 10 && v <= 10000)) return null;
  // pHYs stores pixels per metre: 144 dpi comes back as 143.99; snap near-integers.
  return Math.abs(v - Math.round(v)) < 0.05 ? Math.round(v) : v;
}

/** Throws an Error with a short reason when the header is unusable. */
export function readPngHeader(b: Uint8Array): ImageHeader {
  // signature (8) + IHDR: length(4) 'IHDR'(4) width(4) height(4) ...
  if (b.length < 33) throw new Error('truncated PNG header');
  if (u32(b, 12) !== 0x49484452) throw new Error('PNG without IHDR chunk');
  const width = u32(b, 16);
  const height = u32(b, 20);
  if (width === 0 || height === 0) throw new Error('PNG with zero size');
  let dpiX: number | null = null;
  let dpiY: number | null = null;
  let off = 8;
  while (off + 8 <= b.length) {
    const len = u32(b, off);
    const type = u32(b, off + 4);
    if (type === 0x70485973 /* pHYs */ && len === 9 && off + 17 <= b.length) {
      if (b[off + 16] === 1) {
        // pixels per metre
        dpiX = plausibleDpi(u32(b, off + 8) * 0.0254);
        dpiY = plausibleDpi(u32(b, off + 12) * 0.0254);
      }
      break;
    }
    if (type === 0x49444154 /* IDAT */ || type === 0x49454e44 /* IEND */) break;
    off += 12 + len;
  }
  if (dpiX === null || dpiY === null) dpiX = dpiY = null;
  return { width, height, dpiX, dpiY };
}

export function readJpegHeader(b: Uint8Array): ImageHeader {
  let off = 2;
  let dpiX: number | null = null;
  let dpiY: number | null = null;
  while (off + 4 <= b.length) {
    if (b[off] !== 0xff) throw new Error('corrupt JPEG marker');
    const marker = b[off + 1]!;
    if (marker === 0xff) {
      off++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      off += 2;
      continue;
    }
    const len = u16(b, off + 2);
    if (len < 2) throw new Error('corrupt JPEG segment');
    const seg = off + 4;
    if (marker === 0xe0 && len >= 16 && b[seg] === 0x4a && b[seg + 1] === 0x46 && b[seg + 2] === 0x49 && b[seg + 3] === 0x46) {
      // JFIF: units at +7 (1 = dpi, 2 = dots per cm), densities at +8 / +10
      const units = b[seg + 7];
      const dx = u16(b, seg + 8);
      const dy = u16(b, seg + 10);
      const k = units === 1 ? 1 : units === 2 ? 2.54 : 0;
      if (k) {
        dpiX = plausibleDpi(dx * k);
        dpiY = plausibleDpi(dy * k);
      }
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (seg + 5 > b.length) break;
      const height = u16(b, seg + 1);
      const width = u16(b, seg + 3);
      if (width === 0 || height === 0) throw new Error('JPEG with zero size');
      if (dpiX === null || dpiY === null) dpiX = dpiY = null;
      return { width, height, dpiX, dpiY };
    }
    if (marker === 0xda) break; // start of scan before any frame header
    off += 2 + len;
  }
  throw new Error('JPEG without a frame header');
}
