// What the Markdown and HTML renderers share: page grouping, heading levels, list structure and
// table grids.
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

// "1 Introduction", "2.3 Methods", "A.1 Proofs", "IV. Results" (a section number, then a capital
// or digit-less word); not "2023 was a year" (a year), nor a bare number.
const NUMBERED = /^\s*((?:\d{1,2}|[A-Z])(?:\.\d{1,2})*)\.?\s+\S/;

/**
 * Heading level 1..6: Title is 1; a Section-header takes layout's `properties.heading_level` when it
 * gives one, else the depth of its section number ("1" -> 2, "1.2" -> 3, "1.2.3" -> 4), else 2.
 */
/** Text layout found set in a monospaced face of its own (properties.code): kept verbatim. */
export function isCode(e: Element): boolean {
  return e.type === 'Text' && e.properties.code === true;
}

export function headingLevel(e: Element): number {
  if (e.type === 'Title') return 1;
  const hinted = e.properties.heading_level;
  if (typeof hinted === 'number' && Number.isInteger(hinted) && hinted >= 1) return Math.min(6, hinted);
  const m = NUMBERED.exec(e.text_representation);
  if (m && !/^\d{3,}/.test(m[1]!)) return Math.min(6, 1 + m[1]!.split('.').length);
  return 2;
}

const BULLET = /^\s*[•◦▪‣⁃∙·●○■□►▸✓✔*–—-]\s*/;
const ORDINAL = /^\s*(\d{1,3}|[a-zA-Z])([.)])\s+/;

export interface ListItem {
  element: Element;
  /** Nesting depth: 0 for the run's leftmost items, +1 per indentation step. */
  depth: number;
  /** The item's number when it is numbered ("3." -> 3), else null. */
  ordinal: number | null;
  /** What follows the number as printed: `3.` or `3)` (both are Markdown list markers). */
  delimiter: '.' | ')';
  /** The text without its bullet or number. */
  text: string;
}

/** Indentation (fraction of page width) that makes an item a level deeper. */
const INDENT_STEP = 0.015;

/** A run of consecutive List-item elements with depths from their left edges. */
export function listItems(run: readonly Element[]): ListItem[] {
  const lefts: number[] = [];
  const items: ListItem[] = [];
  for (const e of run) {
    const x = e.bbox[0];
    // Depth = how many distinctly smaller left edges came before in this run.
    while (lefts.length && x < lefts[lefts.length - 1]! - INDENT_STEP) lefts.pop();
    if (!lefts.length || x > lefts[lefts.length - 1]! + INDENT_STEP) lefts.push(x);
    const raw = e.text_representation.trim();
    const num = ORDINAL.exec(raw);
    const ordinal = num ? (/^\d+$/.test(num[1]!) ? Number(num[1]) : num[1]!.toLowerCase().charCodeAt(0) - 96) : null;
    const text = num ? raw.slice(num[0].length) : raw.replace(BULLET, '');
    const delimiter = num?.[2] === ')' ? ')' : '.';
    items.push({ element: e, depth: lefts.length - 1, ordinal, delimiter, text });
  }
  return items;
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

/** How many leading rows are header rows (every cell that starts in them is a header cell). */
export function headerRowCount(table: TableStructure): number {
  let n = 0;
  for (let r = 0; r < table.num_rows; r++) {
    const cells = table.cells.filter((c) => c.rows[0] === r);
    if (cells.length === 0 || !cells.every((c) => c.is_header)) break;
    n = r + 1;
  }
  return n;
}

/** Cells keyed by the top-left slot they start in, for span-aware renderers. */
export function cellsByOrigin(table: TableStructure): Map<string, TableCell> {
  const map = new Map<string, TableCell>();
  for (const cell of table.cells) map.set(`${cell.rows[0]},${cell.cols[0]}`, cell);
  return map;
}

/** The caption text associate_captions attached to an image, if any. */
export function imageCaption(e: Element): string | null {
  const c = e.properties.caption as { text_representation?: unknown } | undefined;
  return c && typeof c.text_representation === 'string' && c.text_representation.trim() ? c.text_representation.trim() : null;
}

/** A data: URL for an extracted image a browser can show (PNG, JPEG); null for PPM or none. */
export function imageDataUrl(e: Element): string | null {
  const format = e.properties.image_format;
  if (!e.binary_representation || (format !== 'PNG' && format !== 'JPEG')) return null;
  return `data:image/${format === 'PNG' ? 'png' : 'jpeg'};base64,${e.binary_representation}`;
}
