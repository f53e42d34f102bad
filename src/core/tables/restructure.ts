// Table structure again, alone: a finished run's table elements get the structure another
// table_mode / table_extraction_options asks for, without reading a page again, without OCR and
// without laying the page out again.
//
// This works because table *detection* does not depend on those options (detectTables sees only the
// page content and the rulings; table_mode none still returns the table regions), so the regions a
// re-run finds are the ones the run laid out: same boxes, same scores, same text kept out of the
// other elements. Only what tablesOfPage derives from the options changes: cells, num_rows/num_cols,
// column headers, text_representation and the table properties (engine, model, continuation).
import { TesseraError, toErrorBody } from '../contract/errors.ts';
import { parseOptions } from '../contract/index.ts';
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element } from '../contract/types.ts';
import { normalize } from '../geometry.ts';
import type { PartitionEvent } from '../partition.ts';
import type { PageContent } from '../pdf/types.ts';
import type { PageState, Region } from '../stage.ts';
import { StatusLog, type Clock } from '../status.ts';
import { scanRulingsOf, TABLE_PROPERTY_KEYS, tablesOfPage } from './index.ts';
import type { Ruling } from './rulings.ts';

/** What a table-structure re-run needs of one page on which the run found tables. Plain data. */
export interface TablePage {
  /** The page's content as the tables stage saw it (after OCR). */
  content: PageContent;
  /** Rulings found in the page's pixels (scanned pages), else empty. */
  rulings: Ruling[];
}

/** What to keep of a page after the page stages: its TablePage when it has tables, else nothing. */
export function tablePageOf(state: PageState): TablePage | undefined {
  if (!state.regions.some((r) => r.type === 'table')) return undefined;
  return { content: state.content, rulings: [...(scanRulingsOf(state.content) ?? [])] };
}

export interface TableRerunRequest {
  /** The run's kept pages (tablePageOf of every page it processed), in the run's page order. */
  pages: readonly TablePage[];
  /** The run's page elements (before the document stages: chunking, running matter), any threshold. */
  elements: readonly Element[];
  /** The options the run was made with, and the new ones (the spec's options: JSON text or object). */
  runOptions: unknown;
  options: unknown;
  signal?: AbortSignal;
  /** Status lines only: a re-run has no page progress of its own to stream. */
  onEvent?: (event: Extract<PartitionEvent, { kind: 'status' }>) => void;
  clock?: Clock;
}

export interface TableRerunResponse {
  status: string[];
  status_code: number;
  error?: string;
  /** The run's page elements, in the same order, with the table elements restructured. */
  elements?: Element[];
  /** How many table elements were restructured. */
  tables?: number;
}

/** Options that do not change the page elements (document stages, rendering, storage). */
const DOCUMENT_KEYS: ReadonlySet<string> = new Set(['output_format', 'markdown_options', 'chunking_options', 'add_to_docset_id']);
/** What a table-structure re-run may change. */
const TABLE_KEYS: ReadonlySet<string> = new Set(['table_mode', 'table_extraction_options']);

function resolve(options: unknown, which: string): ResolvedOptions {
  const parsed = parseOptions(options);
  if (!parsed.ok) {
    if (which === 'new') throw parsed.error;
    throw new TesseraError('bad_option', `The run's own options do not parse (${parsed.error.message})`);
  }
  return parsed.options;
}

/** The options other than the table ones that differ between the run and the re-run. */
function otherChanges(run: ResolvedOptions, next: ResolvedOptions): string[] {
  const keys = new Set([...Object.keys(run), ...Object.keys(next)]);
  const changed: string[] = [];
  for (const k of keys) {
    if (TABLE_KEYS.has(k) || DOCUMENT_KEYS.has(k)) continue;
    const a = (run as unknown as Record<string, unknown>)[k];
    const b = (next as unknown as Record<string, unknown>)[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) changed.push(k);
  }
  return changed;
}

function overlap(a: readonly number[], b: readonly number[]): number {
  const w = Math.min(a[2]!, b[2]!) - Math.max(a[0]!, b[0]!);
  const h = Math.min(a[3]!, b[3]!) - Math.max(a[1]!, b[1]!);
  if (w <= 0 || h <= 0) return 0;
  const area = (r: readonly number[]) => (r[2]! - r[0]!) * (r[3]! - r[1]!);
  return (w * h) / (area(a) + area(b) - w * h);
}

/** The re-found region of a table element: the same box (detection does not depend on the options). */
function regionOf(element: Element, regions: readonly Region[], page: PageContent): Region | undefined {
  let best: Region | undefined;
  let bestIou = 0.9; // boxes are recomputed from the same content: anything less is another table
  for (const r of regions) {
    const iou = overlap(element.bbox, normalize(r.rect, page.width, page.height));
    if (iou > bestIou) [best, bestIou] = [r, iou];
  }
  return best;
}

/** The element as layout would have made it from this region: same box, score and reading place. */
function restructured(element: Element, region: Region): Element {
  const properties: Element['properties'] = {
    score: element.properties.score,
    page_number: element.properties.page_number,
    title: null,
    columns: null,
    rows: null,
    ...region.properties,
  };
  // Properties later stages added (none today) stay; the tables stage's own are replaced.
  for (const [k, v] of Object.entries(element.properties)) if (!(k in properties) && !TABLE_PROPERTY_KEYS.includes(k)) properties[k] = v;
  const out: Element = { ...element, properties, text_representation: region.text ?? '' };
  if (region.table) out.table = region.table;
  else delete out.table;
  return out;
}

/**
 * Re-runs table structure over a finished run's kept pages with new table options. Answers like
 * partition(): status lines, then either status_code 200 with the elements, or the in-body error.
 */
export async function restructureTables(req: TableRerunRequest): Promise<TableRerunResponse> {
  const log = new StatusLog(req.clock, (line) => req.onEvent?.({ kind: 'status', line }));
  try {
    const options = resolve(req.options, 'new');
    const changed = otherChanges(resolve(req.runOptions, 'run'), options);
    if (changed.length > 0)
      throw new TesseraError('bad_option', `A table-structure re-run changes only the table options; ${changed.join(', ')} changed too: run the whole document again`);
    const kept = new Set(req.pages.map((p) => p.content.pageNumber));
    // The table elements' indices, per page.
    const tablePages = new Map<number, number[]>();
    req.elements.forEach((e, i) => {
      if (e.type !== 'table') return;
      const n = e.properties.page_number;
      tablePages.set(n, [...(tablePages.get(n) ?? []), i]);
    });
    const missing = [...tablePages.keys()].filter((n) => !kept.has(n));
    if (missing.length > 0)
      throw new TesseraError('unsupported', `The run's content of page ${missing.join(', ')} is no longer kept, so its tables cannot be restructured alone: run the whole document again`);

    log.add(`Table structure only (table_mode ${options.table_mode}): ${tablePages.size} page${tablePages.size === 1 ? '' : 's'} with tables, nothing read again`);
    const elements = [...req.elements];
    const runKey = {}; // this re-run's continued tables and once-only status lines
    let tables = 0;
    for (const page of req.pages) {
      if (req.signal?.aborted) throw new TesseraError('cancelled', 'The request was cancelled.');
      // Every kept page goes through, in run order, so that a table continued from the previous page
      // is recognised as in the run itself.
      const regions = tablesOfPage(page.content, { options, status: (m) => log.add(m), doc: runKey }, page.rulings);
      const n = page.content.pageNumber;
      const indices = tablePages.get(n);
      if (!indices) continue;
      for (const i of indices) {
        const e = elements[i]!;
        const region = regionOf(e, regions, page.content);
        if (!region) throw new TesseraError('internal', `The table at [${e.bbox.map((v) => v.toFixed(3)).join(', ')}] on page ${n} was not found again in the kept content`);
        elements[i] = restructured(e, region);
        tables++;
      }
      log.add(`Completed table structure on page ${n}`);
    }
    return { status: log.lines, status_code: 200, elements, tables };
  } catch (err) {
    const body = toErrorBody(err);
    log.add(body.error);
    return { status: log.lines, ...body };
  }
}
