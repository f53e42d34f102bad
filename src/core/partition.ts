// The pipeline: (bytes, options, progress) -> response. Pages are processed one at a time and each
// page's elements are emitted as soon as they exist, so a caller can show page 1 before page 100.
// Every failure becomes the contract's in-body error here, in one place (toErrorBody).
import { assertSupported } from './capabilities.ts';
import { TesseraError, toErrorBody } from './contract/errors.ts';
import { checkPagesAgainst, expandPages, parseOptions } from './contract/index.ts';
import type { ResolvedOptions } from './contract/options.ts';
import type { Element, PartitionResponse } from './contract/types.ts';
import { openDocument } from './pdf/index.ts';
import type { OpenedDocument } from './pdf/types.ts';
import { renderHtml, renderMarkdown } from './render/index.ts';
import type { DocumentContext, PageState, StageContext } from './stage.ts';
import { DOCUMENT_STAGES, PAGE_STAGES } from './stages.ts';
import { StatusLog, type Clock } from './status.ts';
import { tablePageOf, type TablePage } from './tables/restructure.ts';

/** Stage names in timing events: open, read, each page and document stage's name, render. */
export type Stage = string;

export type PartitionEvent =
  | { kind: 'status'; line: string }
  /** The document is open: these pages will be processed, in this order. */
  | { kind: 'start'; numPages: number; pages: number[] }
  | { kind: 'page'; pageNumber: number; done: number; total: number; elements: Element[] }
  | { kind: 'stage'; stage: Stage; ms: number };

export interface PartitionRequest {
  file: Uint8Array;
  /** The spec's `options`: a JSON string or an already-parsed object. */
  options?: unknown;
  /** Not an option of the spec: the engine's and CLI's way to open encrypted PDFs. */
  password?: string;
  /** A name for the document, used as the HTML title. */
  filename?: string;
  signal?: AbortSignal;
  onEvent?: (event: PartitionEvent) => void;
  clock?: Clock;
  /**
   * Process only these pages of the selection (used to spread one document over several threads);
   * the response then holds their elements as JSON, and `assemble` builds the final output from
   * the merged elements of all parts.
   */
  part?: number[];
  /**
   * Called with what a later table-structure re-run (tables/restructure.ts) needs of each page on
   * which tables were found; the caller decides how long to keep it.
   */
  onTablePage?: (page: TablePage) => void;
}

function cancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new TesseraError('cancelled', 'The request was cancelled.');
}

async function timed<T>(stage: Stage, emit: (e: PartitionEvent) => void, work: () => Promise<T> | T): Promise<T> {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    emit({ kind: 'stage', stage, ms: performance.now() - t0 });
  }
}

/** The requested output format of the final elements. */
function render(elements: Element[], options: ResolvedOptions, title: string): Partial<PartitionResponse> {
  switch (options.output_format) {
    case 'markdown':
      return { markdown: renderMarkdown(elements, options.markdown_options) };
    case 'html':
      return { html: renderHtml(elements, options.markdown_options, title) };
    default:
      return { elements };
  }
}

/**
 * From all pages' elements to the response's output: the document stages (chunking, ...), then the
 * requested format. Also used by the CLI to finish a document whose pages were spread over threads.
 */
export async function assemble(
  pageElements: Element[],
  ctx: DocumentContext,
  title: string,
  emit: (e: PartitionEvent) => void = () => {},
): Promise<Partial<PartitionResponse>> {
  let elements = pageElements;
  for (const stage of DOCUMENT_STAGES) {
    cancelled(ctx.signal);
    const input = elements;
    elements = await timed(stage.name, emit, () => stage.run(input, ctx));
  }
  return timed('render', emit, () => render(elements, ctx.options, title));
}

export async function partition(req: PartitionRequest): Promise<PartitionResponse> {
  const emit = req.onEvent ?? (() => {});
  const log = new StatusLog(req.clock, (line) => emit({ kind: 'status', line }));
  let doc: OpenedDocument | undefined;
  try {
    const parsed = parseOptions(req.options);
    if (!parsed.ok) throw parsed.error;
    const options = parsed.options;
    for (const line of parsed.status) log.add(line);
    assertSupported(options);

    log.add('Preprocessing document');
    doc = await timed('open', emit, () => openDocument(req.file, { password: req.password, signal: req.signal }));
    const numPages = doc.numPages;
    if (options.selected_pages) checkPagesAgainst(options.selected_pages, numPages);
    const selected = options.selected_pages ? expandPages(options.selected_pages) : range(1, numPages);
    const part = req.part && new Set(req.part);
    const pages = part ? selected.filter((p) => part.has(p)) : selected;
    log.add('Done preprocessing document');
    emit({ kind: 'start', numPages, pages });

    const ctx: StageContext = { doc, options, signal: req.signal, status: (m) => log.add(m) };
    const elements: Element[] = [];
    for (const [index, pageNumber] of pages.entries()) {
      cancelled(req.signal);
      const opened = doc;
      const content = await timed('read', emit, () => opened.readPage(pageNumber, req.signal));
      let state: PageState = { content, regions: [], elements: [] };
      for (const stage of PAGE_STAGES) {
        cancelled(req.signal);
        state = await timed(stage.name, emit, () => stage.run(state, ctx));
      }
      elements.push(...state.elements);
      const tablePage = req.onTablePage ? tablePageOf(state) : undefined;
      if (tablePage) req.onTablePage?.(tablePage);
      emit({ kind: 'page', pageNumber, done: index + 1, total: pages.length, elements: state.elements });
      log.add(`Completed work on page ${pageNumber}`);
    }
    if (req.part) return { status: log.lines, status_code: 200, elements };
    const output = await assemble(elements, ctx, req.filename ?? 'Document', emit);
    return { status: log.lines, status_code: 200, ...output };
  } catch (err) {
    const body = toErrorBody(err);
    log.add(body.error);
    return { status: log.lines, ...body };
  } finally {
    await doc?.close();
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
