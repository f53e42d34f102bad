// Structure cases that generated PDFs cannot draw: spanning cells (multi-row headers), a table
// continued on the next page, words that straddle a cell border (include_additional_text). Pages are
// built directly as PageContent: text runs and rulings in points, top-left frame.
import { describe, expect, it } from 'vitest';
import type { OpenedDocument, PageContent, TextRun, VectorPath } from '../../src/core/pdf/types.ts';
import { tablesOfPage } from '../../src/core/tables/index.ts';
import { grid, options } from './helpers.ts';

const run = (text: string, x0: number, y0: number, size = 10): TextRun => ({
  text,
  rect: { x0, y0, x1: x0 + text.length * size * 0.5, y1: y0 + size * 1.2 },
  fontName: 'Helvetica',
  fontSize: size,
  bold: false,
  italic: false,
  dir: 'ltr',
  angle: 0,
  hasEOL: false,
});
const hline = (y: number, x0: number, x1: number): VectorPath => ({ kind: 'line', rect: { x0, y0: y - 0.25, x1, y1: y + 0.25 }, stroked: true, filled: false, lineWidth: 0.5 });
const vline = (x: number, y0: number, y1: number): VectorPath => ({ kind: 'line', rect: { x0: x - 0.25, y0, x1: x + 0.25, y1 }, stroked: true, filled: false, lineWidth: 0.5 });

function page(pageNumber: number, textRuns: TextRun[], paths: VectorPath[]): PageContent {
  return { pageNumber, width: 595, height: 842, rotate: 0, textRuns, paths, images: [] };
}

/**
 *  x: 100        200          300          400
 *  y 100 +--------+-------------------------+
 *        | Region |        Releases         |   (row 0: "Region" spans rows 0-1; "Releases" spans cols 1-2)
 *    120 |        +------------+------------+
 *        |        | to air     | to water   |
 *    140 +--------+------------+------------+
 *        | North  | 10         | 20         |
 *    160 +--------+------------+------------+
 *        | South  | 30         | 40         |
 *    180 +--------+------------+------------+
 */
function spanningPage(pageNumber = 1, yShift = 0): PageContent {
  const y = (v: number): number => v + yShift;
  return page(
    pageNumber,
    [run('Region', 105, y(113)), run('Releases', 250, y(103)), run('to air', 205, y(123)), run('to water', 305, y(123)), run('North', 105, y(143)), run('10', 205, y(143)), run('20', 305, y(143)), run('South', 105, y(163)), run('30', 205, y(163)), run('40', 305, y(163))],
    [
      hline(y(100), 100, 400),
      hline(y(120), 200, 400),
      hline(y(140), 100, 400),
      hline(y(160), 100, 400),
      hline(y(180), 100, 400),
      vline(100, y(100), y(180)),
      vline(200, y(100), y(180)),
      vline(300, y(120), y(180)),
      vline(400, y(100), y(180)),
    ],
  );
}

describe('spanning cells', () => {
  it('a cell spanning two columns and one spanning two rows keep their spans, and both header rows are headers', () => {
    const [region] = tablesOfPage(spanningPage(), { options: options(), status: () => {} });
    const t = region!.table!;
    expect(t.num_rows).toBe(4);
    expect(t.num_cols).toBe(3);
    const region0 = t.cells.find((c) => c.content === 'Region')!;
    expect(region0).toMatchObject({ rows: [0, 1], cols: [0], is_header: true });
    expect(t.cells.find((c) => c.content === 'Releases')).toMatchObject({ rows: [0], cols: [1, 2], is_header: true });
    expect(t.cells.find((c) => c.content === 'to air')).toMatchObject({ rows: [1], cols: [1], is_header: true });
    expect(t.cells.find((c) => c.content === 'North')).toMatchObject({ rows: [2], cols: [0], is_header: false });
    expect(t.column_headers).toEqual(['Region', 'Releases to air', 'Releases to water']);
    expect(grid(region!)).toEqual([
      ['Region', 'Releases', ''],
      ['', 'to air', 'to water'],
      ['North', '10', '20'],
      ['South', '30', '40'],
    ]);
    // The spanning cell's box covers both slots.
    expect(region0.bbox.y1).toBeCloseTo(100 / 842, 3);
    expect(region0.bbox.y2).toBeCloseTo(140 / 842, 3);
  });
});

describe('a table continued on the next page', () => {
  it('stays two tables; the second records the first one\'s page and header', () => {
    const doc = {} as OpenedDocument; // only its identity is used, to link consecutive pages
    const ctx = { options: options(), status: () => {}, doc };
    // Page 1: the table ends near the bottom. Page 2: the body continues at the top, no header.
    const first = tablesOfPage(spanningPage(1, 620), ctx);
    const p2 = page(
      2,
      [run('East', 105, 63), run('50', 205, 63), run('60', 305, 63), run('West', 105, 83), run('70', 205, 83), run('80', 305, 83)],
      [hline(60, 100, 400), hline(80, 100, 400), hline(100, 100, 400), vline(100, 60, 100), vline(200, 60, 100), vline(300, 60, 100), vline(400, 60, 100)],
    );
    const second = tablesOfPage(p2, ctx);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    const t2 = second[0]!.table!;
    expect(t2.cells.every((c) => !c.is_header)).toBe(true);
    expect(t2.column_headers).toEqual(['Region', 'Releases to air', 'Releases to water']);
    expect(second[0]!.properties!.continued_from).toEqual({ page_number: 1, column_headers: ['Region', 'Releases to air', 'Releases to water'] });
    expect(first[0]!.properties!.continued_from).toBeUndefined();
  });
});

describe('include_additional_text', () => {
  it('merges a word lying on a cell border into the cell it overlaps most, and leaves it out when off', () => {
    const p = spanningPage();
    // A word hanging over the frame's right edge (its centre outside), overlapping the last column.
    p.textRuns.push(run('kgkgkgkg', 385, 163));
    const on = tablesOfPage(p, { options: options(), status: () => {} })[0]!;
    expect(on.table!.cells.find((c) => c.rows[0] === 3 && c.cols[0] === 2)!.content).toBe('40 kgkgkgkg');
    const off = tablesOfPage(p, { options: options({ table_extraction_options: { include_additional_text: false } }), status: () => {} })[0]!;
    expect(off.table!.cells.find((c) => c.rows[0] === 3 && c.cols[0] === 2)!.content).toBe('40');
  });
});

describe('page furniture', () => {
  it('a frame around the whole page, with a rule under the header, is not a table', () => {
    const lines = Array.from({ length: 30 }, (_, i) => run(`Running text of the report, line ${i + 1}, set in one column`, 60, 90 + i * 14));
    const p = page(1, [run('Annual report 2024', 60, 40), ...lines], [
      { kind: 'rect', rect: { x0: 20, y0: 20, x1: 575, y1: 822 }, stroked: true, filled: false, lineWidth: 1 },
      hline(60, 20, 575),
    ]);
    expect(tablesOfPage(p, { options: options(), status: () => {} })).toEqual([]);
    // A frame inside the margins, around the same text, neither.
    p.paths[0] = { kind: 'rect', rect: { x0: 50, y0: 30, x1: 545, y1: 600 }, stroked: true, filled: false, lineWidth: 1 };
    p.paths[1] = hline(60, 50, 545);
    expect(tablesOfPage(p, { options: options(), status: () => {} })).toEqual([]);
  });
});

/**
 * A ruled table whose first rule is drawn under its header: the column names above it are set at
 * 45 degrees, their feet on the rule; a group name stands upright over the three turned columns.
 *
 *                       Scores
 *               /Alpha  /Beta  /Gamma
 *  y 200 +--------+------+------+------+   x: 100, 200, 260, 320, 380
 *        | North  | 1    | 2    | 3    |
 *        | South  | 4    | 5    | 6    |
 *        | East   | 7    | 8    | 9    |
 *    260 +--------+------+------+------+
 */
function turnedHeaderPage(withTurned: boolean): PageContent {
  const turned = (text: string, foot: number): TextRun => {
    const len = text.length * 5 * Math.SQRT1_2;
    return { ...run(text, foot, 0), rect: { x0: foot, y0: 198 - len - 7, x1: foot + len + 7, y1: 198 }, angle: 45 };
  };
  const rows = [['North', '1', '2', '3'], ['South', '4', '5', '6'], ['East', '7', '8', '9']];
  const body = rows.flatMap((r, i) => r.map((t, c) => run(t, [105, 205, 265, 325][c]!, 203 + i * 19)));
  const header = withTurned ? [turned('Alpha', 205), turned('Beta', 265), turned('Gamma', 325), run('Item', 105, 186)] : [];
  return page(1, [run('Scores', 275, 160), ...header, ...body], [
    hline(200, 100, 380),
    ...[220, 240].map((y) => hline(y, 100, 380)),
    hline(260, 100, 380),
    ...[100, 200, 260, 320, 380].map((x) => vline(x, 200, 260)),
  ]);
}

describe('column names set at an angle above the top rule', () => {
  it('become the header rows, with the group name over them spanning its columns', () => {
    const [region] = tablesOfPage(turnedHeaderPage(true), { options: options(), status: () => {} });
    expect(grid(region!)).toEqual([
      ['', 'Scores', '', ''],
      ['Item', 'Alpha', 'Beta', 'Gamma'],
      ['North', '1', '2', '3'],
      ['South', '4', '5', '6'],
      ['East', '7', '8', '9'],
    ]);
    const t = region!.table!;
    expect(t.cells.find((c) => c.content === 'Scores')).toMatchObject({ rows: [0], cols: [1, 2, 3], is_header: true });
    expect(t.cells.find((c) => c.content === 'North')).toMatchObject({ is_header: false });
    expect(region!.rect.y0).toBeLessThanOrEqual(160.5); // the region takes the header in, so its words are no stray text
  });

  it('without turned names, text above the table stays outside it', () => {
    const [region] = tablesOfPage(turnedHeaderPage(false), { options: options(), status: () => {} });
    expect(grid(region!)[0]).toEqual(['North', '1', '2', '3']);
    expect(region!.rect.y0).toBeGreaterThan(195);
  });
});

describe('a summary row set under the bottom rule', () => {
  const withBelow = (extra: TextRun[]): PageContent => {
    const p = turnedHeaderPage(false);
    return { ...p, textRuns: [...p.textRuns, ...extra] };
  };

  it('is the table\'s last row: a label in the first column, a figure in each of the others', () => {
    const [region] = tablesOfPage(withBelow([run('Total', 105, 263), run('12', 205, 263), run('15', 265, 263), run('18', 325, 263)]), { options: options(), status: () => {} });
    expect(grid(region!).at(-1)).toEqual(['Total', '12', '15', '18']);
  });

  it('is not a note under the table, nor one line of a second table set right below', () => {
    const note = tablesOfPage(withBelow([run('Source: national statistics office, 2024 edition.', 105, 263)]), { options: options(), status: () => {} });
    expect(grid(note[0]!).at(-1)).toEqual(['East', '7', '8', '9']);
    const rows = [0, 1].flatMap((i) => [run('Total', 105, 263 + i * 12), run('12', 205, 263 + i * 12), run('15', 265, 263 + i * 12), run('18', 325, 263 + i * 12)]);
    const second = tablesOfPage(withBelow(rows), { options: options(), status: () => {} });
    expect(grid(second[0]!).at(-1)).toEqual(['East', '7', '8', '9']);
  });
});
