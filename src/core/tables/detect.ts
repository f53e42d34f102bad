// One page's tables: ruled frames first (their structure is given by the rulings), then
// contents listings (leader dots to page numbers), then borderless and partially ruled tables
// from text alignment among the words outside them.
import type { PageContent, Rect } from '../pdf/types.ts';
import { alignedCandidates, alignedGrid, columnGaps, rejectReason } from './aligned.ts';
import { contentsTables } from './contents.ts';
import type { Grid } from './grid.ts';
import { refineRulings } from './refine.ts';
import { nestedGrids } from './nested.ts';
import { ruledGrid } from './ruled.ts';
import { clusterPositions, fillEdgesOf, groupRulings, mergeCollinear, rulingsOf, type Ruling, type RulingGroup } from './rulings.ts';
import { adoptRowBelow, adoptTurnedHeader } from './outside-rules.ts';
import { linesOf, unionOf, wordsOf, type Word } from './words.ts';

const centerIn = (w: Word, r: Rect, pad = 0): boolean => {
  const cx = (w.rect.x0 + w.rect.x1) / 2;
  const cy = (w.rect.y0 + w.rect.y1) / 2;
  return cx >= r.x0 - pad && cx <= r.x1 + pad && cy >= r.y0 - pad && cy <= r.y1 + pad;
};

function overlapShare(a: Rect, b: Rect): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  const area = (a.x1 - a.x0) * (a.y1 - a.y0);
  return w > 0 && h > 0 && area > 0 ? (w * h) / area : 0;
}

/**
 * A plotted series in or around the frame — a line or curve path that is neither horizontal nor
 * vertical and covers a good part of it — makes it a chart (gridlines and a plot), not a table.
 * Small curves (rounded cell corners) do not count.
 */
const DOTS = 400;

function chartLike(page: PageContent, rect: Rect): boolean {
  const pad = 30;
  const area = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
  let small = 0;
  let dots = 0;
  for (const p of page.paths) {
    const r = p.rect;
    if (r.x0 < rect.x0 - pad || r.x1 > rect.x1 + pad || r.y0 < rect.y0 - pad || r.y1 > rect.y1 + pad) continue;
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    // A plot drawn dot by dot: many tiny marks (ruling joints are tiny too, but few per table
    // compared with a plotted series).
    if (w <= 2.5 && h <= 2.5) {
      dots++;
      continue;
    }
    if (p.kind === 'rect' || w <= 2.5 || h <= 2.5) continue;
    if (w * h > 0.05 * area) return true;
    if (p.kind === 'line') small++;
  }
  // Many short diagonal strokes: a plot drawn segment by segment.
  return small >= 12 || dots >= DOTS;
}

/**
 * Rules or aligned labels lying on a picture (a chart or diagram image, whose labels may have been
 * OCR'd): a figure, not a table. A picture covering most of the page is a scan, and tables on it
 * are real, and so are tables over a background.
 */
function onFigure(page: PageContent, rect: Rect, share: number): boolean {
  const pageArea = page.width * page.height;
  // Pictures as wide as the page are backgrounds and banners (pages tiled with image strips).
  return page.images.some(
    (im) => im.rect.x1 - im.rect.x0 < 0.9 * page.width && (im.rect.x1 - im.rect.x0) * (im.rect.y1 - im.rect.y0) < 0.6 * pageArea && overlapShare(rect, im.rect) > share,
  );
}

function ruledTables(words: readonly Word[], groups: readonly RulingGroup[], page: PageContent, minCols = 1): Grid[] {
  const out: Grid[] = [];
  for (const group of groups) {
    const { rect } = group;
    const w = rect.x1 - rect.x0;
    const h = rect.y1 - rect.y0;
    if (w < 20 || h < 8) continue;
    // A frame around (nearly) the whole page is a page border, not a table.
    if (w > 0.9 * page.width && h > 0.85 * page.height) continue;
    // Words mostly inside the frame; those whose centre misses every cell become leftovers.
    const inside = words.filter((x) => centerIn(x, rect, 1) || overlapShare(x.rect, rect) >= 0.3);
    if (chartLike(page, rect)) continue;
    const grid = ruledGrid(refineRulings(group, inside), inside);
    if (!grid || grid.numCols < minCols || (grid.numCols < 2 && (grid.numRows < 2 || w < 100))) continue;
    // Mostly empty slots: the gridlines of a chart, or a drawing, not a table.
    const slots = grid.numRows * grid.numCols;
    const filledSlots = grid.cells.filter((c) => c.words.length).reduce((n, c) => n + (c.r1 - c.r0 + 1) * (c.c1 - c.c0 + 1), 0);
    if (grid.cells.filter((c) => c.words.length).length < 0.4 * grid.cells.length || filledSlots < 0.4 * slots) continue;
    // Text side by side in at least one row, unless it is a single column of boxes.
    const rowsWithPairs = new Set(grid.cells.filter((c) => c.words.length).map((c) => c.r0).filter((r, i, all) => all.indexOf(r) !== i));
    if (grid.numCols > 1 && rowsWithPairs.size === 0) continue;
    // Axes drawn over a picture: a figure, not a table.
    if (onFigure(page, rect, 0.3)) continue;
    // A box or two around paragraphs (call-outs) is not a table.
    const filled = grid.cells.filter((c) => c.words.length);
    const wordsPer = filled.map((c) => c.words.length).sort((a, b) => a - b);
    if (filled.length <= 2 && (wordsPer[wordsPer.length - 1] ?? 0) > 25) continue;
    // A page laid out in ruled boxes (a cover, a sidebar beside the main text): a row or three whose
    // text is mostly paragraphs, two or more of them, is not a table.
    const wordCount = wordsPer.reduce((a, b) => a + b, 0);
    const paragraphs = wordsPer.filter((n) => n > 40);
    if (grid.numRows <= 3 && paragraphs.length >= 2 && paragraphs.reduce((a, b) => a + b, 0) > 0.8 * wordCount) continue;
    // A single column holding a page of text is a frame around text, however many rules cross it.
    if (grid.numCols === 1 && (wordsPer[wordsPer.length - 1] ?? 0) > 40) continue;
    // One row of one or two boxes is a banner or a framed heading (a page masthead), not a table.
    if (grid.numRows === 1 && filled.length <= 2) continue;
    // Stroked bars with gridlines and data labels: a bar chart.
    if (barChart(page, rect)) continue;
    out.push(grid);
    out.push(...nestedGrids(grid, group, inside));
  }
  return out;
}

/**
 * Filled bars whose ends fall at different places from one bar row (or column) to the next: a bar
 * chart, stacked or not. Cell shading also fills rectangles, but in a table every shaded row ends
 * at the same column borders (or spans the whole row), so their edges repeat across rows.
 */
export function barChart(page: PageContent, rect: Rect): boolean {
  const area = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
  const fills = page.paths
    .filter((p) => p.kind === 'rect' && p.filled)
    .map((p) => p.rect)
    .filter(
      (r) =>
        r.x1 - r.x0 > 2.5 &&
        r.y1 - r.y0 > 2.5 &&
        (r.x1 - r.x0) * (r.y1 - r.y0) < 0.5 * area &&
        r.x0 >= rect.x0 - 5 &&
        r.x1 <= rect.x1 + 5 &&
        r.y0 >= rect.y0 - 5 &&
        r.y1 <= rect.y1 + 5,
    );
  if (fills.length < 6) return false;
  const varied = (band: (r: Rect) => [number, number], ends: (r: Rect) => [number, number]): boolean => {
    // Bands: fills sharing their extent across the bars' direction (one bar row).
    const bands = new Map<string, Rect[]>();
    for (const f of fills) {
      const [a, b] = band(f);
      const key = `${Math.round(a)},${Math.round(b)}`;
      bands.set(key, [...(bands.get(key) ?? []), f]);
    }
    if (bands.size < 3) return false;
    const positions = [...bands.values()].map((fs) => clusterPositions(fs.flatMap((f) => ends(f)), 1.5));
    const all = clusterPositions(positions.flat(), 1.5);
    // Ends seen in one band only.
    const lone = all.filter((x) => positions.filter((ps) => ps.some((p) => Math.abs(p - x) <= 1.5)).length === 1).length;
    return lone >= 3 && lone >= 0.5 * all.length;
  };
  return varied((r) => [r.y0, r.y1], (r) => [r.x0, r.x1]) || varied((r) => [r.x0, r.x1], (r) => [r.y0, r.y1]);
}

/** Horizontal rules not part of a ruled table: hints for booktabs-style and financial tables. */
function looseHorizontalRules(rulings: readonly Ruling[], tables: readonly Grid[]): Ruling[] {
  return rulings.filter(
    (r) => r.horizontal && !tables.some((t) => r.pos >= t.rect.y0 - 2 && r.pos <= t.rect.y1 + 2 && r.from >= t.rect.x0 - 2 && r.to <= t.rect.x1 + 2),
  );
}

/**
 * Filled bars under aligned numbers: a bar chart's data labels, not a table. Cell shading also
 * fills rectangles, but theirs share a few column edges; bars end at assorted places.
 */
function barsUnder(page: PageContent, rect: Rect): boolean {
  const width = rect.x1 - rect.x0;
  const edges: number[] = [];
  let bars = 0;
  for (const p of page.paths) {
    if (p.kind !== 'rect' || !p.filled) continue;
    const r = p.rect;
    if (r.x1 - r.x0 <= 2.5 || r.y1 - r.y0 <= 2.5 || r.x1 - r.x0 > 0.6 * width) continue;
    if (r.x0 >= rect.x0 - 5 && r.x1 <= rect.x1 + 5 && r.y0 >= rect.y0 - 5 && r.y1 <= rect.y1 + 5) {
      bars++;
      edges.push(r.x0, r.x1);
    }
  }
  return bars >= 6 && clusterPositions(edges, 2).length > 0.4 * edges.length;
}

/** Some column whose cells mostly start with a digit (amounts, measurements, years). */
function hasFigureColumn(grid: Grid): boolean {
  for (let c = 0; c < grid.numCols; c++) {
    const cells = grid.cells.filter((x) => x.c0 === c && x.words.length);
    if (cells.length >= 3 && cells.filter((x) => /^[-+(±≤≥<>~]?\d/.test(x.words[0]!.text)).length >= 0.5 * cells.length) return true;
  }
  return false;
}

/**
 * Vertical rules that divide the page rather than a table: longer than half the page (the line
 * between the two pages of a spread, or between text columns). Text on either side of one is not
 * one table, however well its lines line up.
 */
function pageDividers(rulings: readonly Ruling[], page: PageContent): Ruling[] {
  return rulings.filter((r) => !r.horizontal && r.to - r.from >= 0.5 * page.height);
}

function alignedTables(words: readonly Word[], hRules: readonly Ruling[], page: PageContent, depth = 0, dividers: readonly Ruling[] = []): Grid[] {
  const out: Grid[] = [];
  for (const cand of alignedCandidates(linesOf(words))) {
    const candWords = cand.flatMap((l) => l.words);
    const rect = unionOf(candWords.map((w) => w.rect));
    const divider = dividers.find((d) => d.pos > rect.x0 && d.pos < rect.x1 && d.from <= rect.y0 + 2 && d.to >= rect.y1 - 2);
    if (divider) {
      const left = candWords.filter((w) => (w.rect.x0 + w.rect.x1) / 2 < divider.pos);
      const right = candWords.filter((w) => (w.rect.x0 + w.rect.x1) / 2 >= divider.pos);
      const rest = dividers.filter((d) => d !== divider);
      out.push(...alignedTables(left, hRules, page, depth, rest), ...alignedTables(right, hRules, page, depth, rest));
      continue;
    }
    const rules = hRules.filter((r) => r.pos >= rect.y0 - 20 && r.pos <= rect.y1 + 20 && Math.min(r.to, rect.x1) - Math.max(r.from, rect.x0) > 0.5 * (rect.x1 - rect.x0));
    const grid = alignedGrid(candWords, rect, rules);
    const reason = grid ? rejectReason(grid) : 'no structure';
    const graphic = grid !== null && (barsUnder(page, grid.rect) || barChart(page, grid.rect) || chartLike(page, grid.rect) || onFigure(page, grid.rect, 0.5));
    if (!grid || reason || graphic) {
      // Lines of two text columns side by side read as one wide candidate: split at the widest
      // gap (the page's gutter) and look for tables within each column. Not the labels of a chart:
      // its parts are no tables either.
      if (depth === 0 && cand.length >= 3 && !graphic) {
        const gaps = columnGaps(cand, rect).sort((a, b) => b.to - b.from - (a.to - a.from));
        const gutter = gaps[0];
        if (gutter) {
          const left = candWords.filter((w) => w.rect.x1 <= gutter.at);
          const right = candWords.filter((w) => w.rect.x0 >= gutter.at);
          out.push(...alignedTables(left, hRules, page, 1), ...alignedTables(right, hRules, page, 1));
        }
      }
      continue;
    }
    // Inside one text column the bar is higher (diagram labels and wrapped prose align too): four
    // rows and a column of figures.
    if (depth > 0 && (grid.numRows < 4 || !hasFigureColumn(grid))) continue;
    // Rules just above and below belong to the table (booktabs top and bottom rules).
    const near = rules.filter((r) => r.pos >= rect.y0 - 12 && r.pos <= rect.y1 + 12);
    if (near.length) grid.rect = unionOf([grid.rect, ...near.map((r) => ({ x0: r.from, y0: r.pos, x1: r.to, y1: r.pos }))]);
    out.push(grid);
  }
  return out;
}

/** `extraRulings`: rulings found elsewhere than in the vector paths (the raster of a scan). */
export function detectTables(page: PageContent, extraRulings: readonly Ruling[] = []): Grid[] {
  const words = wordsOf(page.textRuns, true);
  const rulings = extraRulings.length ? mergeCollinear([...rulingsOf(page.paths, page), ...extraRulings]) : rulingsOf(page.paths, page);
  const ruled = ruledTables(words, groupRulings(rulings), page);
  // Tables drawn as filled cell rectangles without strokes (slides, spreadsheets): the fills' edges
  // are the rulings. Only where no stroked table is, since stroked tables often fill their cells too.
  const fillGroups = groupRulings(fillEdgesOf(page.paths, page)).filter((g) => !ruled.some((t) => overlapShare(g.rect, t.rect) > 0.2));
  ruled.push(...ruledTables(words, fillGroups, page, 2).filter((t) => t.numRows >= 2));
  const taken = new Set(ruled.flatMap((t) => [...t.cells.flatMap((c) => c.words), ...t.leftovers]));
  const free = new Set(words.filter((w) => !taken.has(w) && !ruled.some((t) => centerIn(w, t.rect, 2))));
  ruled.forEach((t, i) => (ruled[i] = adoptRowBelow(adoptTurnedHeader(t, free), free)));
  const unruled = [...free].filter((w) => !w.rotated);
  const contents = contentsTables(unruled);
  const rest = unruled.filter((w) => !contents.some((t) => centerIn(w, t.rect, 1)));
  const aligned = alignedTables(rest, looseHorizontalRules(rulings, ruled), page, 0, pageDividers(rulings, page));
  // On a born-digital page, a "table" whose text is mostly OCR'd is a picture or chart that the
  // OCR stage read (its gridlines and garbled labels), not a table: real tables carry PDF text.
  const ocrChars = words.reduce((n, w) => n + (w.ocr ? w.text.length : 0), 0);
  const allChars = words.reduce((n, w) => n + w.text.length, 0);
  const scanned = ocrChars >= 0.5 * allChars;
  const fromPdfText = (g: Grid): boolean => {
    const ws = g.cells.flatMap((c) => c.words);
    return scanned || ws.filter((w) => w.ocr).length <= 0.5 * ws.length;
  };
  return [...ruled, ...contents, ...aligned].filter(fromPdfText).sort((a, b) => a.rect.y0 - b.rect.y0 || a.rect.x0 - b.rect.x0);
}
