// Tables without vertical rulings: columns from the alignment of text across rows (the gaps that
// no row's text crosses), rows from text lines (lines whose boxes overlap, or a wrapped line that
// only continues the cells above it, join one row). Horizontal rules, where present, separate rows
// and bound the table (booktabs, financial statements).
import type { Rect } from '../pdf/types.ts';
import { finishGrid } from './ruled.ts';
import { numericLike, type Grid, type GridCell } from './grid.ts';
import type { Ruling } from './rulings.ts';
import { finishLine, linesOf, unionOf, type TextLine, type Word } from './words.ts';

/** A column gap may be crossed by at most this share of the rows (spanning headers, long titles). */
const GAP_CROSSING = 0.2;

export interface Column {
  x0: number;
  x1: number;
}

export interface Gap {
  from: number;
  to: number;
  /** The least-crossed point of the gap: where the column border goes. */
  at: number;
}

/** Interior x-ranges that (almost) no line's segments cover: the gaps between columns. */
export function columnGaps(lines: readonly TextLine[], rect: Rect): Gap[] {
  const x0 = Math.floor(rect.x0);
  const width = Math.ceil(rect.x1) - x0 + 1;
  const cover = new Int32Array(width);
  for (const l of lines) {
    const seen = new Uint8Array(width);
    for (const s of l.segments) {
      for (let x = Math.max(0, Math.floor(s.rect.x0) - x0); x <= Math.min(width - 1, Math.ceil(s.rect.x1) - x0); x++) seen[x] = 1;
    }
    for (let x = 0; x < width; x++) cover[x]! += seen[x]!;
  }
  const multi = lines.filter((l) => l.segments.length > 1).length;
  const limit = Math.floor(GAP_CROSSING * multi);
  const fontSize = median(lines.map((l) => l.fontSize));
  const minGap = Math.max(2, 0.5 * fontSize);
  const gaps: Gap[] = [];
  let x = 0;
  while (x < width) {
    if (cover[x]! <= limit) {
      let end = x;
      while (end + 1 < width && cover[end + 1]! <= limit) end++;
      const isEdge = x === 0 || end === width - 1;
      if (!isEdge && end - x + 1 >= minGap) {
        // Split at the least-crossed point of the gap, so crossing text falls in one column.
        let best = x;
        for (let k = x; k <= end; k++) if (cover[k]! < cover[best]!) best = k;
        gaps.push({ from: x + x0, to: end + x0, at: best + x0 });
      }
      x = end + 1;
    } else x++;
  }
  return gaps;
}

/** Column bands from the x-coverage of the lines' segments. */
export function columnsOf(lines: readonly TextLine[], rect: Rect): Column[] {
  const cols: Column[] = [];
  let start = rect.x0;
  for (const g of columnGaps(lines, rect)) {
    cols.push({ x0: start, x1: g.at });
    start = g.at;
  }
  cols.push({ x0: start, x1: rect.x1 });
  return cols;
}

function median(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 10;
}

const startsLower = (text: string): boolean => /^[a-z(]/.test(text);

export interface Row {
  lines: TextLine[];
  rect: Rect;
}

/** Lines -> rows: overlapping lines join; wrapped continuation lines join the row above. */
export function rowsOf(lines: readonly TextLine[], cols: readonly Column[], hRules: readonly Ruling[]): Row[] {
  const rows: Row[] = [];
  const colsOfLine = (l: TextLine): Set<number> => {
    const s = new Set<number>();
    for (const seg of l.segments) cols.forEach((c, i) => {
      if (Math.min(seg.rect.x1, c.x1) - Math.max(seg.rect.x0, c.x0) > 0) s.add(i);
    });
    return s;
  };
  const ruleBetween = (y0: number, y1: number, x0: number, x1: number): boolean =>
    hRules.some((h) => h.pos > y0 - 1 && h.pos < y1 + 1 && Math.min(h.to, x1) - Math.max(h.from, x0) > 0.3 * (x1 - x0));
  for (const l of lines) {
    const prev = rows[rows.length - 1];
    if (prev) {
      const overlap = Math.min(prev.rect.y1, l.rect.y1) - Math.max(prev.rect.y0, l.rect.y0);
      const gap = l.rect.y0 - prev.rect.y1;
      const noRule = !ruleBetween(prev.rect.y1 - 0.5 * l.fontSize, l.rect.y0 + 0.5 * l.fontSize, l.rect.x0, l.rect.x1);
      let join = noRule && overlap > 0.25 * l.fontSize;
      if (!join && noRule && gap < 0.5 * l.fontSize && cols.length > 1) {
        const mine = colsOfLine(l);
        const above = new Set<number>();
        for (const pl of prev.lines) for (const c of colsOfLine(pl)) above.add(c);
        const subset = [...mine].every((c) => above.has(c));
        const text = l.segments.map((s) => s.text).join(' ');
        const numeric = l.segments.some((s) => numericLike(s.text));
        // A wrapped cell continues: it only fills columns already filled above, does not start a
        // new first-column label, and reads as a continuation (lower case or no first column).
        if (subset && !numeric && mine.size < cols.length && (!mine.has(0) || startsLower(text))) join = true;
      }
      if (join) {
        prev.lines.push(l);
        prev.rect = unionOf([prev.rect, l.rect]);
        continue;
      }
    }
    rows.push({ lines: [l], rect: { ...l.rect } });
  }
  return rows;
}

/** The structure of the text inside `rect`, from alignment; null when it is not a table. */
export function alignedGrid(words: readonly Word[], rect: Rect, hRules: readonly Ruling[] = []): Grid | null {
  const lines = linesOf(words);
  if (lines.length < 2) return null;
  const cols = columnsOf(lines, rect);
  const rows = rowsOf(lines, cols, hRules);
  const cells: GridCell[] = [];
  let count = 0;
  const leftovers: Word[] = [];
  rows.forEach((row, r) => {
    // Segments of the row's lines by column; a segment crossing column borders spans them.
    const placed: { c0: number; c1: number; words: Word[] }[] = [];
    for (const l of row.lines) {
      for (const seg of l.segments) {
        const hit = cols.map((c, i) => [i, Math.min(seg.rect.x1, c.x1) - Math.max(seg.rect.x0, c.x0)] as const).filter(([, o]) => o > 0.5);
        if (hit.length === 0) {
          leftovers.push(...seg.words);
          continue;
        }
        const c0 = hit[0]![0];
        const c1 = hit[hit.length - 1]![0];
        const same = placed.find((p) => p.c0 <= c1 && c0 <= p.c1);
        if (same) {
          same.c0 = Math.min(same.c0, c0);
          same.c1 = Math.max(same.c1, c1);
          same.words.push(...seg.words);
        } else placed.push({ c0, c1, words: [...seg.words] });
        count += seg.words.length;
      }
    }
    // Merging may have made placed ranges overlap: fold them until disjoint.
    placed.sort((a, b) => a.c0 - b.c0);
    const merged: typeof placed = [];
    for (const p of placed) {
      const last = merged[merged.length - 1];
      if (last && p.c0 <= last.c1) {
        last.c1 = Math.max(last.c1, p.c1);
        last.words.push(...p.words);
      } else merged.push(p);
    }
    for (let c = 0; c < cols.length; c++) {
      const p = merged.find((m) => m.c0 === c);
      const inside = merged.find((m) => m.c0 < c && m.c1 >= c);
      if (inside) continue;
      const c1 = p ? p.c1 : c;
      cells.push({
        r0: r,
        r1: r,
        c0: c,
        c1,
        rect: { x0: cols[c]!.x0, y0: row.rect.y0, x1: cols[c1]!.x1, y1: row.rect.y1 },
        words: p ? p.words : [],
      });
    }
  });
  const tight = unionOf(words.map((w) => w.rect));
  const grid = finishGrid(cells, rows.length, cols.length, tight, count, 'aligned', leftovers);
  if (!grid) return null;
  // Cell boxes: the words' extent when there is text, else the slot.
  for (const c of grid.cells) if (c.words.length) c.rect = unionOf(c.words.map((w) => w.rect));
  return grid;
}

// ---------------------------------------------------------------------------------------------
// Detection of borderless tables on a page

const DOT_LEADER = /(\.\s?){4,}|…{2,}|_{4,}/;
const ENUMERATOR = /^(?:[•●▪■◦‣∙·\-–—*]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,4}[.)])$/i;

/** Why a candidate is not a table, or null when it is one. */
export function rejectReason(grid: Grid): string | null {
  if (grid.numCols < 2) return 'one column';
  // Narrower than an inch: specks and margin noise (OCR of a page edge), not a table.
  if (grid.rect.x1 - grid.rect.x0 < 72) return 'too narrow';
  if (grid.numRows < 3) return 'fewer than three rows';
  const byRow = new Map<number, GridCell[]>();
  for (const c of grid.cells) if (c.words.length) byRow.set(c.r0, [...(byRow.get(c.r0) ?? []), c]);
  const multiRows = [...byRow.values()].filter((cs) => cs.length >= 2).length;
  if (multiRows < Math.max(2, 0.5 * grid.numRows)) return 'most rows have one cell';
  const wordsPer = grid.cells.filter((c) => c.words.length).map((c) => c.words.length).sort((a, b) => a - b);
  const med = wordsPer[Math.floor(wordsPer.length / 2)] ?? 0;
  if (med > 6) return 'cells hold running text (multi-column prose)';
  const all = grid.cells.flatMap((c) => c.words);
  if (all.filter((w) => w.mono).length > 0.7 * all.length) return 'a code listing (monospaced text)';
  // Running text in two or more columns: cells are long lines that fill their column's width.
  let proseCols = 0;
  for (let c = 0; c < grid.numCols; c++) {
    const cells = grid.cells.filter((x) => x.c0 === c && x.c1 === c && x.words.length);
    if (cells.length < 3) continue;
    const widths = cells.map((x) => x.rect.x1 - x.rect.x0);
    const full = Math.max(...widths);
    const chars = cells.map((x) => x.words.reduce((n, w) => n + w.text.length, 0)).sort((a, b) => a - b);
    const medChars = chars[Math.floor(chars.length / 2)]!;
    if (medChars >= 12 && widths.filter((w) => w >= 0.8 * full).length >= 0.5 * cells.length) proseCols++;
  }
  if (proseCols >= 2) return 'multi-column running text';
  // Lists set side by side (slides, brochures): most cells, in several columns, open with a bullet
  // or a number. A table may number its rows, but in one column.
  const filledCells = grid.cells.filter((c) => c.words.length);
  const listed = filledCells.filter((c) => ENUMERATOR.test(c.words[0]!.text));
  if (listed.length >= 0.5 * filledCells.length && new Set(listed.map((c) => c.c0)).size >= 2) return 'lists side by side';
  const texts = (col: number): string[] => grid.cells.filter((c) => c.c0 === col && c.words.length).map((c) => c.words.map((w) => w.text).join(' '));
  if (grid.numCols === 2) {
    const first = texts(0);
    if (first.length && first.filter((t) => ENUMERATOR.test(t)).length >= 0.7 * first.length) return 'a list (bullets or numbers before text)';
    const second = texts(1);
    const longFirst = first.filter((t) => t.split(' ').length >= 3).length >= 0.6 * first.length;
    if (longFirst && second.length && second.every((t) => /^\d{1,4}$/.test(t))) return 'a table of contents';
  }
  return null;
}

/** Candidate regions of borderless tables: runs of lines with several aligned segments. */
export function alignedCandidates(lines: readonly TextLine[]): TextLine[][] {
  const out: TextLine[][] = [];
  let cur: TextLine[] = [];
  let singles = 0;
  const flush = (): void => {
    // Trailing single-segment lines belong to what follows, not to the table.
    while (cur.length && cur[cur.length - 1]!.segments.length < 2) cur.pop();
    if (cur.filter((l) => l.segments.length >= 2).length >= 3) out.push(cur);
    cur = [];
    singles = 0;
  };
  for (const l of lines) {
    const text = l.segments.map((s) => s.text).join(' ');
    const leader = DOT_LEADER.test(text);
    // A bullet or number before running text is a list item, however wide the gap after it.
    const listItem = l.segments.length === 2 && ENUMERATOR.test(l.segments[0]!.text) && l.segments[1]!.words.length > 4;
    const multi = l.segments.length >= 2 && !leader && !listItem;
    const prev = cur[cur.length - 1];
    const gap = prev ? l.rect.y0 - prev.rect.y1 : 0;
    if (prev && gap > 2.5 * Math.max(l.fontSize, prev.fontSize)) flush();
    // A lone segment starting where a later column of the lines above starts, right of their
    // first column, continues a wrapped cell (a description column set over several lines).
    const left = Math.min(...cur.map((c) => c.rect.x0));
    const wrapped =
      !multi &&
      cur.length > 0 &&
      l.segments.length === 1 &&
      l.rect.x0 > left + l.fontSize &&
      cur.some((c) => c.segments.length >= 2 && c.segments.slice(1).some((s) => Math.abs(s.rect.x0 - l.rect.x0) <= 2));
    if (multi) {
      cur.push(l);
      singles = 0;
    } else if (wrapped && !leader && !listItem) {
      cur.push(l);
    } else if (cur.length && !leader && !listItem && singles < 2) {
      cur.push(l);
      singles++;
    } else flush();
  }
  flush();
  return out;
}

/** Re-splits lines so that their segments are recomputed (used after filtering words). */
export function relines(lines: readonly TextLine[]): TextLine[] {
  return lines.map((l) => finishLine(l.words));
}
