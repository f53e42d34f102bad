// Tables of contents: lines that run from an entry through leader dots to a page number
// (`1.2 Methods . . . . . . 14`). A run of such lines is a table of two columns, entry and page, as
// a reader (and docling) takes a contents listing. The dots are filler: they go in no cell. An entry
// wrapped over two lines, with the dots on the last one only, is one row.
import type { Grid, GridCell } from './grid.ts';
import { linesOf, unionOf, type TextLine, type Word } from './words.ts';

const DOTS = /^[.·…]+$/;
/** A leader's dots, or a word the leader starts glued to (`Authors....`). */
const LEADERISH = /[.·…]{2,}$|^[.·…]+$/;
const PAGE_REF = /^(\d{1,4}|[ivxlcdm]{1,7})$/i;
/** Fewer dots than this between an entry and a number is punctuation, not a leader. */
const MIN_LEADER_DOTS = 4;
const MIN_ROWS = 3;

interface Entry {
  words: Word[];
  page: Word;
  /** Every word of the row's lines, dots included: the row's extent. */
  all: Word[];
}

const dotCount = (text: string): number => text.length - text.replace(/[.·…]/g, '').length;

/**
 * A line's entry words, page number and leader, or null when it is no contents line. `edge`: where
 * the listing's page numbers end (right), once known: there a short leader (`. . 7`, the two dots
 * the measure left room for) is a leader too.
 */
function leaderLine(line: TextLine, edge: number | null = null): Entry | null {
  const ws = line.words;
  const page = ws.at(-1);
  if (!page || !PAGE_REF.test(page.text) || ws.length < 2) return null;
  const atEdge = edge !== null && Math.abs(page.rect.x1 - edge) < 0.5 * line.fontSize;
  let i = ws.length - 2;
  let dots = 0;
  for (; i >= 0 && DOTS.test(ws[i]!.text); i--) dots += dotCount(ws[i]!.text);
  // The leader may start glued to the entry's last word (`Authors.` `.` `.`).
  const last = ws[i];
  const trailing = last ? /[.·…]+$/.exec(last.text)?.[0] ?? '' : '';
  // (Two dots at least: a sentence's full stop before a page number, a footer's, is no leader.)
  if (dots + trailing.length < (atEdge ? 2 : MIN_LEADER_DOTS) || i < 0) return null;
  const entry = ws.slice(0, i + 1);
  if (trailing && trailing.length < last!.text.length) entry[entry.length - 1] = { ...last!, text: last!.text.slice(0, -trailing.length) };
  else if (trailing) entry.pop();
  if (entry.length === 0) return null;
  return { words: entry, page, all: ws };
}

/**
 * A contents line with no leader at all (a chapter's entry, as LaTeX sets it: `1 Beginner's guide`
 * and far right `5`): its page number set apart at the listing's page-number edge.
 */
function leaderlessLine(line: TextLine, edge: number | null): Entry | null {
  const ws = line.words;
  const page = ws.at(-1);
  const before = ws.at(-2);
  if (edge === null || !page || !before || !PAGE_REF.test(page.text)) return null;
  if (Math.abs(page.rect.x1 - edge) >= 0.5 * line.fontSize || page.rect.x0 - before.rect.x1 < 3 * line.fontSize) return null;
  return { words: ws.slice(0, -1), page, all: ws };
}

/** The median right edge of the page numbers of a page's leader lines; null without any. */
function pageEdge(entries: ReadonlyArray<Entry | null>): number | null {
  const edges = entries.flatMap((e) => e?.page.rect.x1 ?? []).sort((a, b) => a - b);
  return edges.length ? edges[Math.floor(edges.length / 2)]! : null;
}

function cell(r: number, c: number, words: Word[]): GridCell {
  return { r0: r, r1: r, c0: c, c1: c, rect: unionOf(words.map((w) => w.rect)), words };
}

function toGrid(rows: Entry[]): Grid {
  return {
    rect: unionOf(rows.flatMap((r) => r.all.map((w) => w.rect))),
    numRows: rows.length,
    numCols: 2,
    cells: rows.flatMap((row, r) => [cell(r, 0, row.words), cell(r, 1, [row.page])]),
    headerRows: 0,
    engine: 'leaders',
    score: 0.8,
    leftovers: [],
  };
}

/** The contents listings among `words` (each a table), top to bottom. */
export function contentsTables(words: readonly Word[]): Grid[] {
  // Most pages have no leader at all: no need to build their lines again.
  if (words.filter((w) => LEADERISH.test(w.text)).length < MIN_ROWS) return [];
  const grids: Grid[] = [];
  let rows: Entry[] = [];
  let pending: TextLine[] = []; // lines of an entry whose leader is on a later line
  const close = () => {
    if (rows.length >= MIN_ROWS) grids.push(toGrid(rows));
    rows = [];
    pending = [];
  };
  const lines = linesOf(words);
  // Full leaders first; once their page numbers show the edge, short leaders there count too.
  const leaders = lines.map((l) => leaderLine(l));
  const edge = pageEdge(leaders);
  const bottom = (row: Entry): number => Math.max(...row.all.map((w) => w.rect.y1));
  /** Rows of leaderless entries: they belong to the listing only as close to it as its own rows. */
  const bareRows = new Set<Entry>();
  // Chapters' entries stand a line's space apart, at most; further off, a leaderless line (the
  // running header over the listing's next page) is not the listing's.
  // (A leaderless entry opening the listing is followed by its sections at the listing's leading.)
  const apart = (row: Entry | undefined, line: TextLine): boolean => !!row && line.rect.y0 - bottom(row) >= (rows.length === 1 ? 1.5 : 3) * line.fontSize;
  for (const [i, line] of lines.entries()) {
    const entry = leaders[i] ?? (edge === null ? null : leaderLine(line, edge));
    if (entry) {
      const last = rows.at(-1);
      if (last && bareRows.has(last) && apart(last, line)) {
        rows.pop();
        close();
      }
      const before = pending.flatMap((l) => l.words);
      rows.push({ words: [...before, ...entry.words], page: entry.page, all: [...before, ...entry.all] });
      pending = [];
      continue;
    }
    // A leaderless entry continues the listing, or opens it (a lone one that no row follows makes
    // no table: MIN_ROWS).
    const bare = pending.length === 0 ? leaderlessLine(line, edge) : null;
    if (bare) {
      if (apart(rows.at(-1), line)) close();
      rows.push(bare);
      bareRows.add(bare);
      continue;
    }
    // A wrapped entry's first line: right under the last row, not left of the entries' edge.
    const prev = rows.at(-1);
    const near = prev && line.rect.y0 - bottom(prev) < 1.5 * line.fontSize;
    if (near && pending.length === 0 && line.rect.x0 >= Math.min(...prev.words.map((w) => w.rect.x0)) - 1) pending.push(line);
    else close();
  }
  close();
  return grids;
}
