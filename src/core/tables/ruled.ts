// Ruled tables: a connected frame of horizontal and vertical rulings gives the grid lines; a cell
// boundary exists where a ruling covers most of the edge between two grid slots, and slots with no
// boundary between them merge into spanning cells.
import type { Rect } from '../pdf/types.ts';
import { guessHeaderRows, type Grid, type GridCell } from './grid.ts';
import { clusterPositions, type Ruling, type RulingGroup } from './rulings.ts';
import type { Word } from './words.ts';

/** Grid lines closer than this are one line (double rules, rounding). */
const LINE_TOL = 3;
/** A ruling must cover this much of a slot's edge to separate the two slots. */
const EDGE_COVER = 0.6;

function covered(rulings: readonly Ruling[], pos: number, from: number, to: number): boolean {
  const need = (to - from) * EDGE_COVER;
  let got = 0;
  for (const r of rulings) {
    if (Math.abs(r.pos - pos) > LINE_TOL) continue;
    got += Math.max(0, Math.min(r.to, to) - Math.max(r.from, from));
  }
  return got >= need;
}

const center = (r: Rect): [number, number] => [(r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2];

/** The grid of one ruling frame, or null when it is not a table (too few cells or no text). */
export function ruledGrid(group: RulingGroup, words: readonly Word[]): Grid | null {
  const hs = group.rulings.filter((r) => r.horizontal);
  const vs = group.rulings.filter((r) => !r.horizontal);
  if (hs.length < 2 || vs.length < 1) return null;
  const { rect } = group;
  // The frame's outer edges count as grid lines even where no ruling is drawn (open sides).
  const xs = clusterPositions([rect.x0, rect.x1, ...vs.map((v) => v.pos)], LINE_TOL);
  const ys = clusterPositions([rect.y0, rect.y1, ...hs.map((h) => h.pos)], LINE_TOL);
  const nc = xs.length - 1;
  const nr = ys.length - 1;
  if (nc < 1 || nr < 1 || nc * nr < 2) return null;

  // Union-find over slots: merge neighbours with no ruling between them.
  const id = (r: number, c: number): number => r * nc + c;
  const parent = Array.from({ length: nr * nc }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const union = (a: number, b: number): void => {
    parent[find(a)] = find(b);
  };
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      if (c + 1 < nc && !covered(vs, xs[c + 1]!, ys[r]!, ys[r + 1]!)) union(id(r, c), id(r, c + 1));
      if (r + 1 < nr && !covered(hs, ys[r + 1]!, xs[c]!, xs[c + 1]!)) union(id(r, c), id(r + 1, c));
    }
  }
  // Each merged group's bounding range of slots is a cell; non-rectangular merges (a missing
  // ruling inside a block) take their bounding range, and slots already taken are skipped.
  const ranges = new Map<number, { r0: number; r1: number; c0: number; c1: number }>();
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const k = find(id(r, c));
      const g = ranges.get(k);
      if (!g) ranges.set(k, { r0: r, r1: r, c0: c, c1: c });
      else {
        g.r0 = Math.min(g.r0, r);
        g.r1 = Math.max(g.r1, r);
        g.c0 = Math.min(g.c0, c);
        g.c1 = Math.max(g.c1, c);
      }
    }
  }
  const owner = new Int32Array(nr * nc).fill(-1);
  const cells: GridCell[] = [];
  for (const g of [...ranges.values()].sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0)) {
    let free = true;
    for (let r = g.r0; r <= g.r1 && free; r++) for (let c = g.c0; c <= g.c1; c++) if (owner[id(r, c)]! >= 0) free = false;
    if (!free) continue;
    for (let r = g.r0; r <= g.r1; r++) for (let c = g.c0; c <= g.c1; c++) owner[id(r, c)] = cells.length;
    cells.push({ ...g, rect: { x0: xs[g.c0]!, y0: ys[g.r0]!, x1: xs[g.c1 + 1]!, y1: ys[g.r1 + 1]! }, words: [] });
  }

  const slotOf = (v: number, lines: readonly number[]): number => {
    for (let i = 0; i + 1 < lines.length; i++) if (v >= lines[i]! && v < lines[i + 1]!) return i;
    return -1;
  };
  let inside = 0;
  const leftovers: Word[] = [];
  for (const w of words) {
    const [cx, cy] = center(w.rect);
    const c = slotOf(cx, xs);
    const r = slotOf(cy, ys);
    if (c < 0 || r < 0) {
      if (overlaps(w.rect, rect)) leftovers.push(w); // the caller passes only words mostly inside
      continue;
    }
    const o = owner[id(r, c)]!;
    if (o >= 0) {
      cells[o]!.words.push(w);
      inside++;
    }
  }
  return finishGrid(cells, nr, nc, rect, inside, 'ruled', leftovers);
}

/** Drops empty sliver rows/columns, renumbers, checks the grid is a table. */
const overlaps = (a: Rect, b: Rect): boolean => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

export function finishGrid(
  cells: GridCell[],
  nr: number,
  nc: number,
  rect: Rect,
  words: number,
  engine: Grid['engine'],
  leftovers: Word[] = [],
): Grid | null {
  const filled = cells.filter((c) => c.words.length > 0);
  if (filled.length < 2 || words < 2) return null;
  // Rows / columns that hold no cell's start and no text are removed when every cell crossing them
  // spans further (they are artefacts of doubled lines or offset rulings).
  const keepRow = Array.from({ length: nr }, (_, r) => cells.some((c) => c.r0 === r));
  const keepCol = Array.from({ length: nc }, (_, c) => cells.some((x) => x.c0 === c));
  const rowMap = remap(keepRow);
  const colMap = remap(keepCol);
  const out = cells.map((c) => ({
    ...c,
    r0: rowMap[c.r0]!,
    r1: lastKept(rowMap, keepRow, c.r0, c.r1),
    c0: colMap[c.c0]!,
    c1: lastKept(colMap, keepCol, c.c0, c.c1),
  }));
  const numRows = keepRow.filter(Boolean).length;
  const numCols = keepCol.filter(Boolean).length;
  // Fully empty rows and columns carry nothing for a reader; drop them too.
  const pruned = pruneEmpty(out, numRows, numCols);
  if (pruned.numRows * pruned.numCols < 2 || pruned.numCols < 1) return null;
  if (pruned.numRows < 2 && pruned.numCols < 2) return null;
  return {
    rect,
    numRows: pruned.numRows,
    numCols: pruned.numCols,
    cells: pruned.cells,
    headerRows: guessHeaderRows(pruned.cells, pruned.numRows),
    engine,
    score: engine === 'ruled' ? 0.9 : 0.75,
    leftovers,
  };
}

function remap(keep: readonly boolean[]): number[] {
  const map: number[] = [];
  let n = 0;
  for (let i = 0; i < keep.length; i++) {
    map.push(keep[i] ? n : Math.max(0, n - 1));
    if (keep[i]) n++;
  }
  return map;
}

function lastKept(map: readonly number[], keep: readonly boolean[], from: number, to: number): number {
  let last = map[from]!;
  for (let i = from; i <= to; i++) if (keep[i]) last = map[i]!;
  return last;
}

function pruneEmpty(cells: GridCell[], numRows: number, numCols: number): { cells: GridCell[]; numRows: number; numCols: number } {
  const rowHas = Array<boolean>(numRows).fill(false);
  const colHas = Array<boolean>(numCols).fill(false);
  for (const c of cells) {
    if (c.words.length === 0) continue;
    for (let r = c.r0; r <= c.r1; r++) rowHas[r] = true;
    for (let k = c.c0; k <= c.c1; k++) colHas[k] = true;
  }
  const rowMap = remap(rowHas);
  const colMap = remap(colHas);
  const kept = cells
    .filter((c) => rangeHas(rowHas, c.r0, c.r1) && rangeHas(colHas, c.c0, c.c1))
    .map((c) => ({
      ...c,
      r0: firstKept(rowMap, rowHas, c.r0, c.r1),
      r1: lastKept(rowMap, rowHas, c.r0, c.r1),
      c0: firstKept(colMap, colHas, c.c0, c.c1),
      c1: lastKept(colMap, colHas, c.c0, c.c1),
    }));
  // Two cells may now claim the same slot (an empty spanning cell over a removed row): keep the
  // first one with text.
  const seen = new Set<string>();
  const cellsOut: GridCell[] = [];
  for (const c of [...kept].sort((a, b) => b.words.length - a.words.length)) {
    const slots: string[] = [];
    for (let r = c.r0; r <= c.r1; r++) for (let k = c.c0; k <= c.c1; k++) slots.push(`${r},${k}`);
    if (slots.some((s) => seen.has(s))) continue;
    for (const s of slots) seen.add(s);
    cellsOut.push(c);
  }
  cellsOut.sort((a, b) => a.r0 - b.r0 || a.c0 - b.c0);
  return { cells: cellsOut, numRows: rowHas.filter(Boolean).length, numCols: colHas.filter(Boolean).length };
}

function rangeHas(has: readonly boolean[], from: number, to: number): boolean {
  for (let i = from; i <= to; i++) if (has[i]) return true;
  return false;
}

function firstKept(map: readonly number[], keep: readonly boolean[], from: number, to: number): number {
  for (let i = from; i <= to; i++) if (keep[i]) return map[i]!;
  return map[from]!;
}
