// Layout analysis of one page: text runs -> lines -> blocks -> labelled, scored candidates, figures
// from images and vector drawing, regions found by earlier stages (tables, OCR figures) placed in
// reading order; then threshold. Running headers/footers are confirmed across pages afterwards by
// the document stage in ./running.ts.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element } from '../contract/types.ts';
import { normalize, overlapFraction, rectArea } from '../geometry.ts';
import type { OpenedDocument, PageContent, Rect } from '../pdf/types.ts';
import type { PageStage, Region } from '../stage.ts';
import { buildBlocks } from './blocks.ts';
import { findFigures } from './figures.ts';
import { bodyFontSize, labelBlock, type Labelled, type PageContext } from './label.ts';
import { buildLines, type Line } from './lines.ts';
import { readingOrder } from './order.ts';
import { PAGE_NUMBER } from './patterns.ts';
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

/** Text-bearing figures of a page: pictures and vector drawings, minus backgrounds and ruled tables. */
function pageFigures(page: PageContent, lines: readonly Line[]): Rect[] {
  const pageArea = page.width * page.height;
  const out: Rect[] = [];
  for (const f of findFigures(page)) {
    const inside = lines.filter((l) => overlapFraction(l.rect, f.rect) > 0.7);
    const covered = inside.reduce((s, l) => s + lineArea(l), 0) / Math.max(1, rectArea(f.rect));
    // A scanned page (or a picture used as page background) with text over it is not a figure.
    if (f.source === 'image' && rectArea(f.rect) / pageArea > 0.5 && inside.length >= 5) continue;
    // Drawn boxes full of text are panels or tables, not pictures.
    if (f.source === 'vector' && (covered > 0.2 || inside.length > 25)) continue;
    out.push(f.rect);
  }
  // Overlapping figures become one.
  const merged: Rect[] = [];
  for (const r of out.sort((a, b) => rectArea(b) - rectArea(a))) {
    const host = merged.find((m) => overlapFraction(r, m) > 0.5);
    if (host) Object.assign(host, { x0: Math.min(host.x0, r.x0), y0: Math.min(host.y0, r.y0), x1: Math.max(host.x1, r.x1), y1: Math.max(host.y1, r.y1) });
    else merged.push({ ...r });
  }
  return merged;
}

export function labelPage(page: PageContent, extras: LayoutExtras = {}): Labelled[] {
  const allLines = buildLines(page.textRuns);
  const regions = extras.regions ?? [];
  // Text inside a region belongs to it; text inside a figure stays with the figure.
  const free = allLines.filter((l) => !regions.some((r) => overlapFraction(l.rect, r.rect) > 0.5));
  const figures = pageFigures(page, free);
  const figureLines = figures.map(() => [] as Line[]);
  const textLines: Line[] = [];
  for (const line of free) {
    const i = figures.findIndex((f) => overlapFraction(line.rect, f) > 0.7);
    if (i >= 0) figureLines[i]!.push(line);
    else textLines.push(line);
  }
  const blocks = buildBlocks(textLines);
  const pageBody = bodyFontSize(blocks);
  const body = pageBody && (pageBody.chars >= 400 || !extras.documentBody) ? pageBody.size : (extras.documentBody ?? pageBody?.size ?? 10);

  const ctx: PageContext = {
    page,
    body,
    visuals: [...figures, ...regions.map((r) => r.rect)],
    rules: page.paths
      .filter((p) => p.rect.y1 - p.rect.y0 < 2.5 && p.rect.x1 - p.rect.x0 > 20)
      .map((p) => p.rect),
    largest: Math.max(0, ...blocks.map((b) => b.fontSize)),
  };
  const out: Labelled[] = blocks.map((block) => ({
    candidates: labelBlock(block, ctx),
    rect: block.rect,
    lines: block.lines.map((l) => l.text),
    fontSize: block.fontSize,
  }));
  // Margin text that continues a column (a paragraph running into the band) is not running matter.
  for (const l of out) {
    const type = l.candidates[0]!.type;
    if (type !== 'Page-header' && type !== 'Page-footer') continue;
    const h = l.rect.y1 - l.rect.y0;
    const touches = out.some(
      (o) => o !== l && Math.min(o.rect.x1, l.rect.x1) > Math.max(o.rect.x0, l.rect.x0) && (type === 'Page-footer' ? l.rect.y0 - o.rect.y1 : o.rect.y0 - l.rect.y1) < 0.8 * h && (type === 'Page-footer' ? o.rect.y1 <= l.rect.y0 + 1 : o.rect.y0 >= l.rect.y1 - 1),
    );
    // ... nor is a body-size line as wide as the column it ends (a paragraph's first line).
    const column = out.find((o) => o !== l && o.candidates[0]!.type === 'Text' && Math.abs(o.rect.x0 - l.rect.x0) < 2 && Math.abs(o.rect.x1 - l.rect.x1) < 0.05 * (o.rect.x1 - o.rect.x0));
    const bodyLike = l.fontSize >= 0.95 * body && l.lines.length === 1 && !!column && !PAGE_NUMBER.test(l.lines[0]!);
    if (touches || bodyLike) l.candidates = [{ type: 'Text', score: 0.75 }, { type, score: 0.25 }];
  }
  // One Title per page: the largest; others fall back to their second candidate.
  const titles = out.filter((l) => l.candidates[0]!.type === 'Title').sort((a, b) => b.fontSize - a.fontSize);
  for (const t of titles.slice(1)) t.candidates = [...t.candidates.slice(1), { ...t.candidates[0]!, score: Math.min(0.3, t.candidates[0]!.score) }];

  figures.forEach((rect, i) => {
    const lines = figureLines[i]!.sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0).map((l) => l.text);
    out.push({ candidates: [{ type: 'Image', score: 0.8 }], rect, lines, fontSize: 0 });
  });
  for (const r of regions)
    out.push({ candidates: [{ type: r.type, score: r.score }], rect: r.rect, lines: [], fontSize: 0, text: r.text ?? '', properties: r.properties, table: r.table });

  const rtlChars = allLines.reduce((n, l) => n + (l.rtl ? l.text.length : 0), 0);
  const allChars = allLines.reduce((n, l) => n + l.text.length, 0);
  return readingOrder(out, {
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

export const layoutStage: PageStage = {
  name: 'layout',
  run: (state, ctx) => ({
    ...state,
    elements: layoutPage(state.content, ctx.options, { regions: state.regions, documentBody: documentBody(ctx.doc, state.content) }),
  }),
};
