// Judging a page's embedded text layer: is it real text, or garbage that OCR should replace (fonts
// without a usable ToUnicode map come out as U+FFFD, private-use code points, control characters
// or `(cid:123)` runs)?
import type { ImagePlacement, PageContent, Rect, TextRun } from '../pdf/types.ts';

const CID = /\(cid:\d+\)/g;
// U+FFFD, private use area, C0/C1 controls except whitespace: what broken font encodings produce.
// eslint-disable-next-line no-control-regex
const BAD = /[\uFFFD\uE000-\uF8FF\u0000-\u0008\u000E-\u001F\u007F-\u009F]/gu;

/** Fraction of a text layer's characters that are garbage (0 for an empty layer). */
export function garbageRatio(runs: readonly TextRun[]): number {
  let chars = 0;
  let bad = 0;
  for (const run of runs) {
    const t = run.text.replace(/\s+/g, '');
    chars += t.length;
    for (const m of t.matchAll(CID)) bad += m[0].length;
    bad += (t.replace(CID, '').match(BAD) ?? []).length;
  }
  return chars ? bad / chars : 0;
}

export function visibleChars(runs: readonly TextRun[]): number {
  let n = 0;
  for (const run of runs) n += run.text.replace(/\s+/g, '').length;
  return n;
}

const area = (r: Rect): number => Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);

/** A picture covering most of the page: the page is a scan (possibly with an invisible OCR layer). */
export function isScannedPage(page: PageContent): boolean {
  const pageArea = page.width * page.height;
  return page.images.some((img) => area(img.rect) >= 0.7 * pageArea);
}

/** Characters of embedded text whose centre lies inside `rect`. */
export function charsInside(runs: readonly TextRun[], rect: Rect): number {
  let n = 0;
  for (const run of runs) {
    const cx = (run.rect.x0 + run.rect.x1) / 2;
    const cy = (run.rect.y0 + run.rect.y1) / 2;
    if (cx >= rect.x0 && cx <= rect.x1 && cy >= rect.y0 && cy <= rect.y1) n += run.text.replace(/\s+/g, '').length;
  }
  return n;
}

/** Pictures big enough to hold readable text (at least ~1 x 0.3 inch and 1% of the page) with no text over them. */
export function textlessPictures(page: PageContent): ImagePlacement[] {
  const pageArea = page.width * page.height;
  return page.images.filter((img) => {
    const w = img.rect.x1 - img.rect.x0;
    const h = img.rect.y1 - img.rect.y0;
    return w >= 72 && h >= 20 && area(img.rect) >= 0.01 * pageArea && charsInside(page.textRuns, img.rect) < 3;
  });
}
