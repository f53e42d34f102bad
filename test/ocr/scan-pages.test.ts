// Scanned PDF pages on the fast path: a page that is one picture is rasterized from the picture's
// pixels (src/core/pdf/scan-image.ts) and must look the same as pdf.js drawing it, whatever the
// page's /Rotate, the picture's orientation or its pixel format. And multi-page scans, where the
// OCR stage reads the next page while this one is read (src/core/ocr/read-ahead.ts): every page
// gets its own text, in order, with selected_pages too.
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, degrees, concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState, rectangle, fill, setFillingGrayscaleColor } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import { installNodePdfEnvironment, nodePdfjsLoader } from '../../src/cli/node-raster.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import { partition } from '../../src/core/index.ts';
import { liveOcrWorkers, releaseOcrEngines } from '../../src/core/ocr/index.ts';
import { openDocument, type PdfjsEnvironment, type RasterImage } from '../../src/core/pdf/index.ts';
import { buildScanPdf } from './scan-pdf.ts';

installNodePdfEnvironment();
installNodeOcr();
afterAll(() => releaseOcrEngines());

type Kind = 'gray' | 'rgb' | 'bilevel';
const W = 600; // 300 dpi on a 2 x 2.5 in page
const H = 750;

/** A "scan": paper white, a black block in the top-left quarter, a mid-gray bar near the bottom right. */
function scanPixel(x: number, y: number): number {
  if (x >= 60 && x < 240 && y >= 80 && y < 300) return 0;
  if (x >= 380 && x < 560 && y >= 600 && y < 680) return 128;
  return 255;
}

function imageBytes(kind: Kind): { data: Uint8Array; colorSpace: string; bpc: number } {
  if (kind === 'bilevel') {
    const row = Math.ceil(W / 8);
    const data = new Uint8Array(row * H);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (scanPixel(x, y) > 64) data[y * row + (x >> 3)]! |= 0x80 >> (x & 7);
    return { data, colorSpace: 'DeviceGray', bpc: 1 };
  }
  const n = kind === 'rgb' ? 3 : 1;
  const data = new Uint8Array(W * H * n);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) data.fill(scanPixel(x, y), (y * W + x) * n, (y * W + x + 1) * n);
  return { data, colorSpace: kind === 'rgb' ? 'DeviceRGB' : 'DeviceGray', bpc: 8 };
}

/** One page holding the scan, drawn upright or mirrored; `mark` adds a small vector square (no longer only a picture). */
async function scanPage(kind: Kind, rotate: 0 | 90 | 180 | 270, mirrored: boolean, mark: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = imageBytes(kind);
  const ref = doc.context.register(
    doc.context.stream(deflateSync(img.data), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: W,
      Height: H,
      ColorSpace: img.colorSpace,
      BitsPerComponent: img.bpc,
      Filter: 'FlateDecode',
    }),
  );
  const [pw, ph] = [144, 180];
  const page = doc.addPage([pw, ph]);
  page.setRotation(degrees(rotate));
  const name = page.node.newXObject('Scan', ref);
  page.pushOperators(
    pushGraphicsState(),
    mirrored ? concatTransformationMatrix(-pw, 0, 0, ph, pw, 0) : concatTransformationMatrix(pw, 0, 0, ph, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
  if (mark) page.pushOperators(setFillingGrayscaleColor(0), rectangle(70, 85, 4, 4), fill());
  return doc.save();
}

/** pdf.js (Node) counting the canvases it is asked to draw on. */
async function countingPdfjs(): Promise<{ env: PdfjsEnvironment; canvases: () => number }> {
  const env = await nodePdfjsLoader();
  let canvases = 0;
  const lib = {
    ...env.lib,
    getDocument(params: Record<string, unknown>) {
      const task = env.lib.getDocument(params);
      void task.promise.then((doc) => {
        const factory = doc.canvasFactory!;
        const create = factory.create.bind(factory);
        factory.create = (w, h) => {
          canvases++;
          return create(w, h);
        };
      }, () => {});
      return task;
    },
  };
  return { env: { ...env, lib }, canvases: () => canvases };
}

async function render(bytes: Uint8Array, dpi: number): Promise<{ raster: RasterImage; canvases: number }> {
  const { env, canvases } = await countingPdfjs();
  const doc = await openDocument(bytes, { pdfjs: env });
  try {
    await doc.readPage(1);
    return { raster: await doc.rasterize(1, dpi), canvases: canvases() };
  } finally {
    await doc.close();
  }
}

/** Centre of the dark (< 64) pixels. */
function darkCentre(r: RasterImage): [number, number] {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (r.data[(y * r.width + x) * 4]! < 64) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return [sx / n, sy / n];
}

function meanDifference(a: RasterImage, b: RasterImage): number {
  let d = 0;
  for (let i = 0; i < a.data.length; i += 4) d += Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
  return d / (a.width * a.height * 3);
}

describe('rasterizing a page that is one scanned picture', () => {
  const cases: Array<[Kind, 0 | 90 | 180 | 270, boolean]> = [
    ['gray', 0, false],
    ['gray', 90, false],
    ['gray', 180, true],
    ['gray', 270, false],
    ['rgb', 90, true],
    ['bilevel', 0, false],
    ['bilevel', 270, true],
  ];
  it.each(cases)('%s picture, /Rotate %i, mirrored %s: the same pixels as pdf.js draws, without a canvas', async (kind, rotate, mirrored) => {
    const fast = await render(await scanPage(kind, rotate, mirrored, false), 100);
    // The same page with a small square drawn over the picture is drawn by pdf.js on a canvas.
    const drawn = await render(await scanPage(kind, rotate, mirrored, true), 100);
    expect(fast.canvases, 'the picture alone needs no canvas').toBe(0);
    expect(drawn.canvases).toBeGreaterThan(0);
    expect([fast.raster.width, fast.raster.height]).toEqual([drawn.raster.width, drawn.raster.height]);
    expect([fast.raster.width, fast.raster.height]).toEqual(rotate % 180 ? [250, 200] : [200, 250]);
    const [fx, fy] = darkCentre(fast.raster);
    const [dx, dy] = darkCentre(drawn.raster);
    expect(Math.abs(fx - dx), 'dark block x').toBeLessThan(1.5);
    expect(Math.abs(fy - dy), 'dark block y').toBeLessThan(1.5);
    expect(meanDifference(fast.raster, drawn.raster)).toBeLessThan(3);
  });

  it('the same page again at a lower resolution (OCR, then tables) gives the same picture', async () => {
    const bytes = await scanPage('gray', 90, false, false);
    const { env, canvases } = await countingPdfjs();
    const doc = await openDocument(bytes, { pdfjs: env });
    await doc.readPage(1);
    await doc.rasterize(1, 200);
    const again = await doc.rasterize(1, 100);
    await doc.close();
    const fresh = await render(bytes, 100);
    expect(canvases()).toBe(0);
    expect([again.width, again.height]).toEqual([fresh.raster.width, fresh.raster.height]);
    expect(meanDifference(again, fresh.raster)).toBeLessThan(3);
  });

  it('a scan with visible text over it is drawn by pdf.js (the text must show)', async () => {
    const { bytes } = await buildScanPdf(1, 100, [{ size: [200, 120], blocks: [{ kind: 'paragraph', text: 'Scanned words', size: 12 }] }]);
    const doc = await PDFDocument.load(bytes);
    const font = await doc.embedFont('Helvetica');
    doc.getPage(0).drawText('OVERLAY', { x: 10, y: 10, size: 20, font });
    const withText = await render(await doc.save(), 72);
    expect(withText.canvases).toBeGreaterThan(0);
  });
});

describe('OCR of a multi-page scan', () => {
  const pages = ['Alpha harbour report', 'Bravo library budget', 'Charlie council minutes'].map((heading) => ({
    size: [320, 160] as [number, number],
    blocks: [
      { kind: 'heading' as const, level: 2 as const, text: heading },
      { kind: 'paragraph' as const, text: 'The members approved the annual plan for the new building.', size: 11 },
    ],
  }));
  const textOf = (r: Awaited<ReturnType<typeof partition>>, page: number): string =>
    r.elements!.filter((e) => e.properties.page_number === page).map((e) => e.text_representation).join(' ');

  it('reads every page, each with its own text, in page order', async () => {
    const { bytes } = await buildScanPdf(3, 200, pages);
    const order: number[] = [];
    const r = await partition({ file: bytes, onEvent: (e) => e.kind === 'page' && order.push(e.pageNumber) });
    expect(r.status_code, r.error).toBe(200);
    expect(order).toEqual([1, 2, 3]);
    expect(textOf(r, 1)).toContain('Alpha');
    expect(textOf(r, 2)).toContain('Bravo');
    expect(textOf(r, 3)).toContain('Charlie');
    for (const p of [1, 2, 3]) expect(textOf(r, p)).toContain('annual plan');
    expect(r.elements!.map((e) => e.properties.page_number)).toEqual([...r.elements!.map((e) => e.properties.page_number)].sort());
  });

  it('with selected_pages, reads those pages only', async () => {
    const { bytes } = await buildScanPdf(3, 200, pages);
    const r = await partition({ file: bytes, options: { selected_pages: [1, 3] } });
    expect(r.status_code, r.error).toBe(200);
    expect(new Set(r.elements!.map((e) => e.properties.page_number))).toEqual(new Set([1, 3]));
    expect(textOf(r, 1)).toContain('Alpha');
    expect(textOf(r, 3)).toContain('Charlie');
    expect(r.status.some((s) => /OCR on page 2\b/.test(s))).toBe(false);
    await releaseOcrEngines();
    expect(liveOcrWorkers()).toBe(0);
  });
});
