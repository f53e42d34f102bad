import type { Element, TableCell, TableStructure } from '../contract/types.ts';

/** Elements grouped by page_number, in order of first appearance. */
export function byPage(elements: readonly Element[]): Array<[number, Element[]]> {
  const pages = new Map<number, Element[]>();
  for (const e of elements) {
    const n = e.properties.page_number;
    const list = pages.get(n);
    if (list) list.push(e);
    else pages.set(n, [e]);
  }
  return [...pages];
}

/** The table as a dense grid of cell texts; a spanning cell's text fills its first slot only. */
export function tableGrid(table: TableStructure): string[][] {
  const grid = Array.from({ length: table.num_rows }, () => Array<string>(table.num_cols).fill(''));
  for (const cell of table.cells) {
    const [r, c] = [cell.rows[0], cell.cols[0]];
    if (r !== undefined && c !== undefined && grid[r]) grid[r]![c] = cell.content;
  }
  return grid;
}

/** Cells keyed by the top-left slot they start in, for span-aware renderers. */
export function cellsByOrigin(table: TableStructure): Map<string, TableCell> {
  const map = new Map<string, TableCell>();
  for (const cell of table.cells) map.set(`${cell.rows[0]},${cell.cols[0]}`, cell);
  return map;
}
