// The tables stage: finds the page's tables and hands them to layout as `table` regions, with
// their structure (table_mode standard/custom) or without cells (table_mode none).
import type { PageContent } from '../pdf/types.ts';
import type { PageStage, Region, StageContext } from '../stage.ts';
import { mergeLeftovers, plainTableText, tableCsv, toTableStructure } from './build.ts';
import { detectTables } from './detect.ts';
import { chooseEngine, TABLE_PIXELS_DPI } from './engines.ts';
import type { Grid } from './grid.ts';
import { rasterRulings, RULING_DPI } from './raster.ts';
import type { Ruling } from './rulings.ts';
import { renderContent } from '../ocr/stage.ts';
import { OCR_FONT_NAME } from '../ocr/to-runs.ts';
import { tableTitle } from './title.ts';
import { linesOf, wordsOf } from './words.ts';

export { detectTables } from './detect.ts';
export { BUILTIN_ENGINE, TABLE_PIXELS_DPI, chooseEngine } from './engines.ts';
export type { Grid } from './grid.ts';
export { rasterRulings, RULING_DPI } from './raster.ts';

/** The last table of the previous page, to recognise a table continued on the next page. */
interface LastTable {
  pageNumber: number;
  numCols: number;
  columnHeaders: string[];
  endsNearBottom: boolean;
}

// Keyed by the run (its open document, or the key of a table-structure re-run: restructure.ts).
const lastTables = new WeakMap<object, LastTable>();
/** The page the run's tables were last looked for on (whether it had any or not). */
const lastSeen = new WeakMap<object, number>();
const reported = new WeakMap<object, Set<string>>();

/**
 * The rulings found in a scanned page's pixels, by the page content the tables stage saw: a
 * table-structure re-run (restructure.ts) reuses them instead of rendering the page again.
 */
const scanRulings = new WeakMap<PageContent, readonly Ruling[]>();

export function scanRulingsOf(content: PageContent): readonly Ruling[] | undefined {
  return scanRulings.get(content);
}

/** Every property tablesOfPage may set on a table region (a re-run replaces exactly these). */
export const TABLE_PROPERTY_KEYS: readonly string[] = ['title', 'columns', 'rows', 'table_engine', 'table_model', 'continued_from', 'nested'];

function once(ctx: { doc?: object; status(line: string): void }, line: string): void {
  if (!ctx.doc) return ctx.status(line);
  let seen = reported.get(ctx.doc);
  if (!seen) reported.set(ctx.doc, (seen = new Set()));
  if (seen.has(line)) return;
  seen.add(line);
  ctx.status(line);
}

/** Nothing but page furniture between the table and the page edge. */
function textBetween(page: PageContent, y0: number, y1: number): number {
  return page.textRuns.filter((r) => r.rect.y0 >= y0 && r.rect.y1 <= y1 && r.text.trim()).length;
}

export function tablesOfPage(
  page: PageContent,
  /** `doc`: the run's key (continued tables, status lines said once); without it, pages stand alone. */
  ctx: Pick<StageContext, 'options' | 'status'> & { doc?: object },
  extraRulings: readonly Ruling[] = [],
  /** detectTables(page, extraRulings), when the caller has it already (it is changed here). */
  detected?: Grid[],
): Region[] {
  const options = ctx.options;
  const keepBreaks = !options.text_extraction_options.remove_line_breaks;
  const grids = detected ?? detectTables(page, extraRulings);
  if (ctx.doc) lastSeen.set(ctx.doc, page.pageNumber);
  const regions: Region[] = [];
  const prev = ctx.doc ? lastTables.get(ctx.doc) : undefined;
  // Text lines outside every table: where titles are looked for.
  const outside = grids.length
    ? linesOf(wordsOf(page.textRuns).filter((w) => !grids.some((g) => w.rect.x0 >= g.rect.x0 - 1 && w.rect.x1 <= g.rect.x1 + 1 && w.rect.y0 >= g.rect.y0 - 1 && w.rect.y1 <= g.rect.y1 + 1)))
    : [];
  grids.forEach((grid, index) => {
    if (options.table_extraction_options.include_additional_text) mergeLeftovers(grid);
    const chars = grid.cells.reduce((n, c) => n + c.words.reduce((m, w) => m + w.text.length, 0), 0);
    const pixels = Math.round((Math.max(grid.rect.x1 - grid.rect.x0, grid.rect.y1 - grid.rect.y0) * TABLE_PIXELS_DPI) / 72);
    const properties: Record<string, unknown> = { title: tableTitle(outside, grid.rect), columns: grid.numCols, rows: grid.numRows };
    if (grid.nested) properties.nested = true;
    let table;
    let text: string;
    if (options.table_mode === 'none') {
      text = plainTableText(grid, keepBreaks);
      properties.table_engine = null;
    } else {
      const choice = chooseEngine(options, { pixels, chars });
      if (choice.fallback) once(ctx, choice.fallback);
      // A table that starts a page right under the previous page's last table, with the same
      // columns, continues it: its first row is a header only when it repeats the header.
      const continued =
        index === 0 &&
        prev !== undefined &&
        prev.pageNumber === page.pageNumber - 1 &&
        prev.endsNearBottom &&
        prev.numCols === grid.numCols &&
        textBetween(page, 0.08 * page.height, grid.rect.y0) <= 2;
      if (continued) {
        const firstRow = grid.cells.filter((c) => c.r0 === 0).map((c) => c.words.map((w) => w.text).join(' ')).join(' ');
        if (firstRow.replace(/\s+/g, '') !== prev.columnHeaders.join('').replace(/\s+/g, '')) grid.headerRows = 0;
      }
      table = toTableStructure(grid, page, keepBreaks);
      if (continued) {
        if (grid.headerRows === 0) table.column_headers = prev.columnHeaders;
        properties.continued_from = { page_number: prev.pageNumber, column_headers: prev.columnHeaders };
      }
      text = tableCsv(table);
      properties.table_engine = `${choice.engine}/${grid.engine}`;
      if (choice.requested) properties.table_model = choice.requested;
    }
    regions.push({ type: 'table', rect: grid.rect, score: grid.score, text, properties, ...(table ? { table } : {}) });
  });
  if (ctx.doc) {
    // The last table of the page that is not nested in another.
    const lastIndex = grids.map((g) => !g.nested).lastIndexOf(true);
    const last = grids[lastIndex];
    const lastRegion = regions[lastIndex];
    if (last && lastRegion) {
      lastTables.set(ctx.doc, {
        pageNumber: page.pageNumber,
        numCols: last.numCols,
        columnHeaders: lastRegion.table?.column_headers ?? [],
        endsNearBottom: textBetween(page, last.rect.y1, 0.92 * page.height) <= 2,
      });
    } else lastTables.delete(ctx.doc);
  }
  return regions;
}

/**
 * Most of the page's text came from OCR: the page is a scan, its rulings are pixels, not vector
 * paths. (A born-digital page with an OCR'd chart picture is not: the chart's gridlines are no table.)
 */
export function isScanned(page: PageContent): boolean {
  let ocr = 0;
  let all = 0;
  for (const r of page.textRuns) {
    const n = r.text.trim().length;
    all += n;
    if (r.fontName === OCR_FONT_NAME) ocr += n;
  }
  return ocr > 0 && ocr >= 0.5 * all;
}

export const tablesStage: PageStage = {
  name: 'tables',
  async run(state, ctx) {
    let extra: Ruling[] = [];
    if (isScanned(state.content)) {
      const raster = await renderContent(state.content, RULING_DPI, ctx);
      extra = rasterRulings(raster, RULING_DPI);
      scanRulings.set(state.content, extra);
    }
    const n = state.content.pageNumber;
    const grids = detectTables(state.content, extra);
    // The run did not look at the previous page (pages split over threads, selected_pages): read it
    // now, so that a table continued from it gets its header. Its own regions are not kept.
    // (Whether this page starts with a table is judged without raster rulings, as it always was.)
    if (n > 1 && lastSeen.get(ctx.doc) !== n - 1 && startsWithTable(state.content, extra.length ? detectTables(state.content) : grids)) {
      const before = await ctx.doc.readPage(n - 1, ctx.signal);
      tablesOfPage(before, { options: ctx.options, status: () => {}, doc: ctx.doc });
    }
    return { ...state, regions: [...state.regions, ...tablesOfPage(state.content, ctx, extra, grids)] };
  },
};

/** A born-digital page whose first table (of `grids`, its tables) starts at its top (under page furniture only). */
function startsWithTable(page: PageContent, grids: readonly Grid[]): boolean {
  const first = grids[0];
  return first !== undefined && textBetween(page, 0.08 * page.height, first.rect.y0) <= 2;
}
