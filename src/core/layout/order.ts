// Reading order of a page's elements: page headers first, footers last, and in between a recursive
// cut of the page. A segment that splits into columns at a vertical gutter no element crosses is read
// column by column (right to left on right-to-left pages); otherwise it is cut into horizontal bands
// at the vertical gaps, and consecutive bands that together still split into the same columns are
// read together — so a full-width heading or figure interrupts the columns, and a column's paragraph
// gaps never make the reader jump across to the other column.
import type { Rect } from '../pdf/types.ts';

export interface Placed {
  rect: Rect;
}

const MIN_GUTTER = 3; // points

/**
 * Bands read together as columns must be parted by a real gutter: two bands' items a few points
 * apart (a centred subtitle ending just short of a heading in the band below) are no columns.
 */
const MIN_SHARED_GUTTER = 6;

/** The widest vertical gap (x) that no item crosses, splitting the items into two non-empty sets. */
function verticalCut(items: readonly Placed[], minGutter = MIN_GUTTER): number | null {
  const sorted = [...items].sort((a, b) => a.rect.x0 - b.rect.x0);
  let right = sorted[0]!.rect.x1;
  let best: number | null = null;
  let width = minGutter;
  for (const it of sorted.slice(1)) {
    if (it.rect.x0 - right > width) {
      width = it.rect.x0 - right;
      best = (it.rect.x0 + right) / 2;
    }
    right = Math.max(right, it.rect.x1);
  }
  return best;
}

/** Horizontal bands: groups of items whose vertical extents chain-overlap. */
function bands<T extends Placed>(items: readonly T[]): T[][] {
  const sorted = [...items].sort((a, b) => a.rect.y0 - b.rect.y0);
  const out: T[][] = [];
  let bottom = -Infinity;
  for (const it of sorted) {
    if (out.length && it.rect.y0 < bottom - 0.5) out[out.length - 1]!.push(it);
    else out.push([it]);
    bottom = Math.max(bottom, it.rect.y1);
  }
  return out;
}

function order<T extends Placed>(items: readonly T[], rtl: boolean, depth: number): T[] {
  if (items.length <= 1 || depth > 40) return [...items];
  const cut = verticalCut(items);
  if (cut !== null) {
    const left = items.filter((it) => it.rect.x1 <= cut);
    const right = items.filter((it) => it.rect.x1 > cut);
    const [first, second] = rtl ? [right, left] : [left, right];
    return [...order(first, rtl, depth + 1), ...order(second, rtl, depth + 1)];
  }
  const rows = bands(items);
  if (rows.length === 1) return [...items].sort((a, b) => a.rect.y0 - b.rect.y0 || (rtl ? b.rect.x1 - a.rect.x1 : a.rect.x0 - b.rect.x0));
  // Merge consecutive bands while they still share a column structure: columns stand side by side
  // in one band at least. Bands that each hold one side only (a centred line, then headings set
  // left under it) are read one after another; and so is a band of one side over a band of both
  // when that side is not the one read first (a title centred over a row of authors: the authors
  // left of the title's edge are not a column read before it).
  const groups: T[][] = [];
  let current: T[] = [];
  let currentRows: T[][] = [];
  for (const row of rows) {
    const cut = current.length ? verticalCut([...current, ...row], MIN_SHARED_GUTTER) : null;
    const first = (it: T): boolean => cut !== null && (rtl ? it.rect.x1 > cut : it.rect.x1 <= cut);
    const sideBySide = (band: T[]): boolean => cut !== null && band.some(first) && band.some((it) => !first(it));
    if (cut !== null && (currentRows.some(sideBySide) || (sideBySide(row) && current.every(first)))) {
      current = [...current, ...row];
      currentRows.push(row);
    } else {
      if (current.length) groups.push(current);
      current = row;
      currentRows = [row];
    }
  }
  if (current.length) groups.push(current);
  return groups.flatMap((g) => order(g, rtl, depth + 1));
}

export function readingOrder<T extends Placed>(items: readonly T[], options: { rtl: boolean; isHeader: (t: T) => boolean; isFooter: (t: T) => boolean }): T[] {
  const byPos = (a: T, b: T) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0;
  const headers = items.filter(options.isHeader).sort(byPos);
  const footers = items.filter((i) => !options.isHeader(i) && options.isFooter(i)).sort(byPos);
  const body = items.filter((i) => !options.isHeader(i) && !options.isFooter(i));
  return [...headers, ...order(body, options.rtl, 0), ...footers];
}
