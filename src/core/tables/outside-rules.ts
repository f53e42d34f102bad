// Rows a ruled table sets outside its rules, which a reader still counts as the table's:
//  - column headers set at an angle above a table whose first rule is drawn under them (wide numeric
//    tables: each column's name turned 45 or 90 degrees, group names set upright over a few columns);
//  - a summary row set under the bottom rule ("Average  0.76  0.60 ...").
import type { Rect } from '../pdf/types.ts';
import { numericLike, type Grid, type GridCell } from './grid.ts';
import { finishLine, linesOf, unionOf, type TextLine, type Word } from './words.ts';

/** Turned headers: at least this many, their feet within this many points of the table's top. */
const MIN_TURNED = 3;
const FOOT_GAP = 12;

const centreX = (r: { x0: number; x1: number }): number => (r.x0 + r.x1) / 2;
const centreY = (r: Rect): number => (r.y0 + r.y1) / 2;

/** Where a turned name stands on the rule: its foot, at the left of its box (turned counter-clockwise). */
const footX = (w: Word): number => w.rect.x0 + Math.min(w.fontSize, w.rect.x1 - w.rect.x0) / 2;

interface Column {
  x0: number;
  x1: number;
}

function columnsOf(grid: Grid): Column[] {
  return Array.from({ length: grid.numCols }, (_, c) => ({
    x0: Math.min(...grid.cells.filter((x) => x.c0 === c).map((x) => x.rect.x0)),
    x1: Math.max(...grid.cells.filter((x) => x.c1 === c).map((x) => x.rect.x1)),
  }));
}

function columnAt(cols: readonly Column[], x: number): number {
  const i = cols.findIndex((c) => x < c.x1);
  return i < 0 ? cols.length - 1 : i;
}

function cell(r: number, c0: number, c1: number, words: Word[], cols: readonly Column[], y0: number, y1: number): GridCell {
  return { r0: r, r1: r, c0, c1, rect: { x0: cols[c0]!.x0, y0, x1: cols[c1]!.x1, y1 }, words };
}

/**
 * `grid` with the turned header band right above it as its first rows (one for the turned names
 * and the upright ones beside them, one above for group names spanning their columns); the words
 * used are removed from `free`. Unchanged when no such band stands there.
 */
export function adoptTurnedHeader(grid: Grid, free: Set<Word>): Grid {
  const { rect } = grid;
  const inSpan = (w: Word): boolean => centreX(w.rect) > rect.x0 - 2 && centreX(w.rect) < rect.x1 + 2;
  const turned = [...free].filter((w) => w.rotated && inSpan(w) && w.rect.y1 <= rect.y0 + 2 && w.rect.y1 >= rect.y0 - FOOT_GAP);
  if (turned.length < MIN_TURNED) return grid;
  const bandTop = Math.min(...turned.map((w) => w.rect.y0));
  const size = turned.map((w) => w.fontSize).sort((a, b) => a - b)[turned.length >> 1]!;
  const upright = [...free].filter((w) => !w.rotated && inSpan(w) && w.rect.y1 <= rect.y0 + 2 && centreY(w.rect) > bandTop - 1.5 * size);
  const beside = upright.filter((w) => centreY(w.rect) >= bandTop);
  const above = upright.filter((w) => centreY(w.rect) < bandTop);
  const cols = columnsOf(grid);
  const foot = rect.y0;
  const top = Math.min(bandTop, ...above.map((w) => w.rect.y0));

  // The header row: each name in the column its foot (turned) or centre (upright) stands in.
  const names: Word[][] = cols.map(() => []);
  for (const w of turned) names[columnAt(cols, footX(w))]!.push(w);
  for (const w of beside) names[columnAt(cols, centreX(w.rect))]!.push(w);
  const groupRows = above.length ? 1 : 0;
  const headerCells = names.map((ws, c) => cell(groupRows, c, c, ws.sort((a, b) => a.rect.x0 - b.rect.x0), cols, bandTop, foot));

  // Group names: each spans the turned columns from halfway to its left neighbour to halfway to its right one.
  const groupCells: GridCell[] = [];
  if (groupRows) {
    const groups = finishLine(above).segments;
    const turnedCols = new Set(turned.map((w) => columnAt(cols, footX(w))));
    const claimed = new Map<number, GridCell>();
    groups.forEach((g, i) => {
      const x = centreX(g.rect);
      const from = i > 0 ? (centreX(groups[i - 1]!.rect) + x) / 2 : -Infinity;
      const to = i + 1 < groups.length ? (centreX(groups[i + 1]!.rect) + x) / 2 : Infinity;
      const own = columnAt(cols, x);
      // A name over a column another name spans already joins that one's cell.
      const taken = claimed.get(own);
      if (taken) {
        taken.words.push(...g.words);
        return;
      }
      const span = cols.map((_, c) => c).filter((c) => c === own || (turnedCols.has(c) && !claimed.has(c) && centreX(cols[c]!) > from && centreX(cols[c]!) < to));
      // Only the contiguous run of columns around its own.
      let c0 = own;
      let c1 = own;
      while (span.includes(c0 - 1)) c0--;
      while (span.includes(c1 + 1)) c1++;
      const made = cell(0, c0, c1, [...g.words], cols, top, bandTop);
      for (let c = c0; c <= c1; c++) claimed.set(c, made);
      groupCells.push(made);
    });
    for (let c = 0; c < cols.length; c++) if (!claimed.has(c)) groupCells.push(cell(0, c, c, [], cols, top, bandTop));
  }

  const k = groupRows + 1;
  for (const w of [...turned, ...beside, ...above]) free.delete(w);
  return {
    ...grid,
    rect: unionOf([rect, ...turned.map((w) => w.rect), ...upright.map((w) => w.rect)]),
    numRows: grid.numRows + k,
    headerRows: k,
    cells: [...groupCells, ...headerCells, ...grid.cells.map((c) => ({ ...c, r0: c.r0 + k, r1: c.r1 + k }))],
  };
}

/**
 * `grid` with the line right under its bottom rule as its last row, when that line reads as one more
 * row of it (a summary row set below the rule: "Average  0.76  0.60 ..."): a label in the first
 * column and figures in at least two others, each part within one column, and no such line under
 * it (several would be a table of their own). The words used are removed from `free`.
 */
export function adoptRowBelow(grid: Grid, free: Set<Word>): Grid {
  const { rect } = grid;
  const cols = columnsOf(grid);
  const near = [...free].filter((w) => !w.rotated && centreX(w.rect) > rect.x0 && centreX(w.rect) < rect.x1 && w.rect.y0 >= rect.y1 - 2);
  const lines = linesOf(near);
  const [line, next] = lines;
  if (!line || line.rect.y0 > rect.y1 + line.fontSize) return grid;
  const parts = (l: TextLine) => l.segments.map((s) => ({ s, c0: columnAt(cols, s.rect.x0 + 1), c1: columnAt(cols, s.rect.x1 - 1) }));
  const fits = (l: TextLine): boolean => {
    const ps = parts(l);
    return (
      ps.length >= 3 &&
      ps[0]!.c0 === 0 &&
      !numericLike(ps[0]!.s.text) &&
      // The label may span columns; each figure stands within one, to the right of the part before.
      ps.slice(1).every((p, i) => p.c0 === p.c1 && p.c0 > ps[i]!.c1) &&
      ps.filter(({ s }) => numericLike(s.text)).length >= 2
    );
  };
  if (!fits(line) || (next && next.rect.y0 - line.rect.y1 < line.fontSize && fits(next))) return grid;
  const r = grid.numRows;
  const made = parts(line).map((p) => cell(r, p.c0, p.c1, p.s.words, cols, rect.y1, line.rect.y1));
  const covered = (c: number): boolean => made.some((m) => m.c0 <= c && c <= m.c1);
  for (const w of line.words) free.delete(w);
  return {
    ...grid,
    rect: unionOf([rect, line.rect]),
    numRows: r + 1,
    cells: [...grid.cells, ...made, ...cols.flatMap((_, c) => (covered(c) ? [] : [cell(r, c, c, [], cols, rect.y1, line.rect.y1)]))],
  };
}
