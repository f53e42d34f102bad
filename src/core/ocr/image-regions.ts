// Pictures on a scanned page: areas of the raster with ink that OCR did not read as text. The page
// is cut into ~1 mm cells; a cell is busy when enough of its pixels are not paper-white; cells under
// text lines are cleared; what stays connected, large and densely filled is a picture. Sparse
// shapes (ruled tables, underlines, frames) are not pictures.
import type { RasterImage } from '../pdf/types.ts';
import type { OcrLine, PixelBox } from './types.ts';

const WHITE = 215; // luma at or above: paper
/** Smallest picture side, in inches, and area, as a fraction of the page. */
const MIN_SIDE_IN = 0.5;
const MIN_AREA = 0.01;
/** Busy cells / cells of the bounding box: below this the shape is lines, not a picture. */
const MIN_FILL = 0.3;

export function findPictures(img: RasterImage, dpi: number, textLines: readonly OcrLine[]): PixelBox[] {
  const cell = Math.max(3, Math.round(dpi / 25));
  const gw = Math.ceil(img.width / cell);
  const gh = Math.ceil(img.height / cell);
  const busy = new Uint8Array(gw * gh);
  const d = img.data;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      let dark = 0;
      let all = 0;
      const yEnd = Math.min(img.height, (gy + 1) * cell);
      const xEnd = Math.min(img.width, (gx + 1) * cell);
      for (let y = gy * cell; y < yEnd; y += 2) {
        for (let x = gx * cell; x < xEnd; x += 2) {
          const i = (y * img.width + x) * 4;
          all++;
          if ((d[i]! * 77 + d[i + 1]! * 150 + d[i + 2]! * 29) >> 8 < WHITE) dark++;
        }
      }
      if (all && dark / all > 0.15) busy[gy * gw + gx] = 1;
    }
  }
  // Clear text: each line's box grown by a third of its height.
  for (const line of textLines) {
    const pad = (line.box.y1 - line.box.y0) / 3;
    const x0 = Math.max(0, Math.floor((line.box.x0 - pad) / cell));
    const x1 = Math.min(gw - 1, Math.floor((line.box.x1 + pad) / cell));
    const y0 = Math.max(0, Math.floor((line.box.y0 - pad) / cell));
    const y1 = Math.min(gh - 1, Math.floor((line.box.y1 + pad) / cell));
    for (let y = y0; y <= y1; y++) busy.fill(0, y * gw + x0, y * gw + x1 + 1);
  }
  // Connected components (8-neighbour) of busy cells.
  const seen = new Uint8Array(gw * gh);
  const out: PixelBox[] = [];
  const minSide = (MIN_SIDE_IN * dpi) / cell;
  const stack: number[] = [];
  for (let start = 0; start < busy.length; start++) {
    if (!busy[start] || seen[start]) continue;
    let x0 = gw;
    let y0 = gh;
    let x1 = -1;
    let y1 = -1;
    let count = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const c = stack.pop()!;
      const cx = c % gw;
      const cy = (c - cx) / gw;
      count++;
      if (cx < x0) x0 = cx;
      if (cx > x1) x1 = cx;
      if (cy < y0) y0 = cy;
      if (cy > y1) y1 = cy;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const n = ny * gw + nx;
          if (busy[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (w < minSide || h < minSide) continue;
    if ((w * h) / (gw * gh) < MIN_AREA) continue;
    if (count / (w * h) < MIN_FILL) continue;
    out.push({ x0: x0 * cell, y0: y0 * cell, x1: Math.min(img.width, (x1 + 1) * cell), y1: Math.min(img.height, (y1 + 1) * cell) });
  }
  return out;
}
