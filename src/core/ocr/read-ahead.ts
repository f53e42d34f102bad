// Reading ahead on scans. The pipeline takes pages one at a time; on a scanned page the main thread
// renders while the OCR workers wait, then waits while one worker reads. So while the engine
// reads page N, the OCR stage renders the next selected page (if OCR will read it whole) and hands
// it to the engine too: with a pool of two workers, two pages are read at once and the main thread
// renders in between, on two cores instead of one. Pages still come out in order: page N+1's stage
// takes the raster and the OCR under way instead of starting again.
//
// Only the engine's work outlives page N's stage; pdf.js is only used while page N's stage runs
// (the later stages of page N may use it too). A guess that turns out useless (the last page of a
// part the CLI gave to one thread) costs one page of OCR, cancelled with the request.
import { expandPages } from '../contract/pages.ts';
import type { OpenedDocument, PageContent, RasterImage } from '../pdf/types.ts';
import type { StageContext } from '../stage.ts';
import type { OcrEngine, OcrPage } from './types.ts';

export interface ReadAhead {
  pageNumber: number;
  dpi: number;
  raster: RasterImage;
  engine: OcrEngine;
  languages: string;
  /** The engine's reading of `raster`, under way. */
  result: Promise<OcrPage>;
}

/** At most one page read ahead per open document (a WeakMap: it goes with the document). */
const ahead = new WeakMap<OpenedDocument, ReadAhead>();

/** The page the pipeline takes after `pageNumber` (selected_pages order), or null. */
export function nextSelectedPage(ctx: StageContext, pageNumber: number): number | null {
  const sel = ctx.options.selected_pages;
  if (!sel) return pageNumber < ctx.doc.numPages ? pageNumber + 1 : null;
  const pages = expandPages(sel);
  const i = pages.indexOf(pageNumber);
  return i >= 0 && i + 1 < pages.length ? pages[i + 1]! : null;
}

/** What was read ahead for this page with this engine, if anything (taken: a second call returns null). */
export function takeReadAhead(ctx: StageContext, pageNumber: number, dpi: number, engine: OcrEngine, languages: readonly string[]): ReadAhead | null {
  const a = ahead.get(ctx.doc);
  if (!a || a.pageNumber !== pageNumber) return null;
  ahead.delete(ctx.doc);
  if (a.dpi !== dpi || a.engine !== engine || a.languages !== languages.join('+')) return null;
  return a;
}

/**
 * Render the page after `pageNumber` at `dpi` and start the engine on it, when `wholePage` says
 * OCR will read it whole. Resolves once pdf.js is done with it (the OCR goes on). Never rejects:
 * a failure here is met again, and reported, when the pipeline reaches that page.
 */
export async function readAhead(
  ctx: StageContext,
  pageNumber: number,
  dpi: number,
  engine: OcrEngine,
  languages: readonly string[],
  wholePage: (page: PageContent) => boolean,
): Promise<void> {
  const next = nextSelectedPage(ctx, pageNumber);
  if (next === null || ctx.signal?.aborted) return;
  try {
    const page = await ctx.doc.readPage(next, ctx.signal);
    if (!wholePage(page)) return;
    const raster = await ctx.doc.rasterize(next, dpi, ctx.signal);
    const result = engine.recognize({ ...raster, dpi }, languages, ctx.signal);
    // Consumed (and its failure reported) by page `next`'s stage; never taken when the request
    // ends first (cancelled, or `next` is in another thread's part).
    result.catch(() => {});
    ahead.set(ctx.doc, { pageNumber: next, dpi, raster, engine, languages: languages.join('+'), result });
  } catch {
    // Deliberately dropped: the pipeline reads and renders that page itself and reports the error.
  }
}
