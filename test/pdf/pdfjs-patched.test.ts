// Node's pdf.js copy with `renderable: false` (src/cli/pdfjs-patched.ts): pages read from such a
// document place their pictures without decoding them, and pages are still drawn with every
// picture (from a second, ordinary document).
import { describe, expect, it } from 'vitest';
import { nodePdfjsLoader } from '../../src/cli/node-raster.ts';
import { applyPatches, pdfjsModules } from '../../src/cli/pdfjs-patched.ts';
import { openDocument, type RasterImage, type Rect } from '../../src/core/pdf/index.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';
import './helpers.ts';

/** Two pages showing the same picture (one image object, as pdf.js caches across pages) under a heading. */
async function picturePdf() {
  const page = { size: [400, 400] as [number, number], blocks: [{ kind: 'heading' as const, level: 1 as const, text: 'Chart' }, { kind: 'image' as const, width: 200, height: 150 }] };
  return buildPdf({ pages: [page, page] });
}

/** Mean of the red and blue channels inside `r` (points, scaled to the raster): the gradient is red to blue, white is 255. */
function meanInk(img: RasterImage, r: Rect, scale: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.ceil(r.y0 * scale) + 1; y < Math.floor(r.y1 * scale) - 1; y++) {
    for (let x = Math.ceil(r.x0 * scale) + 1; x < Math.floor(r.x1 * scale) - 1; x++) {
      const i = (y * img.width + x) * 4;
      sum += Math.min(img.data[i]!, img.data[i + 2]!);
      n++;
    }
  }
  return sum / n;
}

describe("pdf.js patched to read pages without drawing work", () => {
  it('applies to the installed pdf.js (when this fails after an upgrade, update PDFJS_PATCHES)', () => {
    expect(pdfjsModules().patched).toBe(true);
  });

  it('refuses a patch that finds no place, or more than one, naming it', () => {
    const patch = { what: 'the example change', find: 'a = 1;\n', replace: 'a = 2;\n' };
    expect(applyPatches('f.mjs', 'let a;\na = 1;\n', [patch])).toBe('let a;\na = 2;\n');
    expect(() => applyPatches('f.mjs', 'let b;\n', [patch])).toThrow(/"the example change" finds no place in f.mjs/);
    expect(() => applyPatches('f.mjs', 'a = 1;\na = 1;\n', [patch])).toThrow(/finds several places/);
  });

  it('a document that is not renderable places a picture without decoding it; an ordinary one decodes it', async () => {
    const { bytes } = await picturePdf();
    const { lib, params } = await nodePdfjsLoader();
    const decoded = async (renderable: boolean): Promise<{ placed: boolean; decoded: boolean }> => {
      const doc = await lib.getDocument({ ...params, data: bytes.slice(), renderable, verbosity: 0 }).promise;
      try {
        const page = await doc.getPage(1);
        const ops = await page.getOperatorList();
        const at = ops.fnArray.indexOf(lib.OPS.paintImageXObject!);
        const objId = ops.argsArray[at]?.[0] as string;
        // Decoding runs after the list is sent: give it time to arrive.
        const arrived = await new Promise<boolean>((resolve) => {
          const objs = objId.startsWith('g_') ? page.commonObjs : page.objs;
          const timer = setTimeout(() => resolve(false), 1000);
          objs.get(objId, () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        return { placed: at >= 0, decoded: arrived };
      } finally {
        await doc.destroy();
      }
    };
    expect(await decoded(false)).toEqual({ placed: true, decoded: false });
    expect(await decoded(true)).toEqual({ placed: true, decoded: true });
  });

  it('pages read without decoding their picture keep its place, and are drawn with it', async () => {
    const { bytes, truth } = await picturePdf();
    const doc = await openDocument(bytes);
    try {
      for (const n of [1, 2]) {
        const content = await doc.readPage(n);
        const want = truth.pages[n - 1]!.images[0]!.rect;
        expect(content.images).toHaveLength(1);
        for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(content.images[0]!.rect[k]).toBeCloseTo(want[k], 0);
      }
      for (const n of [1, 2]) {
        const img = await doc.rasterize(n, 72);
        const rect = truth.pages[n - 1]!.images[0]!.rect;
        // The red-to-blue gradient: inked where it was placed (blank paper is 255 in both channels).
        expect(meanInk(img, rect, 1)).toBeLessThan(200);
        expect(meanInk(img, { x0: 300, y0: 350, x1: 390, y1: 395 }, 1)).toBe(255);
      }
    } finally {
      await doc.close();
    }
  });
});
