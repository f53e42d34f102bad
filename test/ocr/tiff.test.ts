// Multi-page TIFF inputs: one page per image, physical size from the stated resolution, pixels
// decoded in core (no platform decoder needed).
import UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import { openDocument, sniffKind } from '../../src/core/pdf/index.ts';

interface Img {
  w: number;
  h: number;
  rgb: [number, number, number];
  dpi: number;
}

/** An uncompressed RGBA TIFF with one page per image, each filled with one colour. */
function makeTiff(images: Img[]): Uint8Array {
  const DATA_AT = 4096;
  let offset = DATA_AT;
  const ifds = images.map((im) => {
    const ifd = {
      t256: [im.w], t257: [im.h], t258: [8, 8, 8, 8], t259: [1], t262: [2], t273: [offset], t277: [4], t278: [im.h],
      t279: [im.w * im.h * 4], t282: [[im.dpi, 1]], t283: [[im.dpi, 1]], t284: [1], t296: [2], t338: [1],
    };
    offset += im.w * im.h * 4;
    return ifd;
  });
  const head = new Uint8Array(UTIF.encode(ifds as unknown as Parameters<typeof UTIF.encode>[0]));
  expect(head.length).toBeLessThan(DATA_AT);
  const out = new Uint8Array(offset);
  out.set(head);
  let at = DATA_AT;
  for (const im of images) {
    for (let i = 0; i < im.w * im.h; i++) out.set([...im.rgb, 255], at + i * 4);
    at += im.w * im.h * 4;
  }
  return out;
}

describe('TIFF input', () => {
  it('opens every image as a page with its physical size and pixels', async () => {
    const bytes = makeTiff([
      { w: 200, h: 100, rgb: [255, 0, 0], dpi: 144 },
      { w: 60, h: 90, rgb: [0, 0, 255], dpi: 72 },
    ]);
    expect(sniffKind(bytes)).toBe('tiff');
    const doc = await openDocument(bytes);
    expect(doc.kind).toBe('tiff');
    expect(doc.numPages).toBe(2);
    const p1 = await doc.readPage(1);
    expect([p1.width, p1.height]).toEqual([100, 50]); // 200 x 100 px at 144 dpi
    const p2 = await doc.readPage(2);
    expect([p2.width, p2.height]).toEqual([60, 90]);
    const r1 = await doc.rasterize(1, 144);
    expect([r1.width, r1.height]).toEqual([200, 100]);
    expect([...r1.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    const r2 = await doc.rasterize(2, 36); // half size
    expect([r2.width, r2.height]).toEqual([30, 45]);
    expect([...r2.data.subarray(0, 4)]).toEqual([0, 0, 255, 255]);
    await expect(doc.readPage(3)).rejects.toMatchObject({ code: 'bad_page' });
  });

  it('rejects a broken TIFF with a clear error', async () => {
    const bytes = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 0xff, 0xff, 0xff, 0x7f, 0, 0]);
    await expect(openDocument(bytes)).rejects.toMatchObject({ code: 'unreadable_file', message: /TIFF/ });
  });
});
