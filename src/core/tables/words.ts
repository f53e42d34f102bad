// Text runs -> words -> lines -> segments: the text geometry both table engines work on.
// A run's characters get x positions by linear interpolation across its box (pdf.js gives one box
// per run), which is precise enough to split a run that crosses a cell border.
import { cleanText } from '../pdf/clean-text.ts';
import type { Rect, TextRun } from '../pdf/types.ts';

export interface Word {
  text: string;
  rect: Rect;
  fontSize: number;
  bold: boolean;
  /** Set in a monospaced font (code listings line up like tables but are not). */
  mono: boolean;
  /** Read by OCR (from a picture or a scan) rather than taken from the PDF's text. */
  ocr?: boolean;
  /** From a run at an angle (a rotated column header): whole run, kept out of line building. */
  rotated?: boolean;
  /** At its run's left (right) edge with no whitespace there: a word set as several runs goes on. */
  openLeft?: boolean;
  openRight?: boolean;
}

/** A run of words on one line with no gap wider than a column gap between them. */
export interface Segment {
  rect: Rect;
  words: Word[];
  text: string;
}

export interface TextLine {
  rect: Rect;
  words: Word[];
  segments: Segment[];
  fontSize: number;
}

/** The font name OCR'd words carry (src/core/ocr/to-runs.ts). */
const OCR_FONT = 'OCR';
const MONO = /courier|mono|consol|menlo|typewriter|\bcode/i;

const isUpright = (run: TextRun): boolean => Math.abs(run.angle) < 2 || Math.abs(run.angle - 360) < 2;

/**
 * Words of the upright runs. Runs at an angle (rotated column headers) come as one word each,
 * marked `rotated`, when `rotated` is asked for: ruled cells take them, alignment ignores them.
 */
export function wordsOf(runs: readonly TextRun[], rotated = false): Word[] {
  const out: Word[] = [];
  for (const run of runs) {
    const mono = MONO.test(run.fontName);
    const ocr = run.fontName === OCR_FONT;
    if (!isUpright(run)) {
      if (rotated && run.text.trim()) {
        out.push({ text: run.text.trim(), rect: run.rect, fontSize: run.fontSize, bold: run.bold, mono, rotated: true, ocr });
      }
      continue;
    }
    // Positions go by code point (a character outside the BMP is one position, two code units):
    // first count them, then cut the run at whitespace, slicing the string by code units.
    const text = run.text;
    let n = 0;
    for (let k = 0; k < text.length; k++) if (!pairedTrail(text, k)) n++;
    if (n === 0) continue;
    const w = run.rect.x1 - run.rect.x0;
    // pdf.js gives a right-to-left run's text in logical order: its first character is rightmost.
    const span = (from: number, to: number): [number, number] =>
      run.dir === 'rtl' ? [run.rect.x1 - (w * to) / n, run.rect.x1 - (w * from) / n] : [run.rect.x0 + (w * from) / n, run.rect.x0 + (w * to) / n];
    let i = 0; // code point index of position k
    let start = -1; // code point index where the current word starts
    let startUnit = 0; // ... and its code unit offset
    for (let k = 0; k <= text.length; k++) {
      if (pairedTrail(text, k)) continue;
      const code = k < text.length ? text.charCodeAt(k) : 32;
      if (isSpace(text, k, code)) {
        if (start >= 0) {
          const [x0, x1] = span(start, i);
          // No whitespace between the word and its run's start or end: it may go on in a neighbour.
          const [atStart, atEnd] = [startUnit === 0, k === text.length];
          const [openLeft, openRight] = run.dir === 'rtl' ? [atEnd, atStart] : [atStart, atEnd];
          out.push({
            text: text.slice(startUnit, k),
            rect: { x0, y0: run.rect.y0, x1, y1: run.rect.y1 },
            fontSize: run.fontSize,
            bold: run.bold,
            mono,
            ocr,
            ...(openLeft ? { openLeft } : {}),
            ...(openRight ? { openRight } : {}),
          });
          start = -1;
        }
      } else if (start < 0) {
        start = i;
        startUnit = k;
      }
      i++;
    }
  }
  return out;
}

/** The second half of a surrogate pair (not a position of its own; a lone half is one). */
function pairedTrail(text: string, k: number): boolean {
  const code = text.charCodeAt(k);
  if (!(code >= 0xdc00 && code <= 0xdfff) || k === 0) return false;
  const lead = text.charCodeAt(k - 1);
  return lead >= 0xd800 && lead <= 0xdbff;
}
const SPACE = /\s/;

/** Whether the character at `k` (code unit `code`) is whitespace, as /\s/ says. */
function isSpace(text: string, k: number, code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  if (code >= 0xd800 && code <= 0xdfff) return false; // surrogates: no astral character is whitespace
  return SPACE.test(text.charAt(k));
}

export function unionOf(rects: readonly Rect[]): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of rects) {
    if (r.x0 < x0) x0 = r.x0;
    if (r.y0 < y0) y0 = r.y0;
    if (r.x1 > x1) x1 = r.x1;
    if (r.y1 > y1) y1 = r.y1;
  }
  return { x0, y0, x1, y1 };
}

/** A letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, NKo; their presentation forms). */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const rtlLetters = (text: string): number => {
  if (!RTL_LETTER.test(text)) return 0; // (most text: no need to go letter by letter)
  let n = 0;
  for (const ch of text) if (RTL_LETTER.test(ch)) n++;
  return n;
};

/** A digit or a letter of a left-to-right script. */
const LTR_STRONG = /[\p{N}\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]/u;

/**
 * Runs closer than this many font sizes, with no whitespace between them, hold one word (`5` `0`
 * touch). Korean sets its word spaces as gaps of a tenth of an em between runs: those stay spaces.
 */
const GLUE_EMS = 0.04;

interface Token {
  text: string;
  x1: number;
  rtl: boolean;
  openRight: boolean;
}

/**
 * Words of one line in reading order, as typed text (cleanText). Words set with no space between
 * them are one. Left to right; or, when most of the line's letters are of a right-to-left script,
 * right to left, with each stretch of words that have no such letter (numbers, dates, Latin) kept
 * left to right inside it, as the bidi algorithm lays them out: `1403 / 09 / 19` stays in order.
 */
export function joinWords(words: readonly Word[]): string {
  const tokens: Token[] = [];
  for (const w of [...words].sort((a, b) => a.rect.x0 - b.rect.x0)) {
    const prev = tokens.at(-1);
    const rtl = rtlLetters(w.text) > 0;
    // (Touching, not overlapping: text of another box set over a cell is no part of its word.)
    if (prev && prev.openRight && w.openLeft && Math.abs(w.rect.x0 - prev.x1) < GLUE_EMS * w.fontSize) {
      // Right to left where one side is a right-to-left word and the other that or punctuation
      // (`توليد` `/`); left to right where either has digits or Latin letters.
      const rightToLeft = (prev.rtl || rtl) && !LTR_STRONG.test(prev.text) && !LTR_STRONG.test(w.text);
      prev.text = rightToLeft ? w.text + prev.text : prev.text + w.text;
      prev.x1 = Math.max(prev.x1, w.rect.x1);
      prev.rtl ||= rtl;
      prev.openRight = w.openRight === true;
    } else {
      tokens.push({ text: w.text, x1: w.rect.x1, rtl, openRight: w.openRight === true });
    }
  }
  const rtlCount = tokens.reduce((n, t) => n + (t.rtl ? rtlLetters(t.text) : 0), 0);
  const letters = rtlCount > 0 ? tokens.reduce((n, t) => n + (t.text.match(/\p{L}/gu)?.length ?? 0), 0) : 0;
  if (rtlCount * 2 <= letters) return cleanText(tokens.map((t) => t.text).join(' '));
  const out: string[] = [];
  let stretch: string[] = []; // tokens with no right-to-left letter, left to right
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i]!;
    if (!t.rtl) {
      stretch.unshift(t.text);
      continue;
    }
    out.push(...stretch, t.text);
    stretch = [];
  }
  out.push(...stretch);
  return cleanText(out.join(' '));
}

/** Words in reading order within a box: lines top-down, each read as joinWords reads it, joined by `sep`. */
export function textOf(words: readonly Word[], sep = ' '): string {
  return linesOf(words)
    .map((l) => joinWords(l.words))
    .join(sep)
    .trim();
}

function vOverlap(a: Rect, b: Rect): number {
  const o = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return o / Math.max(1e-6, Math.min(a.y1 - a.y0, b.y1 - b.y0));
}

/** A gap wider than this many font sizes splits a line into segments (a column gap). */
export const SEGMENT_GAP_EMS = 1.0;

/** Groups words into lines (shared baseline band), each split into segments at column-wide gaps. */
export function linesOf(words: readonly Word[]): TextLine[] {
  // Sorted by vertical centre (a stable sort on precomputed keys: the same order as comparing centres).
  const keyed = words.map((w, i) => ({ w, i, c: (w.rect.y0 + w.rect.y1) / 2 }));
  keyed.sort((a, b) => a.c - b.c || a.i - b.i);
  const lines: { rect: Rect; words: Word[] }[] = [];
  for (const { w } of keyed) {
    // Compare with the last few lines only: sorted by centre, a word's line is among the recent ones.
    let best: { rect: Rect; words: Word[] } | undefined;
    let bestOverlap = 0.5;
    for (let i = lines.length - 1; i >= Math.max(0, lines.length - 4); i--) {
      const l = lines[i]!;
      const o = vOverlap(w.rect, l.rect);
      if (o > bestOverlap) {
        bestOverlap = o;
        best = l;
      }
    }
    if (best) {
      best.words.push(w);
      // The line's own box (a copy): grown in place.
      const r = best.rect;
      if (w.rect.x0 < r.x0) r.x0 = w.rect.x0;
      if (w.rect.y0 < r.y0) r.y0 = w.rect.y0;
      if (w.rect.x1 > r.x1) r.x1 = w.rect.x1;
      if (w.rect.y1 > r.y1) r.y1 = w.rect.y1;
    } else lines.push({ rect: { x0: w.rect.x0, y0: w.rect.y0, x1: w.rect.x1, y1: w.rect.y1 }, words: [w] });
  }
  return lines
    .map((l) => finishLine(l.words))
    .sort((a, b) => a.rect.y0 - b.rect.y0);
}

export function finishLine(words: Word[]): TextLine {
  const ws = [...words].sort((a, b) => a.rect.x0 - b.rect.x0);
  const sizes = ws.map((w) => w.fontSize).sort((a, b) => a - b);
  const fontSize = sizes[Math.floor(sizes.length / 2)] ?? 10;
  const segments: Segment[] = [];
  let cur: Word[] = [];
  for (const w of ws) {
    const prev = cur[cur.length - 1];
    if (prev && w.rect.x0 - prev.rect.x1 > SEGMENT_GAP_EMS * fontSize) {
      segments.push(segmentOf(cur));
      cur = [];
    }
    cur.push(w);
  }
  if (cur.length) segments.push(segmentOf(cur));
  return { rect: unionOf(ws.map((w) => w.rect)), words: ws, segments, fontSize };
}

/** `words`: sorted left to right already (joinWords would sort them again to the same order). */
function segmentOf(words: Word[]): Segment {
  let text = words[0]?.text ?? '';
  for (let i = 1; i < words.length; i++) text += ' ' + words[i]!.text;
  return { rect: unionOf(words.map((w) => w.rect)), words, text };
}
