import { describe, expect, it } from 'vitest';
import { openDocument, type RasterImage, type Rect } from '../../src/core/pdf/index.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';
import './helpers.ts';

function darkIn(img: RasterImage, r: Rect, scale: number): number {
  let n = 0;
  for (let y = Math.floor(r.y0 * scale); y < Math.ceil(r.y1 * scale); y++) {
    for (let x = Math.floor(r.x0 * scale); x < Math.ceil(r.x1 * scale); x++) {
      const i = (y * img.width + x) * 4;
      if (img.data[i]! < 128 && img.data[i + 1]! < 128 && img.data[i + 2]! < 128) n++;
    }
  }
  return n;
}

describe('rasterize', () => {
  for (const rotate of [0, 90] as const) {
    it(`renders at 72 and 144 dpi with ink where the text is (/Rotate ${rotate})`, async () => {
      const { bytes, truth } = await buildPdf({
        pages: [{ size: [400, 300], rotate, blocks: [{ kind: 'heading', level: 1, text: 'Ink here' }, { kind: 'paragraph', text: 'Body text' }] }],
      });
      const doc = await openDocument(bytes);
      const tp = truth.pages[0]!;
      for (const dpi of [72, 144]) {
        const s = dpi / 72;
        const img = await doc.rasterize(1, dpi);
        expect([img.width, img.height]).toEqual([Math.round(tp.width * s), Math.round(tp.height * s)]);
        expect(img.data.length).toBe(img.width * img.height * 4);
        for (const line of tp.lines) expect(darkIn(img, line.rect, s), line.text).toBeGreaterThan(10);
        // background is opaque white away from the text
        expect(darkIn(img, { x0: 0, y0: tp.height - 20, x1: 20, y1: tp.height }, s)).toBe(0);
        expect(img.data[3]).toBe(255);
        expect(img.data[0]).toBe(255);
      }
      await doc.close();
    });
  }

  it('non-integer sizes round and fill the canvas', async () => {
    const { bytes } = await buildPdf({ pages: [{ size: [300.5, 200.25], blocks: [{ kind: 'paragraph', text: 'x' }] }] });
    const doc = await openDocument(bytes);
    const img = await doc.rasterize(1, 100);
    expect([img.width, img.height]).toEqual([Math.round((300.5 * 100) / 72), Math.round((200.25 * 100) / 72)]);
    await doc.close();
  });
});
