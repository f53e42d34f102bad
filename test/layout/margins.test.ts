// Running matter on a page of its own (no other pages to confirm it by repetition): a sideways
// stamp along the edge, a row of short pieces across the foot, a header right under a download line.
import { describe, expect, it } from 'vitest';
import { labelPage } from '../../src/core/layout/index.ts';
import type { PageContent, TextRun } from '../../src/core/pdf/types.ts';
import { textRun } from '../fixtures/runs.ts';

const run = textRun;

const body = (y0: number, n: number) => Array.from({ length: n }, (_, i) => run('word '.repeat(18).trim() + (i === n - 1 ? '.' : ''), 72, y0 + i * 12));
const page = (textRuns: TextRun[]): PageContent => ({ pageNumber: 1, width: 612, height: 792, rotate: 0, textRuns, paths: [], images: [] });
const typeOf = (els: ReturnType<typeof labelPage>, start: string) => els.find((e) => e.lines.join(' ').startsWith(start))?.candidates[0]!.type;

describe('running matter on a single page', () => {
  it('takes a sideways stamp along the left edge for a page header, not body text', () => {
    const stamp = run('Downloaded from example.org at 6:51 on Monday November 11th 2019', 8, 158, { angle: 90 });
    stamp.rect = { x0: 8, y0: 158, x1: 19, y1: 522 };
    const els = labelPage(page([stamp, ...body(100, 20)]));
    expect(typeOf(els, 'Downloaded')).toBe('Page-header');
    expect(typeOf(els, 'word')).toBe('Text');
  });

  it('keeps sideways text inside the page (a rotated table heading) out of the running matter', () => {
    const label = run('Rotated heading', 300, 300, { angle: 90 });
    label.rect = { x0: 300, y0: 300, x1: 310, y1: 380 };
    expect(typeOf(labelPage(page([label, ...body(100, 10)])), 'Rotated')).not.toBe('Page-header');
  });

  it('makes a row of short pieces spread across the foot, below all text, a page footer', () => {
    const row = [run('Revision: 2.4', 72, 705), run('P/N 119-036', 276, 705), run('10 June 2019', 496, 705)];
    const els = labelPage(page([...body(100, 20), ...row]));
    for (const t of ['Revision', 'P/N', '10 June']) expect(typeOf(els, t)).toBe('Page-footer');
  });

  it('makes a page number and the title centred on its line, above all text, a page header', () => {
    // JSS style: `2` at the left margin, the short title centred, lower than the usual header band.
    const row = [run('2', 83, 71), run('zoo Design', 289, 72)];
    const els = labelPage(page([...row, ...body(105, 20)]));
    expect(typeOf(els, 'zoo Design')).toBe('Page-header');
    // A short line alone there, beside no page number, is no header on this page's own evidence.
    expect(typeOf(labelPage(page([run('zoo Design', 289, 72), ...body(105, 20)])), 'zoo Design')).not.toBe('Page-header');
  });

  it('leaves such a row alone when body text follows it', () => {
    const row = [run('Revision: 2.4', 72, 690), run('P/N 119-036', 276, 690), run('10 June 2019', 496, 690)];
    const els = labelPage(page([...body(100, 20), ...row, ...body(705, 3)]));
    expect(typeOf(els, 'Revision')).not.toBe('Page-footer');
  });

  it('keeps a download line above a running header as running matter', () => {
    const els = labelPage(page([run('Downloaded from http://example.org/ on July 12, 2017', 136, 6, { fontSize: 8 }), run('Advocacy in Action', 68, 17), ...body(60, 30)]));
    expect(typeOf(els, 'Downloaded')).toBe('Page-header');
    expect(typeOf(els, 'Advocacy')).toBe('Page-header');
  });
});
