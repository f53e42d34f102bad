import { describe, expect, it } from 'vitest';
import { openDocument } from '../../src/core/pdf/index.ts';
import { buildPdf, type DocDesc, type PageDesc } from '../fixtures/build-pdf.ts';
import { expectRunMatches, findRun, near } from './helpers.ts';

const PARA =
  'Tessera partitions documents in the browser. This paragraph is long enough to wrap over several lines of a column, ' +
  'so that line boxes and block boxes can be checked against what pdf.js reports for each text run.';

const rich = (over: Partial<PageDesc> = {}): PageDesc => ({
  header: 'Running header',
  footer: 'Page footer 1',
  blocks: [
    { kind: 'heading', level: 1, text: 'A Level One Heading' },
    { kind: 'paragraph', text: PARA },
    { kind: 'list', items: ['first item', 'second item'] },
    { kind: 'table', rows: [['Name', 'Value', 'Unit'], ['alpha', '1.5', 'kg'], ['beta', '22', 'm']] },
    { kind: 'image', width: 120, height: 60, pixels: [40, 20] },
    { kind: 'paragraph', text: 'Courier code line', font: 'Courier', size: 10 },
  ],
  ...over,
});

async function roundTrip(desc: DocDesc) {
  const { bytes, truth } = await buildPdf(desc);
  const doc = await openDocument(bytes);
  try {
    expect(doc.kind).toBe('pdf');
    expect(doc.numPages).toBe(desc.pages.length);
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) pages.push(await doc.readPage(n));
    return { pages, truth };
  } finally {
    await doc.close();
  }
}

describe('readPage on generated PDFs', () => {
  it('text runs land on the truth line boxes, with size and bold', async () => {
    const { pages, truth } = await roundTrip({ pages: [rich()] });
    const page = pages[0]!;
    const tp = truth.pages[0]!;
    expect(page.width).toBe(595);
    expect(page.height).toBe(842);
    expect(page.rotate).toBe(0);
    for (const line of tp.lines) expectRunMatches(findRun(page.textRuns, line.text), line);
    const heading = findRun(page.textRuns, 'A Level One Heading');
    expect(heading.fontName).toBe('Helvetica-Bold');
    expect(heading.dir).toBe('ltr');
    expect(findRun(page.textRuns, 'Courier code line').fontName).toBe('Courier');
    expect(findRun(page.textRuns, 'first item'.replace(/^/, '\u2022 ')).bold).toBe(false);
    // no whitespace-only runs
    expect(page.textRuns.every((r) => r.text.trim() !== '')).toBe(true);
    // every line ends a visual line: pdf.js marks the wrap points with hasEOL
    expect(page.textRuns.some((r) => r.hasEOL)).toBe(true);
  });

  it('italic fonts are detected from the font name', async () => {
    const { pages } = await roundTrip({ pages: [{ blocks: [{ kind: 'paragraph', text: 'Slanted words', font: 'Times-Italic' }] }] });
    const run = findRun(pages[0]!.textRuns, 'Slanted words');
    expect(run.italic).toBe(true);
    expect(run.bold).toBe(false);
  });

  it('table rulings are line paths at the right places', async () => {
    const { pages, truth } = await roundTrip({ pages: [rich()] });
    const lines = pages[0]!.paths.filter((p) => p.kind === 'line');
    const rulings = truth.pages[0]!.rulings;
    expect(rulings.length).toBe(4 + 4);
    for (const r of rulings) {
      // the path's box is the segment grown by half the line width
      const hit = lines.find((p) => near(p.rect, r.rect, r.thickness / 2 + 0.05));
      expect(hit, `ruling ${JSON.stringify(r.rect)} among ${JSON.stringify(lines.map((l) => l.rect))}`).toBeTruthy();
      expect(hit!.stroked).toBe(true);
      expect(hit!.lineWidth).toBeCloseTo(0.75, 2);
    }
  });

  it('image placements cover the truth rects with the pixel size', async () => {
    const { pages, truth } = await roundTrip({ pages: [rich()] });
    const imgs = pages[0]!.images;
    expect(imgs).toHaveLength(1);
    const t = truth.pages[0]!.images[0]!;
    expect(near(imgs[0]!.rect, t.rect, 0.01)).toBe(true);
    expect(imgs[0]!.pixelWidth).toBe(40);
    expect(imgs[0]!.pixelHeight).toBe(20);
  });

  it('filled rectangles and curves are classified', async () => {
    const { PDFDocument, rgb } = await import('pdf-lib');
    const d = await PDFDocument.create();
    const p = d.addPage([300, 300]);
    p.drawRectangle({ x: 10, y: 200, width: 100, height: 50, color: rgb(1, 0, 0) }); // rect
    p.drawRectangle({ x: 10, y: 150, width: 200, height: 1, color: rgb(0, 0, 0) }); // thin: line
    p.drawCircle({ x: 200, y: 60, size: 30, color: rgb(0, 0, 1) }); // curve
    const doc = await openDocument(await d.save());
    const page = await doc.readPage(1);
    await doc.close();
    const rect = page.paths.find((x) => x.kind === 'rect');
    expect(rect?.rect).toEqual({ x0: 10, y0: 50, x1: 110, y1: 100 });
    expect(rect?.filled).toBe(true);
    expect(rect?.stroked).toBe(false);
    const line = page.paths.find((x) => x.kind === 'line');
    expect(line?.rect).toEqual({ x0: 10, y0: 149, x1: 210, y1: 150 });
    const curve = page.paths.find((x) => x.kind === 'curve');
    expect(curve).toBeTruthy();
    expect(near(curve!.rect, { x0: 170, y0: 210, x1: 230, y1: 270 }, 0.5)).toBe(true);
  });

  for (const rotate of [90, 180, 270] as const) {
    for (const upright of [true, false]) {
      it(`/Rotate ${rotate} (${upright ? 'content upright on screen' : 'content turned with the page'}): boxes in the displayed frame`, async () => {
        const { pages, truth } = await roundTrip({ pages: [rich({ rotate, upright, size: [595, 842] })] });
        const page = pages[0]!;
        const tp = truth.pages[0]!;
        expect(page.rotate).toBe(rotate);
        expect(page.width).toBe(tp.width);
        expect(page.height).toBe(tp.height);
        expect(page.width).toBe(rotate === 180 ? 595 : 842);
        for (const line of tp.lines) expectRunMatches(findRun(page.textRuns, line.text), line);
        const lines = page.paths.filter((p) => p.kind === 'line');
        for (const r of tp.rulings) expect(lines.some((p) => near(p.rect, r.rect, 0.5))).toBe(true);
        expect(near(page.images[0]!.rect, tp.images[0]!.rect, 0.01)).toBe(true);
      });
    }
  }

  it('multi-column pages and several pages', async () => {
    const cols: PageDesc = {
      columns: 2,
      blocks: [
        { kind: 'heading', level: 2, text: 'Two columns' },
        ...Array.from({ length: 10 }, (_, i) => ({ kind: 'paragraph' as const, text: `Paragraph ${i}: ${PARA}` })),
      ],
    };
    const three: PageDesc = { columns: 3, size: [842, 595], blocks: [{ kind: 'paragraph', text: PARA }, { kind: 'heading', level: 3, text: 'Small' }] };
    const { pages, truth } = await roundTrip({ pages: [cols, three] });
    for (const [i, page] of pages.entries()) {
      expect(page.pageNumber).toBe(i + 1);
      for (const line of truth.pages[i]!.lines) {
        const same = truth.pages[i]!.lines.filter((l) => l.text === line.text);
        if (same.length === 1) expectRunMatches(findRun(page.textRuns, line.text), line);
      }
    }
    // the two columns really are side by side
    const xs = new Set(truth.pages[0]!.lines.map((l) => Math.round(l.rect.x0)));
    expect(xs.size).toBe(2);
  });

  it('reading a page does not render and is fast', async () => {
    const { bytes } = await buildPdf({ pages: Array.from({ length: 10 }, () => rich()) });
    const doc = await openDocument(bytes);
    const t0 = performance.now();
    for (let n = 1; n <= 10; n++) await doc.readPage(n);
    const ms = performance.now() - t0;
    await doc.close();
    expect(ms).toBeLessThan(5000);
  });
});
