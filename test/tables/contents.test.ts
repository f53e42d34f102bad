// A table of contents (entries, leader dots, page numbers) is a table of entry and page; the dots
// are in no cell. Pages built directly from hand-made text runs.
import { describe, expect, it } from 'vitest';
import type { PageContent, TextRun } from '../../src/core/pdf/types.ts';
import { tablesOfPage } from '../../src/core/tables/index.ts';
import { textRun } from '../fixtures/runs.ts';
import { grid, options } from './helpers.ts';

/** One contents line at y: the entry at x, a leader of dots to x = 400, the page number at 410. */
function entry(text: string, page: string, y: number, x = 72): TextRun[] {
  const leaderStart = x + text.length * 5 + 5;
  const dots = Math.floor((400 - leaderStart) / 10); // `. ` is two glyphs, 5 pt each
  return [textRun(text, x, y), textRun('. '.repeat(dots).trim(), leaderStart, y), textRun(page, 410, y)];
}

const page = (textRuns: TextRun[]): PageContent => ({ pageNumber: 1, width: 595, height: 842, rotate: 0, textRuns, paths: [], images: [] });
const tables = (runs: TextRun[]) => tablesOfPage(page(runs), { options: options(), status: () => {} });

describe('tables of contents', () => {
  it('entries with leader dots to their page numbers are rows of entry and page', () => {
    const [region, more] = tables([
      textRun('Contents', 72, 60, { fontSize: 16 }),
      ...entry('Preface', 'xi', 100),
      ...entry('Chapter 1. Securing data', '1', 114),
      ...entry('1.1 Security fundamentals.', '2', 128, 84),
      ...entry('1.2 Current state', '2', 142, 84),
    ]);
    expect(more).toBeUndefined();
    expect(grid(region!)).toEqual([
      ['Preface', 'xi'],
      ['Chapter 1. Securing data', '1'],
      ['1.1 Security fundamentals', '2'],
      ['1.2 Current state', '2'],
    ]);
    expect(region!.rect.y0).toBeGreaterThan(90); // the heading is not part of it
  });

  it('reads leaders set glued to their entries', () => {
    const glued = (text: string, page: string, y: number): TextRun[] => [textRun(text + '.'.repeat(30), 72, y), textRun(page, 410, y)];
    const [region] = tables([...glued('Notices', 'vii', 100), ...glued('Trademarks', 'viii', 114), ...glued('Preface', 'xi', 128)]);
    expect(grid(region!)).toEqual([
      ['Notices', 'vii'],
      ['Trademarks', 'viii'],
      ['Preface', 'xi'],
    ]);
  });

  it('an entry wrapped over two lines is one row', () => {
    const [region] = tables([
      ...entry('2.1 Roles', '8', 100),
      textRun('2.1.1 DDM and DRDA application server access:', 72, 114),
      ...entry('QIBM_DB_DDMDRDA', '8', 128),
      ...entry('2.2 Separation of duties', '10', 142),
    ]);
    expect(grid(region!)).toEqual([
      ['2.1 Roles', '8'],
      ['2.1.1 DDM and DRDA application server access: QIBM_DB_DDMDRDA', '8'],
      ['2.2 Separation of duties', '10'],
    ]);
  });

  it('text with an ellipsis before a number, or two leader lines alone, is no table', () => {
    expect(
      tables([
        textRun('We waited.... 5 minutes passed and then', 72, 100),
        textRun('the count went on... 6', 72, 114),
        textRun('and on.... 7', 72, 128),
      ]),
    ).toEqual([]);
    expect(tables([...entry('Preface', 'xi', 100), ...entry('Notices', 'vii', 114)])).toEqual([]);
  });

  it('a LaTeX contents: chapters without leaders and a short leader are rows too; a footer or running header is not', () => {
    // 4ti2's manual: `1 Beginner's guide` and far right `5`; `. . 7` where the entry left room for two dots.
    // Page numbers set flush right, at 415 as those of entry() with one digit.
    const chapter = (text: string, pageNo: string, y: number): TextRun[] => [textRun(text, 72, y, { bold: true }), textRun(pageNo, 415 - 5 * pageNo.length, y, { bold: true })];
    const [region, more] = tables([
      textRun('CONTENTS', 72, 60, { italic: true }),
      textRun('4', 410, 60),
      ...chapter('1 Beginner guide', '5', 90),
      ...entry('1.1 Linear systems', '5', 104, 84),
      [textRun('1.1.3 What does an explicit solution to linear systems look like?', 84, 118), textRun('. .', 395, 118), textRun('7', 410, 118)].flat(),
      ...entry('1.2 Brief tutorial', '8', 132, 84),
      ...chapter('2 Advanced guide', '23', 156),
      ...entry('2.1 Affine systems', '23', 170, 84),
      textRun('Copyright 2014. All rights reserved.', 72, 230),
      textRun('iii', 400, 230), // at the page numbers' edge too
    ].flat());
    expect(more).toBeUndefined();
    expect(grid(region!)).toEqual([
      ['1 Beginner guide', '5'],
      ['1.1 Linear systems', '5'],
      ['1.1.3 What does an explicit solution to linear systems look like?', '7'],
      ['1.2 Brief tutorial', '8'],
      ['2 Advanced guide', '23'],
      ['2.1 Affine systems', '23'],
    ]);
  });
});
