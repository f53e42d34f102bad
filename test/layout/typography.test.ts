// Typographic rules of the second layout round, on synthetic pages where the truth is exact:
// letter-spaced headings, chart labels kept inside their figure, enumerator and caption false
// positives, bylines, bold faces pdf.js does not flag, notes under tables, publisher footers.
import { describe, expect, it } from 'vitest';
import { labelPage } from '../../src/core/layout/index.ts';
import { buildLines } from '../../src/core/layout/lines.ts';
import { opensCaption } from '../../src/core/layout/patterns.ts';
import type { PageContent, TextRun, VectorPath } from '../../src/core/pdf/types.ts';
import type { Region } from '../../src/core/stage.ts';
import { textRun } from '../fixtures/runs.ts';

const run = textRun;

/** A paragraph of `n` full lines at x0..x0+w (width via the text length: 0.5 em per char). */
function paragraph(x0: number, y0: number, n: number, chars = 90, opts: Partial<TextRun> = {}): TextRun[] {
  return Array.from({ length: n }, (_, i) => run('word '.repeat(chars / 5).trim() + (i === n - 1 ? '.' : ''), x0, y0 + i * 12, opts));
}

function page(textRuns: TextRun[], paths: VectorPath[] = [], pageNumber = 2): PageContent {
  return { pageNumber, width: 595, height: 842, rotate: 0, textRuns, paths, images: [] };
}

const typeOf = (els: ReturnType<typeof labelPage>, start: string) => els.find((e) => (e.text ?? e.lines.join(' ')).startsWith(start))?.candidates[0]!.type;

describe('letter-spaced type', () => {
  it('reads one run per letter as words, split only at the wider word gaps', () => {
    const letters = (word: string, x: number) => [...word].map((c, i) => run(c, x + i * 9, 100));
    // 5pt letters 4pt apart; the word gap is 10pt (wider than a gutter of plain text).
    const lines = buildLines([...letters('article', 50), ...letters('info', 50 + 7 * 9 + 6)]);
    expect(lines.map((l) => l.text)).toEqual(['article info']);
  });

  it('removes the spaces of runs with a space between every letter', () => {
    const lines = buildLines([run('j o', 50, 100), run('u r', 66, 100), run('n a l', 82, 100), run('h o', 112, 100), run('m e', 128, 100)]);
    expect(lines[0]!.text).toBe('journal home');
  });

  it('keeps spaced formulas as they are', () => {
    expect(buildLines([run('a + b = c', 50, 100)])[0]!.text).toBe('a + b = c');
  });
});

describe('patterns', () => {
  it('a sentence that starts with a figure reference is no caption', () => {
    expect(opensCaption('Fig. 4 shows the SEM images')).toBe(false);
    expect(opensCaption('Fig. 6a presents the effect')).toBe(false);
    expect(opensCaption('Fig. 4. SEM images of carbon')).toBe(true);
    expect(opensCaption('Table 2')).toBe(true);
  });

  it('numbers inside running text do not open list items', () => {
    const els = labelPage(page([...paragraph(50, 100, 3), run('19.8%. When the temperature of deionized water was raised the rate fell', 50, 136)]));
    expect(els.filter((e) => e.candidates[0]!.type === 'List-item')).toEqual([]);
  });
});

describe('labels', () => {
  it('takes a heading set in an unflagged bold face (a font of its own) at the column edge', () => {
    const runs = [...paragraph(50, 100, 4), run('Acknowledgments', 50, 160, { fontName: 'GulliverBL' }), ...paragraph(50, 180, 4)];
    expect(typeOf(labelPage(page(runs)), 'Acknowledgments')).toBe('Section-header');
  });

  it('a byline with affiliation marks is text, not a heading', () => {
    const byline = [run('Jane Roe', 50, 100, { fontSize: 13 }), run('a,b', 103, 98, { fontSize: 8 }), run(', John Doe', 118, 100, { fontSize: 13 }), run('a', 185, 98, { fontSize: 8 }), run(', Max Mustermann', 190, 100, { fontSize: 13 })];
    const els = labelPage(page([...byline, ...paragraph(50, 140, 6)]));
    expect(typeOf(els, 'Jane Roe')).toBe('Text');
  });

  it('chart tick values and axis titles stay inside the chart', () => {
    // A plot: frame, tick marks and a curve; tick values left of and below it, axis title under them.
    const paths: VectorPath[] = [
      { kind: 'rect', rect: { x0: 100, y0: 100, x1: 300, y1: 250 }, stroked: true, filled: false, lineWidth: 0.5 },
      { kind: 'curve', rect: { x0: 110, y0: 120, x1: 290, y1: 240 }, stroked: true, filled: false, lineWidth: 1 },
      ...Array.from({ length: 10 }, (_, i): VectorPath => ({ kind: 'line', rect: { x0: 100 + i * 20, y0: 250, x1: 100.5 + i * 20, y1: 253 }, stroked: true, filled: false, lineWidth: 0.5 })),
    ];
    const ticks = [0, 1, 2, 3, 4].map((v, i) => run(String(v), 100 + i * 50, 254, { fontSize: 8, fontName: 'Arial' }));
    const values = ['0.5', '1.0', '1.5'].map((v, i) => run(v, 86, 230 - i * 50, { fontSize: 8, fontName: 'Arial' }));
    const axis = run('Time (h)', 180, 264, { fontSize: 8, fontName: 'Arial' });
    const els = labelPage(page([...ticks, ...values, axis, ...paragraph(50, 400, 8)], paths));
    expect(els.filter((e) => e.candidates[0]!.type === 'Image')).toHaveLength(1);
    const image = els.find((e) => e.candidates[0]!.type === 'Image')!;
    expect(image.rect.y1).toBeGreaterThanOrEqual(272);
    expect(image.rect.x0).toBeLessThanOrEqual(86);
    expect(els.filter((e) => e.candidates[0]!.type !== 'Image').every((e) => e.rect.y0 >= 400)).toBe(true);
  });

  it('small lines opened by a mark right under a table are its notes, one element each', () => {
    const table: Region = { type: 'table', rect: { x0: 50, y0: 100, x1: 500, y1: 200 }, score: 0.9, text: 'x' };
    // Marks set small and raised, as the lettered affiliations of a paper are (which are a list).
    const note = (mark: string, text: string, y: number) => [run(mark, 50, y - 1, { fontSize: 5 }), run(text, 54, y, { fontSize: 7 })];
    const runs = [...note('a', 'Initial concentrations.', 202), ...note('b', 'Maximum adsorbed amount.', 211), ...paragraph(50, 300, 8)];
    const els = labelPage(page(runs), { regions: [table] });
    const notes = els.filter((e) => e.candidates[0]!.type === 'Footnote');
    expect(notes.map((n) => n.lines.join(' '))).toEqual(['a Initial concentrations.', 'b Maximum adsorbed amount.']);
  });

  it('a DOI and copyright line at the foot of the page is a page footer', () => {
    const runs = [...paragraph(50, 100, 20), run('http://dx.doi.org/10.1016/j.x.2014.03.045', 50, 752, { fontSize: 7 }), run('0304-3894/© 2014 Elsevier B.V. All rights reserved.', 50, 761, { fontSize: 7 })];
    expect(typeOf(labelPage(page(runs, [], 1)), 'http://dx.doi.org')).toBe('Page-footer');
  });
});
