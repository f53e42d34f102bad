// A table's title (the `title` property of table elements): the line that names it, right above
// the table ("Table 3: Population by region", or a bold heading set flush over it), or a "Table N"
// caption right below it.
import type { Rect } from '../pdf/types.ts';
import type { TextLine } from './words.ts';
import { joinWords } from './words.ts';

const CAPTION = /^(?:table|tab\.|tabelle|tableau|tabla|tabella|tabel)\s*[\dIVX]/i;
const MAX_WORDS = 15;

const hOverlap = (a: Rect, b: Rect): number => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

/** `lines`: the page's text lines (outside tables). */
export function tableTitle(lines: readonly TextLine[], rect: Rect): string | null {
  let above: TextLine | undefined;
  let below: TextLine | undefined;
  for (const l of lines) {
    if (hOverlap(l.rect, rect) <= 0) continue;
    const gapAbove = rect.y0 - l.rect.y1;
    if (gapAbove >= -1 && gapAbove <= 2.5 * l.fontSize && (!above || l.rect.y1 > above.rect.y1)) above = l;
    const gapBelow = l.rect.y0 - rect.y1;
    if (gapBelow >= -1 && gapBelow <= 2 * l.fontSize && (!below || l.rect.y0 < below.rect.y0)) below = l;
  }
  const text = (l: TextLine): string => joinWords(l.words);
  if (above) {
    const t = text(above);
    const bold = above.words.every((w) => w.bold);
    if (CAPTION.test(t) || (bold && t.split(/\s+/).length <= MAX_WORDS && !/[.:;,]$/.test(t))) {
      // A title set on two lines: the line right above, in the same style, opens it.
      const first = lines.find(
        (l) => l !== above && hOverlap(l.rect, above!.rect) > 0 && above!.rect.y0 - l.rect.y1 >= -1 && above!.rect.y0 - l.rect.y1 <= 0.6 * l.fontSize && l.words.every((w) => w.bold) === bold,
      );
      const opening = first ? text(first) : '';
      return first && !CAPTION.test(t) && opening.split(/\s+/).length + t.split(/\s+/).length <= 2 * MAX_WORDS ? `${opening} ${t}` : t;
    }
  }
  if (below && CAPTION.test(text(below))) return text(below);
  return null;
}
