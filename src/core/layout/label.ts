// A first, typographic labeller: blocks -> typed elements with a score saying how sure the rule
// that fired is. The full layout analysis (lists per item, captions, footnotes, formulas, reading
// order across columns) is its own piece of work; this gives every page sensible elements now.
import type { LayoutType } from '../contract/types.ts';
import type { PageContent, Rect } from '../pdf/types.ts';
import type { Block } from './blocks.ts';

export interface Labelled {
  type: LayoutType;
  score: number;
  rect: Rect;
  /** Lines of text, top to bottom; joined later according to remove_line_breaks. */
  lines: string[];
  fontSize: number;
}

const MARGIN_BAND = 0.07; // fraction of the page height where running headers/footers live
const MIN_IMAGE_AREA = 0.003; // fraction of the page area below which a picture is decoration
const BULLET = /^\s*([•◦▪▫‣⁃∙·\-–—*]|\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,5}[.)])\s+\S/i;

/** The font size most characters of the page are set in, to the nearest half point. */
export function bodyFontSize(blocks: readonly Block[]): number {
  const chars = new Map<number, number>();
  for (const block of blocks)
    for (const line of block.lines) {
      const size = Math.round(line.fontSize * 2) / 2;
      chars.set(size, (chars.get(size) ?? 0) + line.text.length);
    }
  let best = 10;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

function label(block: Block, page: PageContent, body: number): { type: LayoutType; score: number } {
  const { rect, fontSize, bold, lines } = block;
  const text = lines.map((l) => l.text).join(' ');
  const short = lines.length <= 2 && text.length < 150;
  const relative = fontSize / body;
  if (short && rect.y1 < MARGIN_BAND * page.height) return { type: 'Page-header', score: 0.6 };
  if (short && rect.y0 > (1 - MARGIN_BAND) * page.height) return { type: 'Page-footer', score: 0.6 };
  if (page.pageNumber === 1 && relative >= 1.6 && short && rect.y0 < 0.4 * page.height)
    return { type: 'Title', score: Math.min(0.9, 0.5 + 0.2 * relative) };
  if (short && (relative >= 1.15 || (bold && relative >= 0.95 && !/[.:;,]$/.test(text))))
    return { type: 'Section-header', score: relative >= 1.15 ? 0.7 : 0.55 };
  if (BULLET.test(text)) return { type: 'List-item', score: 0.6 };
  return { type: 'Text', score: lines.length > 1 ? 0.8 : 0.65 };
}

export function labelPage(page: PageContent, blocks: readonly Block[]): Labelled[] {
  const body = bodyFontSize(blocks);
  const out: Labelled[] = blocks.map((block) => ({
    ...label(block, page, body),
    rect: block.rect,
    lines: block.lines.map((l) => l.text),
    fontSize: block.fontSize,
  }));
  const pageArea = page.width * page.height;
  for (const image of page.images) {
    const { x0, y0, x1, y1 } = image.rect;
    if (((x1 - x0) * (y1 - y0)) / pageArea < MIN_IMAGE_AREA) continue;
    out.push({ type: 'Image', score: 0.8, rect: image.rect, lines: [], fontSize: 0 });
  }
  // Reading order for now: top to bottom, then left to right.
  return out.sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0);
}
