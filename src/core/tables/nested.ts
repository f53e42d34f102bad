// Tables nested in a cell of a ruled table (word processors allow a table inside a cell). The outer
// grid keeps the cell whole (the inner rulings cover too little of the outer row to split it), and
// the inner table is found again from the rulings lying inside that cell: it becomes a table of its
// own, returned next to the outer one, so its rows and columns are not lost in one cell's text.
import type { Rect } from '../pdf/types.ts';
import type { Grid, GridCell } from './grid.ts';
import { ruledGrid } from './ruled.ts';
import type { Ruling, RulingGroup } from './rulings.ts';
import type { Word } from './words.ts';

const TOL = 3;

const centerIn = (w: Word, r: Rect): boolean => {
  const cx = (w.rect.x0 + w.rect.x1) / 2;
  const cy = (w.rect.y0 + w.rect.y1) / 2;
  return cx >= r.x0 && cx <= r.x1 && cy >= r.y0 && cy <= r.y1;
};

/** The part of a ruling inside `r` (null when it does not cross it). */
function clip(ru: Ruling, r: Rect): Ruling | null {
  const [lo, hi] = ru.horizontal ? [r.x0, r.x1] : [r.y0, r.y1];
  const from = Math.max(ru.from, lo);
  const to = Math.min(ru.to, hi);
  return to - from > TOL ? { ...ru, from, to } : null;
}

/** The frame of rulings strictly inside one cell, with the cell's own borders where the inner frame
 * rests on them (a nested table drawn flush against its cell's top or bottom). */
function innerFrame(cell: GridCell, rulings: readonly Ruling[]): RulingGroup | null {
  const r = cell.rect;
  const inner: Ruling[] = [];
  for (const ru of rulings) {
    const [lo, hi] = ru.horizontal ? [r.y0, r.y1] : [r.x0, r.x1];
    if (ru.pos <= lo + TOL || ru.pos >= hi - TOL) continue;
    const c = clip(ru, r);
    // A ruling running the cell's whole length is a border the outer grid chose not to use (a
    // partial row rule), not part of a nested table.
    if (c && c.to - c.from < (ru.horizontal ? r.x1 - r.x0 : r.y1 - r.y0) - 2 * TOL) inner.push(c);
  }
  const hs = inner.filter((x) => x.horizontal);
  const vs = inner.filter((x) => !x.horizontal);
  if (vs.length < 2 || hs.length < 1) return null;
  const rect: Rect = {
    x0: Math.min(...hs.map((h) => h.from), ...vs.map((v) => v.pos)),
    x1: Math.max(...hs.map((h) => h.to), ...vs.map((v) => v.pos)),
    y0: Math.min(...vs.map((v) => v.from), ...hs.map((h) => h.pos)),
    y1: Math.max(...vs.map((v) => v.to), ...hs.map((h) => h.pos)),
  };
  // The cell's borders, where the inner frame's top or bottom lies on them.
  for (const y of [r.y0, r.y1]) {
    if ((Math.abs(rect.y0 - y) <= TOL || Math.abs(rect.y1 - y) <= TOL) && !hs.some((h) => Math.abs(h.pos - y) <= TOL)) {
      inner.push({ horizontal: true, pos: y, from: rect.x0, to: rect.x1 });
    }
  }
  for (const x of [r.x0, r.x1]) {
    if ((Math.abs(rect.x0 - x) <= TOL || Math.abs(rect.x1 - x) <= TOL) && !vs.some((v) => Math.abs(v.pos - x) <= TOL)) {
      inner.push({ horizontal: false, pos: x, from: rect.y0, to: rect.y1 });
    }
  }
  return { rulings: inner, rect };
}

/** Tables drawn inside the cells of `outer` (built from `group`), each with at least two filled cells. */
export function nestedGrids(outer: Grid, group: RulingGroup, words: readonly Word[]): Grid[] {
  const out: Grid[] = [];
  for (const cell of outer.cells) {
    if (cell.words.length < 2) continue;
    const frame = innerFrame(cell, group.rulings);
    if (!frame) continue;
    const grid = ruledGrid(frame, words.filter((w) => centerIn(w, frame.rect)));
    if (!grid || grid.numRows * grid.numCols < 2) continue;
    if (grid.cells.filter((c) => c.words.length).length < 2) continue;
    grid.nested = true;
    out.push(grid);
  }
  return out;
}
