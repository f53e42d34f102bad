// Layout analysis of one page: text runs -> lines -> blocks -> labelled, scored candidates, figures
// from images and vector drawing, regions found by earlier stages (tables, OCR figures) placed in
// reading order; then threshold. Running headers/footers are confirmed across pages afterwards by
// the document stage in ./running.ts.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element } from '../contract/types.ts';
import { normalize, overlapFraction, rectArea } from '../geometry.ts';
import type { OpenedDocument, PageContent, Rect } from '../pdf/types.ts';
import type { PageStage, Region } from '../stage.ts';
import { buildBlocks, type Block } from './blocks.ts';
import { findFigures } from './figures.ts';
import { joinFormulaPieces } from './formulas.ts';
import { bodyFontName, bodyFontSize, labelBlock, type Labelled, type PageContext } from './label.ts';
import { buildLines, type Line } from './lines.ts';
import { monospaceFonts } from './monospace.ts';
import { readingOrder } from './order.ts';
import { BULLET_GLYPH, opensCaption, opensNote, opensWithMark, PAGE_NUMBER, PUBLISHER, SECTION_NUMBER } from './patterns.ts';
import { promoteTitle } from './promote-title.ts';
import { joinLines } from './text.ts';
import { applyThreshold } from './threshold.ts';

export { applyThreshold } from './threshold.ts';
export { joinLines } from './text.ts';
export { runningMatterStage } from './running.ts';

export interface LayoutExtras {
  /** Regions found by earlier stages (tables, figures in scans). */
  regions?: readonly Region[];
  /** Body font size seen on earlier pages of the document, for pages with little text. */
  documentBody?: number;
  /**
   * Fonts earlier pages of the document showed to be code's: monospaced, beside running text in
   * other faces (a page of two code lines and little else cannot tell).
   */
  documentCode?: ReadonlySet<string>;
}

function toElements(l: Labelled, page: PageContent, options: ResolvedOptions): Element[] {
  const text = l.text ?? joinLines(l.lines, options.text_extraction_options.remove_line_breaks);
  const bbox = normalize(l.rect, page.width, page.height);
  const chosen = options.threshold === 'auto' ? l.candidates.slice(0, 1) : l.candidates;
  return chosen.map((c) => {
    const properties: Element['properties'] = { score: round(c.score), page_number: page.pageNumber };
    if (c.type === 'Image') Object.assign(properties, { image_size: null, image_mode: null, image_format: null });
    if (c.type === 'table') Object.assign(properties, { title: null, columns: null, rows: null });
    if (l.properties) Object.assign(properties, l.properties);
    const element: Element = { type: c.type, bbox: [...bbox], properties, text_representation: text };
    if (l.table && c.type === 'table') element.table = l.table;
    return element;
  });
}

const round = (v: number) => Math.round(v * 1000) / 1000;

function lineArea(line: Line): number {
  return Math.max(1e-6, rectArea(line.rect));
}

/** The font size most characters of these lines are set in (to the half point). */
function commonSize(lines: readonly Line[]): number {
  const chars = new Map<number, number>();
  for (const l of lines) {
    const size = Math.round(l.fontSize * 2) / 2;
    chars.set(size, (chars.get(size) ?? 0) + l.text.length);
  }
  let best = 10;
  let most = 0;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}

const LABEL_CHARS = 40;

/**
 * Axis titles, tick values and legends set just outside a drawing belong to it: short lines within
 * about a line height of a figure are taken in, a few times over (tick values, then the axis title
 * beyond them). Captions, larger type and the short last line of a paragraph are not, nor is a
 * label whose taking would spread the figure over running text.
 */
export function growFigures(figures: readonly Rect[], lines: readonly Line[]): Rect[] {
  const body = commonSize(lines);
  const long = lines.filter((l) => l.text.length > LABEL_CHARS);
  const inParagraph = (l: Line): boolean => {
    const h = l.rect.y1 - l.rect.y0;
    return long.some((m) => m !== l && Math.min(m.rect.x1, l.rect.x1) > Math.max(m.rect.x0, l.rect.x0) && Math.max(m.rect.y0 - l.rect.y1, l.rect.y0 - m.rect.y1) < 0.8 * h);
  };
  const candidates = lines.filter((l) => {
    const rotated = l.runs.some((r) => Math.abs(r.angle) >= 2 && Math.abs(r.angle - 360) >= 2);
    const heading = SECTION_NUMBER.test(l.text) && /^\W*[\dIVXA-H.]+\s+\p{Lu}/u.test(l.text);
    // Narrow as well as short: a CJK line of few characters can still be a paragraph's line.
    const narrow = rotated || l.rect.x1 - l.rect.x0 <= 15 * l.fontSize;
    return narrow && l.text.length <= (rotated ? 60 : LABEL_CHARS) && l.fontSize <= 1.25 * body && !opensCaption(l.text) && !heading && !inParagraph(l);
  });
  return figures.map((figure) => {
    const f = { ...figure };
    const taken = new Set<Line>();
    for (let pass = 0; pass < 4; pass++) {
      let grew = false;
      for (const l of candidates) {
        if (taken.has(l)) continue;
        const r = l.rect;
        const thick = Math.min(r.x1 - r.x0, r.y1 - r.y0);
        const dx = Math.max(0, f.x0 - r.x1, r.x0 - f.x1);
        const dy = Math.max(0, f.y0 - r.y1, r.y0 - f.y1);
        if (dx > 1.5 * thick || dy > 1.2 * thick) continue;
        const grown = { x0: Math.min(f.x0, r.x0), y0: Math.min(f.y0, r.y0), x1: Math.max(f.x1, r.x1), y1: Math.max(f.y1, r.y1) };
        // A label beside a picture that sits beside a column must not pull the column in with it.
        if (long.some((o) => overlapFraction(o.rect, grown) > 0.7 && overlapFraction(o.rect, f) <= 0.7)) continue;
        taken.add(l);
        grew = true;
        Object.assign(f, grown);
      }
      if (!grew) break;
    }
    return f;
  });
}

/** Text-bearing figures of a page: pictures and vector drawings, minus backgrounds and ruled tables. */
function pageFigures(page: PageContent, lines: readonly Line[], regions: readonly Region[]): Rect[] {
  const pageArea = page.width * page.height;
  const body = commonSize(lines);
  const out: Rect[] = [];
  for (const f of findFigures(page)) {
    const inside = lines.filter((l) => overlapFraction(l.rect, f.rect) > 0.7);
    const covered = inside.reduce((s, l) => s + lineArea(l), 0) / Math.max(1, rectArea(f.rect));
    // Lines longer than a label: running text, not a figure's lettering.
    const sentences = inside.filter((l) => l.text.length > LABEL_CHARS).length;
    // A scanned page (or a picture used as page background) with text over it is not a figure.
    if (f.source === 'image' && rectArea(f.rect) / pageArea > 0.5 && inside.length >= 5) continue;
    // Nor is a pattern drawn over most of the page behind running text (a diagram's labels are short).
    if (f.source === 'vector' && rectArea(f.rect) / pageArea > 0.5 && sentences >= 3) continue;
    // Boxes full of text are panels or tables, not pictures (a plot's labels cover less, and a
    // picture's lettering is in its pixels); a picture or shape behind nothing but text set above the
    // body size is a banner behind a heading. Their text is read as the page's text.
    if (covered > (f.source === 'vector' ? 0.2 : 0.4) || (f.source === 'vector' && inside.length > 25)) continue;
    if (inside.length > 0 && inside.every((l) => l.fontSize >= 1.15 * body)) continue;
    // Shaded boxes with text on them are a shaded frame (a letterhead, a form's boxes): its text is
    // the page's, read with the rest.
    if (f.shadedBoxes && inside.length > 0) continue;
    // A picture behind sentences of the page's own text is a card or panel background: a figure's
    // lettering is short (labels, values), or in its pixels.
    if (f.source === 'image' && sentences >= 2) continue;
    // Drawing of a table a detector already claimed (its rules, shaded rows).
    if (regions.some((r) => r.type === 'table' && overlapFraction(f.rect, r.rect) > 0.5)) continue;
    out.push(f.rect);
  }
  // Overlapping figures become one.
  const merged: Rect[] = [];
  for (const r of out.sort((a, b) => rectArea(b) - rectArea(a))) {
    const host = merged.find((m) => overlapFraction(r, m) > 0.5);
    if (host) Object.assign(host, { x0: Math.min(host.x0, r.x0), y0: Math.min(host.y0, r.y0), x1: Math.max(host.x1, r.x1), y1: Math.max(host.y1, r.y1) });
    else merged.push({ ...r });
  }
  return growFigures(merged, lines);
}

/**
 * A row of short pieces on one baseline below all other text near the page foot (a revision, a part
 * number and a date set left, centre and right) is a page footer, as the same row at the head is a
 * page header, even where it sits above the narrow band running matter usually keeps to.
 */
export function footerRow(out: Labelled[], page: PageContent): void {
  const text = out.filter((l) => l.lines.length > 0);
  for (const [type, zone] of [['Page-footer', (l: Labelled) => l.rect.y0 > 0.85 * page.height], ['Page-header', (l: Labelled) => l.rect.y1 < 0.15 * page.height]] as const) {
    const cands = text.filter((l) => zone(l) && l.lines.length === 1 && l.lines[0]!.length <= 40 && l.candidates[0]!.type !== 'Caption');
    for (const l of cands) {
      const row = cands.filter((o) => Math.abs(o.rect.y0 - l.rect.y0) < 2 && Math.abs(o.rect.y1 - l.rect.y1) < 2);
      if (row.length < 2 || row.length > 4) continue;
      const x0 = Math.min(...row.map((o) => o.rect.x0));
      const x1 = Math.max(...row.map((o) => o.rect.x1));
      // Spread across the text width (pieces far apart; half of it at least, or a third with a page
      // number at one end: `2` and, centred, the title), with no other text beyond the row.
      const ends = [row.reduce((a, b) => (b.rect.x0 < a.rect.x0 ? b : a)), row.reduce((a, b) => (b.rect.x1 > a.rect.x1 ? b : a))];
      const numbered = ends.some((o) => PAGE_NUMBER.test(o.lines[0]!));
      const spread = x1 - x0 > (numbered ? 0.3 : 0.5) * page.width && row.every((o, i) => row.every((p, k) => i === k || Math.max(p.rect.x0 - o.rect.x1, o.rect.x0 - p.rect.x1) > 0.08 * page.width));
      const outer = text.some((o) => !row.includes(o) && (type === 'Page-footer' ? o.rect.y1 > l.rect.y1 + 1 : o.rect.y0 < l.rect.y0 - 1) && o.candidates[0]!.type !== type);
      if (!spread || outer) continue;
      for (const o of row) if (o.candidates[0]!.type !== type) o.candidates = [{ type, score: 0.7 }, { type: o.candidates[0]!.type, score: 0.3 }];
    }
  }
}

const ITEM_NUMBER = /^\s*(\d{1,3})[.)]\s/;

/** A block's raised marker: its first run a lone letter or number set small and high (`ᵃ`, `¹`). */
function raisedMarker(block: Block): string | null {
  const [mark, next] = block.lines[0]?.runs ?? [];
  if (!mark || !next || !/^\s*([a-z]|\d{1,2})\s*$/.test(mark.text)) return null;
  const raised = mark.fontSize < 0.85 * next.fontSize && mark.rect.y0 < next.rect.y0 - 0.05 * next.fontSize;
  return raised ? mark.text.trim() : null;
}

const successor = (a: string, b: string): boolean => (/^\d+$/.test(a) ? Number(b) === Number(a) + 1 : b.charCodeAt(0) === a.charCodeAt(0) + 1);

/**
 * Blocks stacked one under another, each opened by a raised marker in sequence (`ᵃ …`, `ᵇ …`: a
 * paper's affiliations) are the items of a list. Not at the foot of the page, where such blocks
 * are footnotes.
 */
function markedRuns(out: Labelled[], blocks: readonly Block[], page: PageContent): void {
  const marked = out
    .map((l, i) => ({ l, mark: raisedMarker(blocks[i]!) }))
    .filter((x): x is { l: Labelled; mark: string } => x.mark !== null && x.l.candidates[0]!.type === 'Text' && x.l.rect.y0 < 0.8 * page.height)
    .sort((a, b) => a.l.rect.y0 - b.l.rect.y0);
  const items = new Set<Labelled>();
  for (let i = 1; i < marked.length; i++) {
    const [a, b] = [marked[i - 1]!, marked[i]!];
    const h = (a.l.rect.y1 - a.l.rect.y0) / Math.max(1, a.l.lines.length);
    if (successor(a.mark, b.mark) && b.l.rect.y0 - a.l.rect.y1 < h && Math.abs(a.l.rect.x0 - b.l.rect.x0) < 0.5 * a.l.fontSize) items.add(a.l).add(b.l);
  }
  for (const l of items) l.candidates = [{ type: 'List-item', score: 0.7 }, { type: 'Text', score: 0.3 }];
}

/**
 * Numbered blocks stacked right under one another with consecutive numbers (`1.`, `2.`, `3.`) are
 * the items of a list, however large they are set: sections have text between their headings.
 */
function numberedRuns(out: Labelled[]): void {
  const numbered = out
    .map((l) => ({ l, n: Number(ITEM_NUMBER.exec(l.lines[0] ?? '')?.[1] ?? NaN) }))
    .filter((x) => Number.isFinite(x.n) && x.l.candidates[0]!.type === 'Section-header');
  const items = new Set<Labelled>();
  for (const a of numbered)
    for (const b of numbered) {
      const h = (a.l.rect.y1 - a.l.rect.y0) / Math.max(1, a.l.lines.length);
      // (Tight leading lets the boxes of consecutive lines overlap a little.)
      const below = b.l.rect.y0 >= a.l.rect.y1 - 0.3 * h && b.l.rect.y0 - a.l.rect.y1 < h;
      if (b.n === a.n + 1 && below && Math.abs(a.l.rect.x0 - b.l.rect.x0) < 0.5 * a.l.fontSize) items.add(a.l).add(b.l);
    }
  for (const l of items) l.candidates = [{ type: 'List-item', score: 0.75 }, { type: 'Section-header', score: 0.25 }];
}

export function labelPage(page: PageContent, extras: LayoutExtras = {}): Labelled[] {
  const allLines = buildLines(page.textRuns);
  const regions = extras.regions ?? [];
  // Text inside a region belongs to it; text inside a figure stays with the figure.
  const free = allLines.filter((l) => !regions.some((r) => overlapFraction(l.rect, r.rect) > 0.5));
  const figures = pageFigures(page, free, regions);
  const figureLines = figures.map(() => [] as Line[]);
  const textLines: Line[] = [];
  for (const line of free) {
    const i = figures.findIndex((f) => overlapFraction(line.rect, f) > 0.7);
    if (i >= 0) figureLines[i]!.push(line);
    else textLines.push(line);
  }
  // Code (every line in a monospaced face) is text, never a heading or an item however it is set;
  // it is marked so that Markdown and HTML keep it verbatim. (Where the page, or an earlier one,
  // has running text in other faces: a typewritten page is all one face.)
  const { mono, prose } = codeFaces(page);
  const isCode = (l: Line): boolean => (prose && mono.has(l.font)) || !!extras.documentCode?.has(l.font);
  const blocks = buildBlocks(textLines, isCode);
  const proseBlocks = blocks.filter((b) => !b.lines.every(isCode));
  const pageBody = bodyFontSize(blocks);
  // Little running text (a slide, a page that is mostly a table): sizes are judged against what
  // earlier pages showed, or else against all the page's text, a table's included.
  const sparse = !pageBody || pageBody.chars < 400;
  const body = !sparse ? pageBody.size : (extras.documentBody ?? (allLines.length ? commonSize(allLines) : 10));

  const ctx: PageContext = {
    page,
    body,
    visuals: [...figures, ...regions.map((r) => r.rect)],
    rules: page.paths
      .filter((p) => p.rect.y1 - p.rect.y0 < 2.5 && p.rect.x1 - p.rect.x0 > 20)
      .map((p) => p.rect),
    largest: Math.max(0, ...blocks.map((b) => b.fontSize)),
    // The running text's face, not code's: on a page of examples the code face has most letters.
    bodyFont: bodyFontName(proseBlocks.length ? proseBlocks : blocks, body),
    leftEdges: blocks.filter((b) => b.lines.length >= 3).map((b) => b.rect.x0),
  };
  const out: Labelled[] = blocks.map((block) => {
    // (A line opened by a bullet is a list item, and one opened by a note's mark a note, their
    // words set in a monospaced face or not: a footnote's address.)
    const code = block.lines.every(isCode) && !BULLET_GLYPH.test(block.lines[0]!.text) && !opensWithMark(block.lines[0]!.runs);
    return {
      candidates: code ? [{ type: 'Text', score: 0.85 }] : labelBlock(block, ctx),
      rect: block.rect,
      lines: block.lines.map((l) => l.text),
      fontSize: block.fontSize,
      ...(code ? { properties: { code: true } } : {}),
    };
  });
  // Margin text that continues a column (a paragraph running into the band) is not running matter.
  for (const l of out) {
    const type = l.candidates[0]!.type;
    if (type !== 'Page-header' && type !== 'Page-footer') continue;
    const h = l.rect.y1 - l.rect.y0;
    // (Another piece of running matter right under a header, a journal line under a download stamp,
    // is no paragraph.)
    const touches = out.some(
      (o) => o !== l && o.candidates[0]!.type !== type && Math.min(o.rect.x1, l.rect.x1) > Math.max(o.rect.x0, l.rect.x0) && (type === 'Page-footer' ? l.rect.y0 - o.rect.y1 : o.rect.y0 - l.rect.y1) < 0.8 * h && (type === 'Page-footer' ? o.rect.y1 <= l.rect.y0 + 1 : o.rect.y0 >= l.rect.y1 - 1),
    );
    // ... nor is a body-size line as wide as the column it ends (a paragraph's first line).
    const column = out.find((o) => o !== l && o.candidates[0]!.type === 'Text' && Math.abs(o.rect.x0 - l.rect.x0) < 2 && Math.abs(o.rect.x1 - l.rect.x1) < 0.05 * (o.rect.x1 - o.rect.x0));
    const bodyLike = l.fontSize >= 0.95 * body && l.lines.length === 1 && !!column && !PAGE_NUMBER.test(l.lines[0]!);
    if ((touches || bodyLike) && !PUBLISHER.test(l.lines.join(' '))) l.candidates = [{ type: 'Text', score: 0.75 }, { type, score: 0.25 }];
  }
  footerRow(out, page);
  numberedRuns(out);
  // One Title per page: of the candidates set (near) the largest, the one with the most words (a
  // masthead or journal name is short, a paper's title is not); others fall back to their second
  // candidate.
  const titles = out
    .filter((l) => l.candidates[0]!.type === 'Title')
    .sort((a, b) => b.lines.join(' ').length - a.lines.join(' ').length || b.fontSize - a.fontSize);
  for (const t of titles.slice(1)) t.candidates = [...t.candidates.slice(1), { ...t.candidates[0]!, score: Math.min(0.3, t.candidates[0]!.score) }];

  // Notes under a table: small lines opened by a mark, right below the table (or below such a note).
  const tables = regions.filter((r) => r.type === 'table').map((r) => r.rect);
  const notes: Rect[] = [...tables];
  for (const [i, l] of out.map((o, k) => [k, o] as const).sort((a, b) => a[1].rect.y0 - b[1].rect.y0)) {
    const block = blocks[i]!;
    if (l.candidates[0]!.type !== 'Text' || l.fontSize > 0.95 * body || block.lines.length > 3) continue;
    const h = block.lines[0]!.rect.y1 - block.lines[0]!.rect.y0;
    const under = notes.some((n) => l.rect.y0 >= n.y1 - 1 && l.rect.y0 - n.y1 < 1.5 * h && Math.min(n.x1, l.rect.x1) > Math.max(n.x0, l.rect.x0));
    if (!under || !(opensNote(block.lines[0]!.runs) || /^\s*[a-z∗*†‡]\s/u.test(l.lines[0]!))) continue;
    l.candidates = [{ type: 'Footnote', score: 0.7 }, { type: 'Text', score: 0.3 }];
    notes.push(l.rect);
  }
  // (After the notes: a table's lettered notes are footnotes, not a list.)
  markedRuns(out, blocks, page);
  const labelled = joinFormulaPieces(out, body);

  figures.forEach((rect, i) => {
    const lines = figureLines[i]!.sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0).map((l) => l.text);
    labelled.push({ candidates: [{ type: 'Image', score: 0.8 }], rect, lines, fontSize: 0 });
  });
  for (const r of regions) {
    // A picture found in a scan keeps the text laid over it (as a figure does); a table its cells'.
    const over = r.type === 'Image' && r.text === undefined ? allLines.filter((l) => overlapFraction(l.rect, r.rect) > 0.5).sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0) : [];
    const lines = over.map((l) => l.text);
    labelled.push({ candidates: [{ type: r.type, score: r.score }], rect: r.rect, lines, fontSize: 0, text: r.text ?? (lines.length ? undefined : ''), properties: r.properties, table: r.table });
  }

  const rtlChars = allLines.reduce((n, l) => n + (l.rtl ? l.text.length : 0), 0);
  const allChars = allLines.reduce((n, l) => n + l.text.length, 0);
  return readingOrder(labelled, {
    rtl: allChars > 0 && rtlChars / allChars > 0.5,
    isHeader: (l) => l.candidates[0]!.type === 'Page-header',
    isFooter: (l) => l.candidates[0]!.type === 'Page-footer',
  });
}

export function layoutPage(page: PageContent, options: ResolvedOptions, extras: LayoutExtras = {}): Element[] {
  let labelled = labelPage(page, extras);
  const labels = options.output_label_options;
  if (labels.promote_title && page.pageNumber === 1) labelled = promoteTitle(labelled, labels.title_candidate_elements);
  return applyThreshold(
    labelled.flatMap((l) => toElements(l, page, options)),
    options.threshold,
  );
}

/** Body font sizes seen so far per open document, so that sparse pages judge sizes like the rest. */
const documentBodies = new WeakMap<OpenedDocument, Map<number, number>>();

function documentBody(doc: OpenedDocument, page: PageContent): number | undefined {
  let sizes = documentBodies.get(doc);
  if (!sizes) documentBodies.set(doc, (sizes = new Map()));
  let best: number | undefined;
  let most = 0;
  for (const [size, n] of sizes) if (n > most) [best, most] = [size, n];
  for (const run of page.textRuns) {
    const size = Math.round(run.fontSize * 2) / 2;
    sizes.set(size, (sizes.get(size) ?? 0) + run.text.length);
  }
  return best;
}

/** A page's monospaced fonts, and whether running text in other faces stands beside them. */
interface CodeFaces {
  mono: Set<string>;
  prose: boolean;
}

const pageFaces = new WeakMap<PageContent, CodeFaces>();

/**
 * The page's monospaced fonts, and whether it has running text in other faces beside them (then
 * they are code's; a typewritten page is all one face).
 */
function codeFaces(page: PageContent): CodeFaces {
  // Once per page: the layout stage asks for them (documentCode) before labelPage does.
  const known = pageFaces.get(page);
  if (known) return known;
  const mono = monospaceFonts(page.textRuns);
  const chars = page.textRuns.reduce((n, r) => n + (mono.has(r.fontName) ? 0 : r.text.trim().length), 0);
  const faces = { mono, prose: chars >= 150 };
  pageFaces.set(page, faces);
  return faces;
}

/** Code's fonts seen so far per open document. */
const documentCodes = new WeakMap<OpenedDocument, Set<string>>();

/** The fonts earlier pages showed to be code's; this page's are added for the next ones. */
function documentCode(doc: OpenedDocument, page: PageContent): ReadonlySet<string> {
  const seen = documentCodes.get(doc) ?? new Set<string>();
  documentCodes.set(doc, seen);
  const before = new Set(seen);
  const { mono, prose } = codeFaces(page);
  if (prose) for (const font of mono) seen.add(font);
  return before;
}

export const layoutStage: PageStage = {
  name: 'layout',
  run: (state, ctx) => ({
    ...state,
    elements: layoutPage(state.content, ctx.options, {
      regions: state.regions,
      documentBody: documentBody(ctx.doc, state.content),
      documentCode: documentCode(ctx.doc, state.content),
    }),
  }),
};
