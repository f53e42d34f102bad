// A normalised box of a rendered page -> its RGB pixels.
import type { NormBBox } from '../contract/types.ts';
import type { RasterImage } from '../pdf/types.ts';
import type { RgbImage } from './encode.ts';

/** Crops the page raster to the box (rounded outwards to whole pixels), dropping alpha. */
export function cropToBox(page: RasterImage, bbox: NormBBox): RgbImage {
  const x0 = Math.max(0, Math.min(page.width - 1, Math.floor(bbox[0] * page.width)));
  const y0 = Math.max(0, Math.min(page.height - 1, Math.floor(bbox[1] * page.height)));
  const x1 = Math.max(x0 + 1, Math.min(page.width, Math.ceil(bbox[2] * page.width)));
  const y1 = Math.max(y0 + 1, Math.min(page.height, Math.ceil(bbox[3] * page.height)));
  const width = x1 - x0;
  const height = y1 - y0;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    let src = ((y0 + y) * page.width + x0) * 4;
    let dst = y * width * 3;
    for (let x = 0; x < width; x++, src += 4, dst += 3) {
      data[dst] = page.data[src]!;
      data[dst + 1] = page.data[src + 1]!;
      data[dst + 2] = page.data[src + 2]!;
    }
  }
  return { width, height, data };
}
