// Running headers and footers, confirmed across pages: short elements in the top or bottom band of
// a page whose text (digits ignored, so page numbers match) comes back on other pages become
// Page-header / Page-footer with a high score, and move to the start / end of their page. Pages are
// laid out one at a time (and possibly in other threads), so this runs once all pages are there.
import type { Element } from '../contract/types.ts';
import type { DocumentStage } from '../stage.ts';
import { PAGE_NUMBER, PUBLISHER } from './patterns.ts';

const BAND = 0.12;

function key(e: Element): string {
  const text = e.text_representation.toLowerCase().replace(/\s+/g, ' ').trim();
  // Digits are ignored so that "Page 3" and "Page 4" match; but a heading whose number changes from
  // page to page ("Part 2", "Part 3") is a heading, so headings must repeat exactly.
  if (e.type === 'Section-header' || e.type === 'Title') return text;
  // A page number set apart (its own element on some pages, part of the line on others) is no part
  // of the running text.
  return text.replace(/\d+/g, '#').replace(/[ivxlc]+$/, '#').replace(/^#\s+|\s+#$/g, '');
}

/** Vertical places (top, bottom; page fractions) at which running matter is confirmed, by band. */
type Slots = Record<'top' | 'bottom', Array<[number, number]>>;
const SLOT_TOLERANCE = 0.004;

function inSlot(e: Element, slots: Slots, b: 'top' | 'bottom'): boolean {
  return slots[b].some(([y0, y1]) => Math.abs(e.bbox[1] - y0) < SLOT_TOLERANCE && Math.abs(e.bbox[3] - y1) < SLOT_TOLERANCE);
}

/** A whole sentence (several words ending in a full stop) is body text, however often it recurs. */
function isSentence(e: Element): boolean {
  const text = e.text_representation.trim();
  return /[.!?]$/.test(text) && text.split(/\s+/).length >= 8;
}

function band(e: Element): 'top' | 'bottom' | null {
  if (e.bbox[3] < BAND) return 'top';
  if (e.bbox[1] > 1 - BAND) return 'bottom';
  return null;
}

const MOVABLE = new Set(['Text', 'Section-header', 'Title', 'Page-header', 'Page-footer', 'Caption', 'Footnote']);

/** An element that may be running matter: of a movable type, short, not a whole sentence. */
const candidate = (e: Element): boolean => MOVABLE.has(e.type) && e.text_representation.length <= 200 && !isSentence(e);

export function relabelRunningMatter(elements: readonly Element[]): Element[] {
  const pages = new Set(elements.map((e) => e.properties.page_number));
  if (pages.size < 2) return [...elements];
  const seen = new Map<string, Set<number>>();
  /** The tallest of each text's elements that are not titles: the running matter's own size. */
  const height = new Map<string, number>();
  for (const e of elements) {
    const b = band(e);
    if (!b || !candidate(e)) continue;
    const k = `${b}|${key(e)}`;
    seen.set(k, (seen.get(k) ?? new Set()).add(e.properties.page_number));
    if (e.type !== 'Title') height.set(k, Math.max(height.get(k) ?? 0, e.bbox[3] - e.bbox[1]));
  }
  // A document's title that comes back small as the other pages' running header stays the title.
  const titleOverHeaders = (e: Element, b: 'top' | 'bottom'): boolean => e.type === 'Title' && e.bbox[3] - e.bbox[1] > 1.5 * (height.get(`${b}|${key(e)}`) ?? Infinity);
  const slots: Slots = { top: [], bottom: [] };
  for (const e of elements) {
    const b = band(e);
    if (b && candidate(e) && !titleOverHeaders(e, b) && (seen.get(`${b}|${key(e)}`)?.size ?? 0) >= 2) slots[b].push([e.bbox[1], e.bbox[3]]);
  }
  const out = elements.map((e) => {
    const b = band(e);
    if (!b || !candidate(e) || titleOverHeaders(e, b)) return e;
    const type = b === 'top' ? 'Page-header' : 'Page-footer';
    // A line set exactly where other pages' running matter sits is running matter too, though its
    // words change (each chapter's own title in the footer).
    if (inSlot(e, slots, b) && e.text_representation.length <= 120) return { ...e, type } as Element;
    const n = seen.get(`${b}|${key(e)}`)?.size ?? 0;
    // Margin text that never comes back (and is no page number) is the page's own text. Scores stay
    // as they were: the threshold has already been applied page by page.
    if (n < 2) return e.type === type && !PAGE_NUMBER.test(e.text_representation) && !PUBLISHER.test(e.text_representation) && pages.size >= 3 ? ({ ...e, type: 'Text' } as Element) : e;
    return { ...e, type } as Element;
  });
  // A region's candidates that now carry the same label collapse into the best one.
  const best = new Map<string, Element>();
  for (const e of out) {
    const k = `${e.properties.page_number}|${e.type}|${e.bbox.join(',')}`;
    const seen = best.get(k);
    if (!seen || seen.properties.score < e.properties.score) best.set(k, e);
  }
  const unique = new Set(best.values());
  // Keep headers first and footers last on each page, in the pages' order.
  const result: Element[] = [];
  for (const page of [...new Set(out.map((e) => e.properties.page_number))]) {
    const mine = out.filter((e) => unique.has(e) && e.properties.page_number === page);
    result.push(
      ...mine.filter((e) => e.type === 'Page-header'),
      ...mine.filter((e) => e.type !== 'Page-header' && e.type !== 'Page-footer'),
      ...mine.filter((e) => e.type === 'Page-footer'),
    );
  }
  return result;
}

export const runningMatterStage: DocumentStage = {
  name: 'running-headers',
  run: (elements) => relabelRunningMatter(elements),
};
