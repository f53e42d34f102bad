// Scanned pages: the table's rules are pixels. Lines are found in the page's raster (long dark
// runs), glyph strokes and filled areas are not taken for rules, and the OCR words then fall into
// the grid those lines make.
import { describe, expect, it } from 'vitest';
import type { OpenedDocument, PageContent, RasterImage } from '../../src/core/pdf/types.ts';
import type { StageContext } from '../../src/core/stage.ts';
import { rasterRulings, RULING_DPI, tablesStage } from '../../src/core/tables/index.ts';
import { ocrRun } from '../fixtures/runs.ts';
import { grid, options } from './helpers.ts';

const px = (pt: number): number => Math.round((pt * RULING_DPI) / 72);

function blankPage(): RasterImage {
  const width = px(595);
  const height = px(842);
  return { width, height, data: new Uint8ClampedArray(width * height * 4).fill(255) };
}

function ink(img: RasterImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = (y * img.width + x) * 4;
      img.data[p] = img.data[p + 1] = img.data[p + 2] = 20;
    }
  }
}

const hrule = (img: RasterImage, y: number, x0: number, x1: number): void => ink(img, px(x0), px(y), px(x1) + 1, px(y) + 2);
const vrule = (img: RasterImage, x: number, y0: number, y1: number): void => ink(img, px(x), px(y0), px(x) + 2, px(y1) + 1);

/** The spanning-header table of synthetic.test.ts, as pixels, plus things that are not rules. */
function scannedTable(): RasterImage {
  const img = blankPage();
  for (const y of [100, 140, 160, 180]) hrule(img, y, 100, 400);
  hrule(img, 120, 200, 400);
  vrule(img, 100, 100, 180);
  vrule(img, 200, 100, 180);
  vrule(img, 300, 120, 180);
  vrule(img, 400, 100, 180);
  // A line of "text": short strokes with letter gaps, 10 pt high.
  for (let x = px(100); x < px(500); x += 7) ink(img, x, px(300), x + 4, px(310));
  // A photo: a solid dark block, whose rows are long dark runs but not rules.
  ink(img, px(100), px(400), px(400), px(600));
  return img;
}


describe('rules in a raster', () => {
  it('finds each drawn rule at its place, and no rule in text strokes or inside a solid block', () => {
    const rulings = rasterRulings(scannedTable(), RULING_DPI);
    const hs = rulings.filter((r) => r.horizontal).map((r) => Math.round(r.pos));
    const vs = rulings.filter((r) => !r.horizontal).map((r) => Math.round(r.pos));
    for (const y of [100, 120, 140, 160, 180]) expect(hs.some((h) => Math.abs(h - y) <= 1), `rule at y=${y}`).toBe(true);
    for (const x of [100, 200, 300, 400]) expect(vs.some((v) => Math.abs(v - x) <= 1), `rule at x=${x}`).toBe(true);
    // Nothing from the text line (y 300..310) or inside the block (y 400..600).
    expect(hs.filter((h) => (h > 290 && h < 320) || (h > 402 && h < 598))).toEqual([]);
    expect(rulings.filter((r) => !r.horizontal && r.pos > 102 && r.pos < 398 && r.from > 390)).toEqual([]);
  });
});

describe('a table on a scanned page', () => {
  it('gets its rows, columns and spans from the raster rules and its text from the OCR words', async () => {
    const content: PageContent = {
      pageNumber: 1,
      width: 595,
      height: 842,
      rotate: 0,
      textRuns: [
        ocrRun('Region', 105, 113),
        ocrRun('Releases', 250, 103),
        ocrRun('to air', 205, 123),
        ocrRun('to water', 305, 123),
        ocrRun('North', 105, 143),
        ocrRun('10', 205, 143),
        ocrRun('20', 305, 143),
        ocrRun('South', 105, 163),
        ocrRun('30', 205, 163),
        ocrRun('40', 305, 163),
      ],
      paths: [],
      images: [],
    };
    const doc = { rasterize: async () => scannedTable() } as unknown as OpenedDocument;
    const ctx: StageContext = { doc, options: options(), status: () => {} };
    const state = await tablesStage.run({ content, regions: [], elements: [] }, ctx);
    expect(state.regions).toHaveLength(1);
    expect(grid(state.regions[0]!)).toEqual([
      ['Region', 'Releases', ''],
      ['', 'to air', 'to water'],
      ['North', '10', '20'],
      ['South', '30', '40'],
    ]);
    expect(state.regions[0]!.table!.cells.find((c) => c.content === 'Releases')!.cols).toEqual([1, 2]);
  });
});
