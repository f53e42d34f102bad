// Lines -> blocks: consecutive lines of one column, close together and of similar size and weight.
// A line that opens a list item or a caption always starts a block of its own (one element per list
// item); continuation lines of a list item (hanging indent) stay with it. A drop cap (one large
// letter beside the first lines of a paragraph) is folded into that paragraph.
import type { Rect } from '../pdf/types.ts';
import type { Line } from './lines.ts';
import { BULLET_GLYPH, isEquation, LIST_MARKER, opensCaption, opensNote } from './patterns.ts';

export interface Block {
  lines: Line[];
  rect: Rect;
  fontSize: number;
  bold: boolean;
}

/** Largest gap between lines of one paragraph, in line heights. */
const MAX_LEADING = 0.85;
const SIZE_RATIO = 1.2;

function horizontalOverlap(a: Rect, b: Rect): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}

export function opensItem(line: Line): boolean {
  return LIST_MARKER.test(line.text) || BULLET_GLYPH.test(line.text);
}

/** A font's name without the subset prefix (`ABCDEF+Times-Roman`). */
const baseFont = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

/**
 * `line` is an equation displayed on a line of its own (`a2 + 8 = 12`), set in from both edges of
 * the text beside it. It neither opens nor continues a paragraph.
 */
function displayed(line: Line, other: Line): boolean {
  const em = line.fontSize;
  if (line.rect.x0 - other.rect.x0 < 2 * em || other.rect.x1 - line.rect.x1 < 2 * em) return false;
  return isEquation(line.text);
}

/** Where the words of a list item's first line start, after its marker; null when it opens no item. */
function itemWordsStart(line: Line): number | null {
  const marker = /^\s*\S+\s+/.exec(line.text);
  if (!opensItem(line) || !marker) return null;
  const run = line.runs[0]!;
  // The marker alone in its run: the words start with the next one. Else within the run, by its share of the letters.
  if (run.text.trim().length <= marker[0].trim().length) return line.runs[1]?.rect.x0 ?? null;
  return run.rect.x0 + (marker[0].length / run.text.length) * (run.rect.x1 - run.rect.x0);
}

/** `line` starts where the words of list item `first` start: it hangs under them, continuing the item. */
function hangsUnder(first: Line, line: Line): boolean {
  const start = itemWordsStart(first);
  return start !== null && Math.abs(line.rect.x0 - start) < 0.5 * line.fontSize;
}

/** A number alone under an item's words (`415.`: the end of a reference's pages) that is not the next item's. */
function endsItem(first: Line, line: Line): boolean {
  const n = /^\s*\(?(\d{1,3})[.)]/.exec(first.text)?.[1];
  const alone = /^\s*(\d{1,3})[.)]\s*$/.exec(line.text)?.[1];
  return alone !== undefined && hangsUnder(first, line) && !(n !== undefined && Number(alone) === Number(n) + 1);
}

/**
 * A line of a paragraph opened by a dash in mid-sentence (`... set out initially` / `– have guided
 * the development`): a parenthetical dash, not a list item's.
 */
function dashRunsOn(first: Line, last: Line, line: Line): boolean {
  return /^\s*[–—]\s/.test(line.text) && !opensItem(first) && !endsClause(last);
}

/** The line ends a sentence or clause (`.`, `!`, `?`, `:`, `;`). */
const endsClause = (line: Line): boolean => /[.!?:;]\s*$/.test(line.text);

function fits(block: Block, line: Line, isCode: (l: Line) => boolean): boolean {
  const last = block.lines[block.lines.length - 1]!;
  const height = Math.max(last.rect.y1 - last.rect.y0, line.rect.y1 - line.rect.y0);
  const gap = line.rect.y0 - last.rect.y1;
  const ratio = Math.max(line.fontSize, block.fontSize) / Math.max(1e-6, Math.min(line.fontSize, block.fontSize));
  if (!(gap > -0.5 * height && gap < MAX_LEADING * height && ratio < SIZE_RATIO && line.bold === block.bold)) return false;
  if (horizontalOverlap(block.rect, line.rect) <= 0) return false;
  // A line clearly to the left of the block's start, or a column jump, is not a continuation.
  if (line.rect.x0 < block.rect.x0 - 2 * line.fontSize && line.rect.x1 < block.rect.x0 + 0.5 * (block.rect.x1 - block.rect.x0)) return false;
  const first = block.lines[0]!;
  // Code and running text part where code stops short of the text's measure (`END` over a
  // paragraph) or is set in from it, or starts after a colon; not where a line of a paragraph is
  // mostly words in the code face (an address wrapped under a reference's hanging indent).
  const short = (l: Line, other: Line): boolean => l.rect.x1 < other.rect.x1 - 0.3 * (other.rect.x1 - other.rect.x0);
  if (!isCode(line) && block.lines.every(isCode) && (short(last, line) || block.rect.x0 - line.rect.x0 >= line.fontSize)) return false;
  // (A reference's `doi:` or `URL:` runs on into its address.)
  const introduces = /:\s*$/.test(last.text) && !/\b(doi|url|https?):\s*$/i.test(last.text);
  if (isCode(line) && !block.lines.some(isCode) && introduces) return false;
  if ((opensItem(line) && !endsItem(first, line) && !dashRunsOn(first, last, line)) || opensCaption(line.text) || opensNote(line.runs)) return false;
  if ((block.lines.length === 1 && displayed(first, line)) || displayed(line, last)) return false;
  // A line on its own in another typeface, larger, or over an indented first line, is a heading.
  const sizeStep = Math.max(first.fontSize, line.fontSize) / Math.min(first.fontSize, line.fontSize);
  // (Not a first line that runs to the measure's end: words wrapping under a hanging indent, as a
  // reference's, whose first line is mostly its title in italics.)
  const runsOn = first.rect.x1 >= line.rect.x1 - line.fontSize;
  if (block.lines.length === 1 && baseFont(first.font) !== baseFont(line.font) && (sizeStep >= 1.08 || (line.rect.x0 - first.rect.x0 > 0.5 * line.fontSize && !hangsUnder(first, line) && !runsOn))) return false;
  // After a sentence's end, an italic line under upright text starts something new (a heading).
  if (line.italic && !last.italic && /[.!?:]\s*$/.test(last.text) && !block.lines.some((l) => l.italic)) return false;
  // A short italic line on its own over upright text is a run-in heading, not the paragraph's start.
  if (block.lines.length === 1 && first.italic && !line.italic && first.rect.x1 - first.rect.x0 < 0.6 * (line.rect.x1 - line.rect.x0)) return false;
  const width = block.rect.x1 - block.rect.x0;
  const em = line.fontSize;
  if (width > 12 * em && block.lines.length >= 1) {
    // Paragraph ends: the previous line stops well short of the column, or this one is indented
    // (a first-line indent) while the previous one started at the column's edge.
    if (last.rect.x1 < block.rect.x1 - 0.3 * width && line.rect.x1 > block.rect.x1 - 0.1 * width) return false;
    const indent = line.rect.x0 - block.rect.x0;
    if (indent > 0.7 * em && indent < 4 * em && Math.abs(last.rect.x0 - block.rect.x0) < 0.3 * em && block.lines.length > 1 && !opensItem(first)) return false;
  }
  // After a list item, an unindented line is a new paragraph, not the item's continuation. (An
  // item whose number stands alone on the first line goes on under it; and so does a sentence cut
  // mid-way, whose next line starts in lower case: a paragraph opened by `(2)` is set flush.)
  const bareNumber = /^\s*\d{1,3}[.)]\s*$/.test(first.text);
  const midSentence = !endsClause(last) && /^\p{Ll}/u.test(line.text);
  if (opensItem(first) && !bareNumber && !midSentence && line.rect.x0 <= first.rect.x0 + 0.5 * line.fontSize) return false;
  return true;
}

function extend(block: Block, line: Line): void {
  const n = block.lines.length;
  block.fontSize = (block.fontSize * n + line.fontSize) / (n + 1);
  block.lines.push(line);
  block.rect = {
    x0: Math.min(block.rect.x0, line.rect.x0),
    y0: Math.min(block.rect.y0, line.rect.y0),
    x1: Math.max(block.rect.x1, line.rect.x1),
    y1: Math.max(block.rect.y1, line.rect.y1),
  };
}

/** Folds drop caps (a block of one or two letters, much larger than the paragraph beside it) in. */
function foldDropCaps(blocks: Block[]): Block[] {
  const out: Block[] = [];
  const dropped = new Set<Block>();
  for (const cap of blocks) {
    const text = cap.lines.map((l) => l.text).join('');
    if (cap.lines.length !== 1 || !/^\p{L}{1,2}$/u.test(text)) continue;
    const para = blocks.find(
      (b) =>
        b !== cap &&
        b.fontSize * 1.8 < cap.fontSize &&
        b.rect.x0 >= cap.rect.x1 - 2 &&
        b.rect.x0 - cap.rect.x1 < 2 * b.fontSize &&
        Math.abs(b.rect.y0 - cap.rect.y0) < cap.rect.y1 - cap.rect.y0,
    );
    if (!para) continue;
    const first = para.lines[0]!;
    para.lines[0] = { ...first, text: text + first.text, runs: [...cap.lines[0]!.runs, ...first.runs] };
    para.rect = { x0: cap.rect.x0, y0: Math.min(cap.rect.y0, para.rect.y0), x1: para.rect.x1, y1: Math.max(cap.rect.y1, para.rect.y1) };
    dropped.add(cap);
  }
  for (const b of blocks) if (!dropped.has(b)) out.push(b);
  return out;
}

const SECTION_NUMBER_ONLY = /^\s*(\d{1,2}(\.\d{1,2}){0,3}\.?|[IVX]{1,5}\.?|[A-H]\.)\s*$/;

/**
 * A heading's number set apart from its words (in a box of its own, or tabbed far out) is read as
 * one line with them: `1 Introduction`, not a `1` and an `Introduction`.
 */
function joinSectionNumbers(blocks: Block[]): Block[] {
  const joined = new Set<Block>();
  for (const num of blocks) {
    const only = num.lines[0]!;
    if (num.lines.length !== 1 || !SECTION_NUMBER_ONLY.test(only.text)) continue;
    const h = only.rect.y1 - only.rect.y0;
    const words = blocks.find(
      (b) =>
        b !== num &&
        !joined.has(b) &&
        // (Words wrapped over a second line or third, set under their own start, come too.)
        b.lines.length <= 3 &&
        b.rect.x0 >= num.rect.x1 - 1 &&
        b.rect.x0 - num.rect.x1 < 4 * num.fontSize &&
        Math.abs(b.lines[0]!.rect.y0 - num.rect.y0) < 0.35 * h &&
        Math.max(b.fontSize, num.fontSize) / Math.min(b.fontSize, num.fontSize) < SIZE_RATIO &&
        /\p{L}/u.test(b.lines[0]!.text),
    );
    if (!words) continue;
    const line = words.lines[0]!;
    const rect = { x0: num.rect.x0, y0: Math.min(num.rect.y0, line.rect.y0), x1: line.rect.x1, y1: Math.max(num.rect.y1, line.rect.y1) };
    words.lines[0] = { ...line, text: `${only.text.trim()} ${line.text}`, runs: [...only.runs, ...line.runs], rect };
    words.rect = { x0: num.rect.x0, y0: Math.min(num.rect.y0, words.rect.y0), x1: Math.max(rect.x1, words.rect.x1), y1: Math.max(num.rect.y1, words.rect.y1) };
    joined.add(num);
  }
  return blocks.filter((b) => !joined.has(b));
}

/** `isCode`: the line is code (set in a monospaced face among running text). */
export function buildBlocks(lines: readonly Line[], isCode: (l: Line) => boolean = () => false): Block[] {
  const sorted = [...lines].sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0);
  const blocks: Block[] = [];
  for (const line of sorted) {
    // The most recent block the line can continue; blocks of other columns stay open beside it.
    const target = blocks.findLast((b) => fits(b, line, isCode));
    if (target) extend(target, line);
    else blocks.push({ lines: [line], rect: { ...line.rect }, fontSize: line.fontSize, bold: line.bold });
  }
  return joinSectionNumbers(foldDropCaps(blocks));
}
