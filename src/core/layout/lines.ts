// Text runs -> lines. A line is a sequence of runs sharing a baseline band with no gap wide enough
// to be a column gutter. Runs are joined in reading order: left to right, or right to left when
// most of the line's characters are in runs pdf.js marks `rtl` (pdf.js gives each run's text in
// logical order already). Spaces are added at word gaps only: never inside a kerned word, never
// between CJK characters. Presentation-form ligatures (ﬁ, ﬂ, ...) are expanded. Rotated runs stay
// lines of their own.
import { cleanText } from '../pdf/clean-text.ts';
import { BULLET_GLYPH } from './patterns.ts';
import type { Rect, TextRun } from '../pdf/types.ts';

export interface Line {
  text: string;
  rect: Rect;
  runs: TextRun[];
  /** Character-weighted font size of the line (superscripts count little: they are few). */
  fontSize: number;
  bold: boolean;
  /** Most of the line's characters are italic. */
  italic: boolean;
  /** The font most of the line's characters are set in (to compare with the body font). */
  font: string;
  rtl: boolean;
}

/** A gap wider than this many font sizes is a gutter, not a word space (justified text stays below). */
const GUTTER_EMS = 1.1;
/** Justified text stretches word spaces to about this many font sizes at most. */
const MAX_WORD_SPACE_EMS = 2.5;
/** A gap wider than this many font sizes gets a space when neither side has one. */
const SPACE_EMS = 0.15;

const UNMAPPED_SYMBOL = /^\s*[\u0080-\u009f\ue000-\uf8ff]\s*$/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
/** A gap between Hangul runs wider than this many font sizes is a word space. */
const HANGUL_SPACE_EMS = 0.05;
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]/;
function verticalOverlap(a: Rect, b: Rect): number {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return overlap / Math.max(1e-6, Math.min(a.y1 - a.y0, b.y1 - b.y0));
}

function isHorizontal(run: TextRun): boolean {
  return Math.abs(run.angle) < 2 || Math.abs(run.angle - 360) < 2;
}

function needsSpace(left: string, right: string, gap: number, size: number): boolean {
  if (/\s$/.test(left) || /^\s/.test(right)) return false;
  // Korean spaces its words, at times as narrow gaps between runs (a tenth of an em); Chinese and
  // Japanese never do.
  if (HANGUL.test(left.slice(-1)) && HANGUL.test(right.charAt(0))) return gap >= HANGUL_SPACE_EMS * size;
  if (gap < SPACE_EMS * size) return false;
  return !(CJK.test(left.slice(-1)) && CJK.test(right.charAt(0)));
}

/** `h i g h` (one run with a space between every letter) -> `high`; other text unchanged. */
function unspace(text: string): string {
  return SPACED_PAIR.test(text) ? text.replace(/ /g, '') : text;
}
/** Two letters or more with a space between each, within a letter-spaced line (`j o`, `n a l`). */
const SPACED_PAIR = /^\s*\p{L}( [\p{L}\p{N}.:/]){1,}\s*$/u;
// Letters (and the dots, colons and slashes of spaced-out addresses); never operators, so that
// `a + b = c` stays as it is.
const SPACED = /^\s*\p{L}( [\p{L}\p{N}.:/]){2,}\s*$/u;

/**
 * The tracking of letter-spaced type (`H I G H L I G H T S`: one run per letter, or runs with a
 * space between every letter), as the typical gap between runs; null for ordinary text.
 */
function letterSpacing(runs: readonly TextRun[], gapAt: (i: number) => number): number | null {
  if (runs.length < 3) {
    return runs.length >= 1 && runs.every((r) => SPACED.test(r.text)) ? 0 : null;
  }
  const spaced = runs.filter((r) => /^\s*[\p{L}\p{N}.:/]\s*$/u.test(r.text) || SPACED_PAIR.test(r.text));
  if (spaced.length < 3 || spaced.length < 0.8 * runs.length) return null;
  const gaps = runs.slice(1).map((_, i) => gapAt(i + 1)).sort((a, b) => a - b);
  return Math.max(0, gaps[Math.floor((gaps.length - 1) / 2)]!);
}

function finish(runs: TextRun[]): Line {
  let chars = 0;
  let weighted = 0;
  let boldChars = 0;
  let rtlChars = 0;
  let italicChars = 0;
  const fonts = new Map<string, number>();
  for (const run of runs) {
    const n = run.text.trim().length;
    chars += n;
    weighted += n * run.fontSize;
    if (run.bold) boldChars += n;
    if (run.italic) italicChars += n;
    if (run.dir === 'rtl') rtlChars += n;
    fonts.set(run.fontName, (fonts.get(run.fontName) ?? 0) + n);
  }
  let font = runs[0]!.fontName;
  for (const [name, n] of fonts) if (n > (fonts.get(font) ?? 0)) font = name;
  const rtl = chars > 0 && rtlChars / chars > 0.5;
  const ordered = rtl ? [...runs].sort((a, b) => b.rect.x1 - a.rect.x1) : runs;
  const gapAt = (i: number) => (rtl ? ordered[i - 1]!.rect.x0 - ordered[i]!.rect.x1 : ordered[i]!.rect.x0 - ordered[i - 1]!.rect.x1);
  const tracking = letterSpacing(ordered, gapAt);
  let text = '';
  // A drop cap (one large letter opening the line) hangs over the lines below: the line's height is
  // its words', so that the paragraph's next lines still read as following it.
  const cap = runs.length > 1 && /^\p{L}$/u.test(runs[0]!.text.trim()) && runs[0]!.fontSize > 2 * (weighted - runs[0]!.fontSize) / Math.max(1, chars - 1) ? runs[0] : null;
  const rect = { ...(cap ? runs[1]! : runs[0]!).rect };
  ordered.forEach((run, i) => {
    const prev = ordered[i - 1];
    const gap = prev ? gapAt(i) : 0;
    const size = prev ? Math.min(run.fontSize, prev.fontSize) : run.fontSize;
    // A symbol font's glyph with no Unicode of its own (a control or private-use code) opening a
    // line of words is its bullet or check box.
    const piece = i === 0 && ordered.length > 1 && UNMAPPED_SYMBOL.test(run.text) ? '•' : tracking === null ? run.text : unspace(run.text);
    // Letter-spaced type: only a gap clearly wider than the tracking separates words.
    if (prev && (tracking === null ? needsSpace(text, piece, gap, size) : gap > Math.max(2 * tracking, tracking + 0.2 * size))) text += ' ';
    text += piece;
    rect.x0 = Math.min(rect.x0, run.rect.x0);
    rect.x1 = Math.max(rect.x1, run.rect.x1);
    if (run === cap) return;
    rect.y0 = Math.min(rect.y0, run.rect.y0);
    rect.y1 = Math.max(rect.y1, run.rect.y1);
  });
  return {
    text: cleanText(text),
    rect,
    runs,
    fontSize: chars ? weighted / chars : runs[0]!.fontSize,
    bold: chars > 0 && boldChars / chars > 0.6,
    italic: chars > 0 && italicChars / chars > 0.6,
    font,
    rtl,
  };
}

/**
 * A wide gap that the lines right above and right below (or the one there is) run across is a word
 * space of justified text (Arabic set with wide spaces), not a gutter: a gutter runs down the page.
 */
/** The spaces between a band's runs (sorted left to right), from the rightmost end so far. */
function gapsOf(runs: readonly TextRun[]): Array<{ x0: number; x1: number }> {
  const gaps: Array<{ x0: number; x1: number }> = [];
  let right = -Infinity;
  for (const r of runs) {
    if (r.rect.x0 > right && right > -Infinity) gaps.push({ x0: right, x1: r.rect.x0 });
    right = Math.max(right, r.rect.x1);
  }
  return gaps;
}

function bridged(bands: ReadonlyArray<{ runs: TextRun[]; rect: Rect }>, at: number, rect: Rect, gap: { x0: number; x1: number }): boolean {
  const h = rect.y1 - rect.y0;
  // Each neighbour band close enough to be the same paragraph's: crosses the gap or not; the first
  // and last line of a paragraph have one neighbour only.
  const crosses = (i: number): boolean | null => {
    const band = bands[i];
    if (!band || Math.abs(band.rect.y0 - rect.y0) > 2.5 * h) return null;
    if (band.runs.some((r) => r.rect.x0 < gap.x0 && r.rect.x1 > gap.x1)) return true;
    // A wide space of its own where ours is, with neither edge in line with ours: justified word
    // spaces that fall close by chance. A gutter's edges line up from line to line (the column after
    // it starts, or the one before it ends, at the same place).
    return gapsOf(band.runs).some((g) => g.x0 < gap.x1 && g.x1 > gap.x0 && Math.abs(g.x0 - gap.x0) > 0.5 * h && Math.abs(g.x1 - gap.x1) > 0.5 * h);
  };
  const above = crosses(at - 1);
  const below = crosses(at + 1);
  return above !== false && below !== false && (above ?? below) === true;
}

export function buildLines(runs: readonly TextRun[]): Line[] {
  const visible = runs.filter((r) => r.text.trim().length > 0 && r.rect.y1 > r.rect.y0);
  const rotated = visible.filter((r) => !isHorizontal(r));
  const horizontal = visible
    .filter(isHorizontal)
    .sort((a, b) => a.rect.y0 + a.rect.y1 - (b.rect.y0 + b.rect.y1) || a.rect.x0 - b.rect.x0);

  // Bands of runs whose vertical extents overlap (a superscript overlaps its line), then split each
  // band at gutters. A run is judged against the run that opened a band, not the band's latest
  // run: chaining run to run lets lines of two columns set on offset baselines (or a paragraph of
  // larger type beside a column) zip together into one band, mixing the columns' words. The last
  // few bands are candidates, since sorting by height interleaves such columns' lines.
  const bands: Array<{ runs: TextRun[]; rect: Rect }> = [];
  for (const run of horizontal) {
    let host: { runs: TextRun[]; rect: Rect } | undefined;
    let best = 0.5;
    for (const band of bands.slice(-4)) {
      const o = verticalOverlap(band.rect, run.rect);
      if (o > best) [host, best] = [band, o];
    }
    if (host) {
      host.runs.push(run);
      // A band opened by a superscript (its centre is highest, so it comes first) is judged by the
      // line's type once that comes: else text after a stacked fraction's lowered denominator, set
      // in the same run (`1⁄` `4 inch, the`), overlaps the raised numerator too little to join.
      // (Not by a drop cap, which spans several lines.)
      const [h, hr] = [run.rect.y1 - run.rect.y0, host.rect.y1 - host.rect.y0];
      if (h > 1.25 * hr && h < 2.2 * hr && run.rect.y0 <= host.rect.y0 && run.rect.y1 >= host.rect.y1) host.rect = run.rect;
    } else bands.push({ runs: [run], rect: run.rect });
  }
  for (const band of bands) band.runs.sort((a, b) => a.rect.x0 - b.rect.x0);
  const lines: Line[] = [];
  bands.forEach(({ runs: band, rect }, b) => {
    let current: TextRun[] = [];
    let right = -Infinity;
    for (const run of band) {
      // Between letters of letter-spaced type a word gap is wider by the tracking.
      const last = current[current.length - 1];
      // Judged by the neighbouring run, not the line's first: a drop cap does not widen the gutter.
      const size = Math.max(run.fontSize, last?.fontSize ?? 0);
      const before = current[current.length - 2];
      const tracking = last && before && last.text.trim().length === 1 && run.text.trim().length === 1 ? Math.max(0, last.rect.x0 - before.rect.x1) : 0;
      // Type of very different sizes side by side (an abstract set large beside a column) is parted
      // by a gutter of the smaller type's measure; not a subscript or superscript ending the words
      // before the gap (`pK` `a is`, set right against its base), which is the line's own type.
      const script = last && before && isScript(last, before);
      const small = last && !script && Math.max(run.fontSize, last.fontSize) > 1.2 * Math.min(run.fontSize, last.fontSize) ? Math.min(run.fontSize, last.fontSize) : size;
      const gap = { x0: right, x1: run.rect.x0 };
      const wide = gap.x1 - gap.x0 > GUTTER_EMS * small + tracking;
      if (current.length && wide && (gap.x1 - gap.x0 > MAX_WORD_SPACE_EMS * small || !bridged(bands, b, rect, gap))) {
        lines.push(finish(current));
        current = [];
        right = -Infinity;
      }
      current.push(run);
      right = Math.max(right, run.rect.x1);
    }
    if (current.length) lines.push(finish(current));
  });
  for (const run of rotated) lines.push(finish([run]));
  return attachScripts(attachLoneMarkers(lines));
}

/** A bullet or check-box glyph alone: a list marker whose text may have fallen in another band. */
const isLoneMarker = (text: string): boolean => text.trim().length === 1 && (BULLET_GLYPH.test(text) || UNMAPPED_SYMBOL.test(text));

/** How far right of a lone marker its item's words may start: a hanging indent of half an inch in 11 pt type. */
const MARKER_INDENT_EMS = 4;

/**
 * A marker set in a taller symbol font can sort into the band of a line beside its own (the other
 * column of a spread), or stand further from its words than a word space (a hanging indent), and
 * end up a line of its own: it goes back before the words right of it.
 */
function attachLoneMarkers(lines: Line[]): Line[] {
  const gone = new Set<Line>();
  for (const marker of lines) {
    if (marker.runs.length !== 1 || !isLoneMarker(marker.runs[0]!.text)) continue;
    const m = marker.rect;
    const beside = lines.filter((l) => {
      if (l === marker || gone.has(l) || l.rect.x0 < m.x1) return false;
      const overlap = Math.min(m.y1, l.rect.y1) - Math.max(m.y0, l.rect.y0);
      return l.rect.x0 - m.x1 < MARKER_INDENT_EMS * l.fontSize && overlap > 0.5 * Math.min(m.y1 - m.y0, l.rect.y1 - l.rect.y0);
    });
    const host = beside.sort((a, b) => a.rect.x0 - b.rect.x0)[0];
    if (!host) continue;
    gone.add(marker);
    lines[lines.indexOf(host)] = finish([...marker.runs, ...host.runs]);
  }
  return lines.filter((l) => !gone.has(l));
}

/** Type at most this size relative to its line's is a superscript or subscript. */
const SCRIPT_SIZE = 0.85;
/** A script is this many characters at most (`2`, `−1`, `◦`, `∗`, `1,2`). */
const SCRIPT_CHARS = 4;
/** Marks that refer to a note. */
const REFERENCE_MARK = /^\s*[∗*†‡§¶‖]{1,3}\s*$/;

/** `run` is a superscript or subscript of `base`: short, smaller, set right against it. */
function isScript(run: TextRun, base: TextRun): boolean {
  return (
    run.fontSize <= SCRIPT_SIZE * base.fontSize &&
    run.text.replace(/\s/g, '').length <= SCRIPT_CHARS &&
    Math.abs(run.rect.x0 - base.rect.x1) <= 0.1 * base.fontSize
  );
}

/**
 * A superscript or subscript that sorted into another band than its line's ends up a line of its
 * own (`cm` `3` `/g`): on a page of two columns the lines of both interleave by height, a raised
 * `3` comes before its own line's words, and those words join the other column's band. It goes
 * back into the line whose words it touches, which holds most of its height.
 */
function attachScripts(lines: Line[]): Line[] {
  const gone = new Set<Line>();
  for (const script of lines) {
    const length = script.text.replace(/\s/g, '').length;
    if (length === 0 || length > SCRIPT_CHARS || script.runs.some((r) => !isHorizontal(r))) continue;
    const r = script.rect;
    let host: Line | undefined;
    let best = 0.4 * (r.y1 - r.y0);
    // A reference mark (`∗` before a footnote) is often set in the size of its text, only raised.
    const mark = REFERENCE_MARK.test(script.text);
    for (const line of lines) {
      if (line === script || gone.has(line) || (!mark && script.fontSize > SCRIPT_SIZE * line.fontSize)) continue;
      const overlap = Math.min(r.y1, line.rect.y1) - Math.max(r.y0, line.rect.y0);
      if (overlap <= best) continue;
      // Right against a word; or opening the line, where a space may follow the mark.
      const touches = line.runs.some((run) => isHorizontal(run) && Math.max(run.rect.x0 - r.x1, r.x0 - run.rect.x1) <= 0.3 * line.fontSize);
      const opens = r.x1 <= line.rect.x0 && line.rect.x0 - r.x1 <= 0.6 * line.fontSize;
      if (touches || opens) [host, best] = [line, overlap];
    }
    if (!host) continue;
    gone.add(script);
    lines[lines.indexOf(host)] = finish([...host.runs, ...script.runs].sort((a, b) => a.rect.x0 - b.rect.x0));
  }
  return lines.filter((l) => !gone.has(l));
}
