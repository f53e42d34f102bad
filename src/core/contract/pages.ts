// `selected_pages`: page numbers and inclusive [first, last] ranges, 1-based (conventions.md). Option
// parsing checks what can be checked without the document (shape, sign, order, overlaps); the page
// count is only known once the file is open, so the pipeline calls checkPagesAgainst then.
import { TesseraError } from './errors.ts';
import type { PageRanges } from './options.ts';

export interface PageProblem {
  /** Index of the offending entry in the array as given. */
  index: number;
  message: string;
}

const show = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};
const showRange = (a: number, b: number): string => (a === b ? String(a) : `[${a}, ${b}]`);

/** One entry checked on its own: a range, or the reason it is not one. */
function entryRange(entry: unknown): readonly [number, number] | string {
  const page = (n: unknown, what: string): string | null => {
    if (typeof n !== 'number' || !Number.isFinite(n)) return `${what} must be an integer, got ${show(n)}`;
    if (!Number.isInteger(n)) return `${what} ${n} is not an integer`;
    if (n < 1) return `${what} ${n} is not a page number; pages are numbered from 1`;
    return null;
  };
  if (typeof entry === 'number') return page(entry, 'page') ?? [entry, entry];
  if (Array.isArray(entry)) {
    if (entry.length !== 2) return `a range must be two page numbers [first, last], got ${show(entry)}`;
    const [a, b] = entry as [unknown, unknown];
    const bad = page(a, 'range start') ?? page(b, 'range end');
    if (bad !== null) return `${bad} (in range ${show(entry)})`;
    const first = a as number;
    const last = b as number;
    if (first > last) return `range [${first}, ${last}] is reversed; write [${last}, ${first}]`;
    return [first, last];
  }
  return `must be a page number or a [first, last] range, got ${show(entry)}`;
}

/**
 * Validates the entries and normalises them to sorted ranges, adjacent ranges merged (so [1, [2, 3]]
 * becomes [[1, 3]]). Overlapping or duplicate entries are errors (conventions.md), reported on the
 * later entry and naming the earlier one.
 */
export function normalisePages(entries: readonly unknown[]): { ok: true; pages: PageRanges } | { ok: false; problems: PageProblem[] } {
  const problems: PageProblem[] = [];
  const valid: Array<{ index: number; range: readonly [number, number] }> = [];
  entries.forEach((entry, index) => {
    const r = entryRange(entry);
    if (typeof r === 'string') problems.push({ index, message: r });
    else valid.push({ index, range: r });
  });
  if (entries.length === 0) {
    problems.push({ index: -1, message: 'is empty; list at least one page, or leave selected_pages out to process every page' });
  }

  // Sorted by start, an entry overlaps an earlier one iff it starts at or before the furthest end so far.
  const byStart = [...valid].sort((x, y) => x.range[0] - y.range[0] || x.index - y.index);
  let reach: (typeof valid)[number] | undefined;
  for (const cur of byStart) {
    if (reach !== undefined && cur.range[0] <= reach.range[1]) {
      const [later, earlier] = cur.index > reach.index ? [cur, reach] : [reach, cur];
      const same = later.range[0] === earlier.range[0] && later.range[1] === earlier.range[1];
      problems.push({
        index: later.index,
        message: `${showRange(...later.range)} ${same ? 'repeats' : 'overlaps'} selected_pages[${earlier.index}] (${showRange(...earlier.range)})`,
      });
    }
    if (reach === undefined || cur.range[1] > reach.range[1]) reach = cur;
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((x, y) => x.index - y.index) };

  const merged: Array<[number, number]> = [];
  for (const { range } of byStart) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] === last[1] + 1) last[1] = range[1];
    else merged.push([range[0], range[1]]);
  }
  return { ok: true, pages: merged };
}

/**
 * Throws TesseraError('bad_page') for the first selected page the document does not have, in the
 * hosted service's words: `Invalid page number (12): for this document, page numbers must be at
 * least 1 and at most 9`.
 */
export function checkPagesAgainst(pages: PageRanges, numPages: number): void {
  for (const [first, last] of pages) {
    for (const n of [first, last]) {
      if (n < 1 || n > numPages) {
        throw new TesseraError(
          'bad_page',
          `Invalid page number (${n}): for this document, page numbers must be at least 1 and at most ${numPages}`,
        );
      }
    }
  }
}

/** Every page of the ranges, ascending: [[1, 3], [7, 7]] -> [1, 2, 3, 7]. */
export function expandPages(ranges: PageRanges): number[] {
  const out: number[] = [];
  for (const [first, last] of ranges) for (let n = first; n <= last; n++) out.push(n);
  return out;
}
