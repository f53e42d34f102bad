// The typographic labeller: blocks -> typed candidates with scores. Sizes are judged against the
// body text (the size most characters are set in, per page, steadied by what earlier pages of the
// document showed). Each block gets its best label and, when a rule is unsure, a second candidate
// with the complementary score (e.g. Section-header 0.6 / Text 0.4), so that a lower threshold shows
// both; `auto` keeps only the best.
import type { LayoutType, TableStructure } from '../contract/types.ts';
import type { PageContent, Rect } from '../pdf/types.ts';
import type { Block } from './blocks.ts';
import { opensItem } from './blocks.ts';
import { isEquation, opensCaption, PAGE_NUMBER, PUBLISHER, SECTION_NUMBER, isMathFont, mathDensity } from './patterns.ts';

export interface Candidate {
  type: LayoutType;
  score: number;
}

export interface Labelled {
  /** Best first. */
  candidates: Candidate[];
  rect: Rect;
  /** Lines of text, top to bottom; joined later according to remove_line_breaks. */
  lines: string[];
  fontSize: number;
  /** Extra properties (a table region's own). */
  properties?: Record<string, unknown>;
  table?: TableStructure;
  /** Text given as is (a region's), instead of joined lines. */
  text?: string;
}

export const MARGIN_BAND = 0.085; // fraction of the page height where running headers/footers live

/** The font size most characters are set in, to the nearest half point; null without text. */
export function bodyFontSize(blocks: readonly Block[]): { size: number; chars: number } | null {
  const chars = new Map<number, number>();
  let total = 0;
  for (const block of blocks)
    for (const line of block.lines) {
      const size = Math.round(line.fontSize * 2) / 2;
      chars.set(size, (chars.get(size) ?? 0) + line.text.length);
      total += line.text.length;
    }
  let best = 0;
  let most = -1;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return most > 0 ? { size: best, chars: total } : null;
}

const clamp = (v: number) => Math.max(0.05, Math.min(0.97, v));
const pair = (a: LayoutType, score: number, b: LayoutType): Candidate[] => [
  { type: a, score: clamp(score) },
  { type: b, score: clamp(1 - score) },
];

export interface PageContext {
  page: PageContent;
  body: number;
  /** Figures and table regions, for caption proximity. */
  visuals: Rect[];
  /** Horizontal rules (short ones above footnotes). */
  rules: Rect[];
  /** The largest block font size on the page (Title candidate). */
  largest: number;
  /** The font body-size text is mostly set in; a heading set apart in another upright font counts as bold. */
  bodyFont?: string;
  /** Left edges of the page's paragraphs (blocks of 3 lines or more): where headings start. */
  leftEdges?: number[];
}

/** The font most body-size characters are set in. */
export function bodyFontName(blocks: readonly Block[], body: number): string | undefined {
  const chars = new Map<string, number>();
  for (const b of blocks)
    for (const l of b.lines) if (Math.abs(l.fontSize - body) < 0.5) chars.set(l.font, (chars.get(l.font) ?? 0) + l.text.length);
  let best: string | undefined;
  let most = 0;
  for (const [font, n] of chars) if (n > most) [best, most] = [font, n];
  return best;
}

function nearVisual(rect: Rect, visuals: readonly Rect[], size: number): boolean {
  const reach = 4 * size;
  return visuals.some((v) => {
    const overlapX = Math.min(v.x1, rect.x1) - Math.max(v.x0, rect.x0);
    const vertical = rect.y0 >= v.y1 - 2 ? rect.y0 - v.y1 : v.y0 >= rect.y1 - 2 ? v.y0 - rect.y1 : 0;
    return overlapX > 0 && vertical < reach;
  });
}

/**
 * A rule right above small text low on the page: the footnote separator. Short ones usually; one as
 * wide as a narrow column too, but not a page-wide rule (those close sections or tables).
 */
function footnoteRuleAbove(rect: Rect, rules: readonly Rect[], pageWidth: number): boolean {
  return rules.some((r) => r.x1 - r.x0 < 0.6 * pageWidth && r.y1 <= rect.y0 + 1 && rect.y0 - r.y1 < 30 && r.x0 <= rect.x0 + 20);
}

export function labelBlock(block: Block, ctx: PageContext): Candidate[] {
  const { page, body } = ctx;
  const { rect, fontSize, bold, lines } = block;
  // Bold, or set apart in an upright font of its own (bold faces pdf.js does not flag as such).
  // Only where a heading starts: at a paragraph's left edge (a centred masthead line in a font of its
  // own is not a heading).
  const strong =
    bold ||
    (ctx.bodyFont !== undefined &&
      lines.every((l) => l.font !== ctx.bodyFont && !l.italic) &&
      (ctx.leftEdges ?? []).some((x) => Math.abs(x - rect.x0) < 0.5 * fontSize));
  const text = lines.map((l) => l.text).join(' ').trim();
  const chars = text.length;
  const relative = fontSize / body;
  const short = lines.length <= 3 && chars < 160;
  const top = rect.y1 < MARGIN_BAND * page.height;
  const bottom = rect.y0 > (1 - MARGIN_BAND) * page.height;

  // A caption set low on the page, next to its figure or running over lines, is no page footer.
  const caption = opensCaption(text);
  if (caption && (lines.length > 1 || nearVisual(rect, ctx.visuals, fontSize)) && (top || bottom))
    return pair('Caption', nearVisual(rect, ctx.visuals, fontSize) ? 0.85 : 0.6, 'Text');

  // Publisher's furniture (DOI, ISSN, copyright) at the foot of the page.
  if (rect.y0 > 0.88 * page.height && lines.length <= 3 && relative <= 1.05 && PUBLISHER.test(text)) return pair('Page-footer', 0.72, 'Text');

  // Text set sideways along the left or right edge (a download stamp, a journal's running title) is
  // running matter however long it is.
  const sideways = block.lines.every((l) => l.runs.every((r) => Math.abs(r.angle % 180) >= 45 && Math.abs(r.angle % 180) <= 135));
  if (sideways && (rect.x1 < 0.08 * page.width || rect.x0 > 0.92 * page.width)) return pair('Page-header', 0.72, 'Text');

  // Running matter in the margins (the document stage confirms it by repetition across pages).
  if ((top || bottom) && lines.length <= 2 && chars < 200 && relative < 1.3) {
    const type = top ? 'Page-header' : 'Page-footer';
    if (PAGE_NUMBER.test(text)) return [{ type, score: 0.9 }];
    return pair(type, 0.75, 'Text');
  }
  if (PAGE_NUMBER.test(text) && lines.length === 1 && (rect.y0 > 0.88 * page.height || rect.y1 < 0.12 * page.height))
    return [{ type: rect.y0 > 0.5 * page.height ? 'Page-footer' : 'Page-header', score: 0.8 }];

  // Title: (near) the largest type near the top of the first page; the page keeps one (index.ts).
  // It has words (a large operator of a display formula, `∑`, has none).
  const words = /\p{L}/u.test(text);
  if (page.pageNumber === 1 && words && relative >= 1.6 && fontSize >= 0.9 * ctx.largest && lines.length <= 4 && rect.y0 < 0.5 * page.height)
    return pair('Title', Math.min(0.92, 0.55 + 0.15 * relative), 'Section-header');

  if (caption) {
    const near = nearVisual(rect, ctx.visuals, fontSize);
    return pair('Caption', near ? 0.88 : relative < 0.98 || bold ? 0.65 : 0.55, 'Text');
  }

  // Formulas: math fonts or a high density of operators, in a short block.
  const mathChars = block.lines.flatMap((l) => l.runs).reduce((n, r) => n + (isMathFont(r.fontName) ? r.text.trim().length : 0), 0);
  const mathFont = mathChars / Math.max(1, text.replace(/\s/g, '').length);
  const density = mathDensity(text);
  if (lines.length <= 4 && chars > 0 && (mathFont > 0.35 || density > 0.3 || (lines.length <= 2 && isEquation(text))) && !/[a-z]{4,}\s+[a-z]{3,}\s+[a-z]{3,}/.test(text))
    return pair('Formula', Math.min(0.9, 0.45 + 0.5 * Math.max(mathFont, density)), 'Text');

  // `2. Materials and methods`, `2.1. Chemicals`: a numbered line or two that is not a sentence.
  // (`(1) Scope` too, when it stands out: larger and in a face of its own.)
  const bracketed = /^\s*\(\d{1,2}\)\s+\S/.test(text) && strong && relative >= 1.05 && lines.length === 1;
  const numberedHeading = bracketed || (SECTION_NUMBER.test(text) && lines.length <= 2 && chars < 90 && !/[.;:,]$/.test(text) && /^\W*[\dIVXA-H.]+\s+\p{Lu}/u.test(text));
  if (numberedHeading) {
    const emphasised = strong || block.lines[0]!.runs.every((r) => r.italic) || relative >= 1.05;
    if (emphasised || /^\s*\d+\.\d/.test(text)) return pair('Section-header', emphasised ? 0.8 : 0.62, 'List-item');
    if (lines.length === 1) return pair('Section-header', 0.55, 'List-item');
  }
  if (opensItem(block.lines[0]!)) return pair('List-item', 0.82, 'Text');

  // Footnotes: small type low on the page, opened by a marker or under a short rule.
  if (relative <= 0.93 && rect.y0 > 0.6 * page.height) {
    const marker = /^\s*(\d{1,3}|[*∗†‡§¶⁎]|[a-z]|[¹²³⁴-⁹])(\s|[.)]|\p{Lu})/u.test(text) || block.lines[0]!.runs[0]!.fontSize < 0.85 * fontSize;
    const rule = footnoteRuleAbove(rect, ctx.rules, page.width);
    if (marker || rule) return pair('Footnote', marker && rule ? 0.85 : 0.7, 'Text');
  }

  // A list of names (`Jane Roe a,b, John Doe a, ...`: commas, affiliation marks set small) under
  // a title is a byline, not a heading, however large it is set.
  const commas = (text.match(/,/g) ?? []).length;
  const marks = block.lines.some((l) => l.runs.some((r) => r.fontSize < 0.8 * l.fontSize && /^[\s\p{L}\d,∗*†‡]{1,4}$/u.test(r.text)));
  const byline = relative >= 0.95 && !SECTION_NUMBER.test(text) && ((commas >= 2 && marks) || commas >= 3);
  if (byline && short) return pair('Text', 0.7, 'Section-header');

  // Section headers: larger, or strong / numbered / capitalised, short, not a sentence.
  const sentence = /[.;,]$/.test(text) && !SECTION_NUMBER.test(text);
  if (short && !sentence && (words || /\p{N}/u.test(text))) {
    const numbered = SECTION_NUMBER.test(text);
    const caps = /\p{Lu}{3}/u.test(text) && text === text.toUpperCase() && lines.length <= 2;
    let s = 0;
    if (relative >= 1.15) s = Math.min(0.9, 0.6 + 0.5 * (relative - 1.15) + (strong ? 0.1 : 0));
    else if (strong && relative >= 0.95) s = lines.length === 1 ? 0.72 : 0.6;
    else if (numbered && (strong || caps) && relative >= 0.9) s = 0.65;
    else if (caps && relative >= 0.95 && chars > 3) s = 0.55;
    // A short italic line standing alone, capitalised like a title (`Elastic Stop Nut`).
    else if (lines.length === 1 && block.lines[0]!.italic && relative >= 0.95 && /^\p{Lu}/u.test(text) && text.split(/\s+/).length <= 8) s = 0.58;
    if (numbered && s > 0) s = Math.min(0.92, s + 0.1);
    if (chars < 3) s = Math.min(s, 0.45);
    if (s > 0) return pair('Section-header', s, 'Text');
  }
  return [{ type: 'Text', score: lines.length > 1 ? 0.9 : 0.8 }];
}
