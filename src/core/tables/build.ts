// Grid -> the contract's table: cells with content, rows/cols index lists (spans), is_header, bbox
// normalised to the page; column headers; the CSV-like text_representation.
import type { TableCell, TableStructure } from '../contract/types.ts';
import type { Rect } from '../pdf/types.ts';
import type { Grid, GridCell } from './grid.ts';
import { linesOf, textOf, type Word } from './words.ts';

const range = (a: number, b: number): number[] => Array.from({ length: b - a + 1 }, (_, i) => a + i);

function area(a: Rect, b: Rect): number {
  return Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
}

/** include_additional_text: words the structure left out go to the cell they overlap most. */
export function mergeLeftovers(grid: Grid): void {
  for (const w of grid.leftovers) {
    let best: GridCell | undefined;
    let bestArea = 0;
    for (const c of grid.cells) {
      const a = area(w.rect, c.rect);
      if (a > bestArea) {
        bestArea = a;
        best = c;
      }
    }
    if (best) best.words.push(w);
  }
  grid.leftovers = [];
}

/** Bullet glyphs (not dashes or numbers, which may be values). */
const BULLET_GLYPH = /^[•●▪■◦‣∙○►▸◆❖➢✓✔]$/u;

/**
 * A cell's text, lines top-down. A lone bullet before a cell's only item (slides put one before
 * every text box) is decoration and is dropped; bullets before several items mark a list and stay.
 */
export function cellText(words: readonly Word[], keepLineBreaks: boolean): string {
  const bullets = words.filter((w) => BULLET_GLYPH.test(w.text));
  let kept = words;
  if (bullets.length === 1 && words.length > 1) {
    const first = linesOf(words)[0]?.words[0];
    if (first === bullets[0]) kept = words.filter((w) => w !== first);
  }
  return textOf(kept, keepLineBreaks ? '\n' : ' ');
}

/** One CSV field: quoted when it holds a comma, quote or line break. */
function csvField(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toTableStructure(grid: Grid, page: { width: number; height: number }, keepLineBreaks: boolean): TableStructure {
  const norm = (v: number, size: number): number => Math.min(1, Math.max(0, v / size));
  const cells: TableCell[] = grid.cells.map((c) => ({
    content: cellText(c.words, keepLineBreaks),
    rows: range(c.r0, c.r1),
    cols: range(c.c0, c.c1),
    is_header: c.r0 < grid.headerRows,
    bbox: { x1: norm(c.rect.x0, page.width), y1: norm(c.rect.y0, page.height), x2: norm(c.rect.x1, page.width), y2: norm(c.rect.y1, page.height) },
    properties: {},
  }));
  return { cells, caption: null, num_rows: grid.numRows, num_cols: grid.numCols, column_headers: columnHeaders(cells, grid.numCols) };
}

/** Per column, the texts of the header cells over it, top-down (multi-row headers collapsed). */
export function columnHeaders(cells: readonly TableCell[], numCols: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < numCols; c++) {
    const parts = cells
      .filter((cell) => cell.is_header && cell.cols.includes(c) && cell.content)
      .sort((a, b) => a.rows[0]! - b.rows[0]!)
      .map((cell) => cell.content);
    out.push([...new Set(parts)].join(' '));
  }
  return out;
}

/** text_representation: one CSV line per row; a spanning cell's text sits in its first slot. */
export function tableCsv(table: TableStructure): string {
  const grid = Array.from({ length: table.num_rows }, () => Array<string>(table.num_cols).fill(''));
  for (const c of table.cells) grid[c.rows[0]!]![c.cols[0]!] = c.content.replace(/\n/g, ' ');
  return grid.map((row) => row.map(csvField).join(',')).join('\n') + '\n';
}

/** With table structure off: the table's text, line by line, without cells. */
export function plainTableText(grid: Grid, keepLineBreaks: boolean): string {
  const words = grid.cells.flatMap((c) => c.words).concat(grid.leftovers);
  return textOf(words, keepLineBreaks ? '\n' : ' ') + '\n';
}
