// Rulings found in the pixels of a scanned page: long runs of dark pixels along rows (horizontal
// rules) and along columns (vertical rules). Text strokes are short and broken by letter spacing,
// so a run must be long (RUN_PT) to count; adjacent rows of a thick rule merge into one ruling.
import type { RasterImage } from '../pdf/types.ts';
import { mergeCollinear, type Ruling } from './rulings.ts';

/** Resolution scanned pages are rendered at for line detection: rules are a pixel or more thick at
 * 100 dpi and the page stays small (about 850 x 1170 pixels for A4). */
export const RULING_DPI = 100;
/** A dark run must be at least this long (points) to be a rule rather than a glyph. */
const RUN_PT = 28;
/** Luminance below this is ink. */
const DARK = 140;

function darkMask(img: RasterImage): Uint8Array {
  const { width, height, data } = img;
  const mask = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < mask.length; i++, p += 4) {
    const lum = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
    mask[i] = data[p + 3]! > 0 && lum < DARK ? 1 : 0;
  }
  return mask;
}

/** Horizontal and vertical rulings in points (displayed frame) from a raster at `dpi`. */
export function rasterRulings(img: RasterImage, dpi: number): Ruling[] {
  const scale = 72 / dpi;
  const minRun = Math.max(8, Math.round(RUN_PT / scale));
  const mask = darkMask(img);
  const { width, height } = img;
  const out: Ruling[] = [];
  // A one-pixel gap inside a run (scan noise) does not break it.
  const scan = (len: number, at: (i: number) => number, emit: (from: number, to: number) => void): void => {
    let start = -1;
    let gap = 0;
    for (let i = 0; i <= len; i++) {
      const on = i < len && at(i) === 1;
      if (on) {
        if (start < 0) start = i;
        gap = 0;
      } else if (start >= 0) {
        gap++;
        if (gap > 1 || i === len) {
          const end = i - gap;
          if (end - start + 1 >= minRun) emit(start, end + 1);
          start = -1;
          gap = 0;
        }
      }
    }
  };
  // A run inside a solid dark area (photo, filled box) is not a rule: the pixels a few rows
  // above and below it are dark too.
  const solid = (along: (i: number) => number, from: number, to: number): boolean => {
    let dark = 0;
    for (let i = from; i < to; i++) dark += along(i);
    return dark > 0.5 * (to - from);
  };
  const OFF = 3;
  for (let y = 0; y < height; y++) {
    scan(width, (x) => mask[y * width + x]!, (a, b) => {
      const above = y >= OFF && solid((x) => mask[(y - OFF) * width + x]!, a, b);
      const below = y + OFF < height && solid((x) => mask[(y + OFF) * width + x]!, a, b);
      if (!(above && below)) out.push({ horizontal: true, pos: (y + 0.5) * scale, from: a * scale, to: b * scale });
    });
  }
  for (let x = 0; x < width; x++) {
    scan(height, (y) => mask[y * width + x]!, (a, b) => {
      const left = x >= OFF && solid((y) => mask[y * width + x - OFF]!, a, b);
      const right = x + OFF < width && solid((y) => mask[y * width + x + OFF]!, a, b);
      if (!(left && right)) out.push({ horizontal: false, pos: (x + 0.5) * scale, from: a * scale, to: b * scale });
    });
  }
  return mergeCollinear(out);
}
