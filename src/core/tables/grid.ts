// The engines' common result: a table as a grid of rows and columns whose cells may span several
// of each, with the words that fall into each cell. build.ts turns it into the contract's shape.
import type { Rect } from '../pdf/types.ts';
import type { Word } from './words.ts';

export interface GridCell {
  /** Inclusive row and column ranges. */
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  rect: Rect;
  words: Word[];
}

/** ruled: drawn rulings; aligned: columns of aligned text; leaders: a contents listing (contents.ts). */
export type StructureEngine = 'ruled' | 'aligned' | 'leaders';

export interface Grid {
  rect: Rect;
  numRows: number;
  numCols: number;
  cells: GridCell[];
  /** Rows 0..headerRows-1 are header rows. */
  headerRows: number;
  engine: StructureEngine;
  score: number;
  /** Words inside the table that the structure placed in no cell (on a grid line, in a dropped
   * sliver): include_additional_text merges them into the cell they overlap most. */
  leftovers: Word[];
  /** Drawn inside a cell of another table (nested.ts). */
  nested?: boolean;
  /** The line right above the table that names it ("Table 3: ..." or a bold heading set flush
   * with it), when there is one. */
  title?: string;
}

/** True for text that reads as a number, amount, percentage or a placeholder dash. */
export function numericLike(text: string): boolean {
  const t = text.replace(/\s+/g, '');
  return t.length > 0 && /^[-+–—(]?[$€£¥]?[\d.,'’]*\d[\d.,'’]*%?\)?[*a-z]?$|^[-–—n/a.]+$/i.test(t);
}

/** The number of leading header rows: the first row, plus further rows while they hold cells that
 * span columns (multi-row headers) or an empty first column over non-numeric text. */
export function guessHeaderRows(cells: readonly GridCell[], numRows: number): number {
  if (numRows < 2) return 0;
  let header = 1;
  // A cell in the first row spanning down makes every row it covers a header row.
  for (const c of cells) if (c.r0 === 0) header = Math.max(header, c.r1 + 1);
  for (let r = header; r < Math.min(numRows - 1, 4); r++) {
    const row = cells.filter((c) => c.r0 === r);
    const spans = row.some((c) => c.c1 > c.c0 && c.words.length > 0);
    const filled = row.filter((c) => c.words.length > 0);
    const first = row.find((c) => c.c0 === 0);
    const numeric = filled.some((c) => numericLike(c.words.map((w) => w.text).join(' ')));
    if ((spans && !numeric) || (first && first.words.length === 0 && filled.length > 0 && !numeric)) {
      header = r + 1;
      for (const c of row) header = Math.max(header, c.r1 + 1);
    } else break;
  }
  return Math.min(header, numRows - 1);
}
