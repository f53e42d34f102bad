// One engine run over one file with one option set, as the app sees it; the pure updates that the
// worker's streamed events make to it (unit-tested in test/app/).
import type { Element, PartitionResponse } from '../../core/contract/types.ts';
import type { PartitionEvent } from '../../core/partition.ts';
import type { TableRerunResponse } from '../../core/tables/restructure.ts';
import type { OptionsObject } from './options-path.ts';
import { pageRunKey } from './run-plan.ts';

export type RunPhase = 'running' | 'done' | 'failed' | 'cancelled';

export interface Run {
  phase: RunPhase;
  startedAt: number;
  endedAt?: number;
  /** Pages the engine processes, in order (from its start event). */
  pages: number[];
  numPages: number;
  pagesDone: number;
  /** Every candidate element found so far (threshold 0), page by page, in engine order. */
  candidates: Element[];
  status: string[];
  error?: string;
  /** The user's options at the start of the run. */
  options: OptionsObject;
  pageKey: string;
  /** `tables`: table structure re-run alone over an earlier run's pages (nothing read again). */
  kind?: 'full' | 'tables';
  /** Something the user should know about how this run came about (e.g. a fallback). */
  note?: string;
  /** While a table-structure re-run works: the run it started from (restored if it is cancelled). */
  previous?: Run;
}

export function startRun(options: OptionsObject, now: number): Run {
  return { phase: 'running', startedAt: now, pages: [], numPages: 0, pagesDone: 0, candidates: [], status: [], options, pageKey: pageRunKey(options) };
}

/** A table-structure re-run of a finished run: same pages, new options, its own start time. */
export function startTablesRun(previous: Run, options: OptionsObject, now: number): Run {
  const { note: _note, previous: _previous, endedAt: _ended, ...base } = previous;
  return { ...base, phase: 'running', kind: 'tables', startedAt: now, options, pageKey: pageRunKey(options), previous };
}

/** The re-run's answer: its elements replace the run's, its status lines follow the run's. */
export function onTablesResult(run: Run, response: TableRerunResponse, now: number): Run {
  const { previous: _previous, ...base } = run;
  const status = [...run.status, ...response.status];
  if (response.status_code !== 200 || !response.elements)
    return { ...base, phase: 'failed', endedAt: now, status, error: `table structure re-run: ${response.error ?? `status ${response.status_code}`}` };
  return { ...base, phase: 'done', endedAt: now, status, candidates: response.elements };
}

/** A table-structure re-run that stopped: the run it started from, as it was, and why. */
export function onTablesStopped(run: Run, note: string): Run {
  return run.previous ? { ...run.previous, note } : { ...run, phase: 'failed', error: note };
}

export function onEvent(run: Run, event: PartitionEvent): Run {
  switch (event.kind) {
    case 'start':
      return { ...run, pages: event.pages, numPages: event.numPages };
    case 'page':
      return { ...run, pagesDone: event.done, candidates: [...run.candidates, ...event.elements] };
    case 'status':
      return { ...run, status: [...run.status, event.line] };
    default:
      return run;
  }
}

export function onResult(run: Run, response: PartitionResponse, now: number): Run {
  const ok = response.status_code === 200;
  return { ...run, phase: ok ? 'done' : 'failed', endedAt: now, status: response.status, ...(ok ? {} : { error: response.error ?? `status ${response.status_code}` }) };
}

export function onStopped(run: Run, now: number, error?: string): Run {
  return { ...run, phase: error === undefined ? 'cancelled' : 'failed', endedAt: now, ...(error === undefined ? {} : { error }) };
}

/** Candidates of one page (the viewer draws page by page). */
export function candidatesByPage(candidates: readonly Element[]): Map<number, Element[]> {
  const pages = new Map<number, Element[]>();
  for (const e of candidates) {
    const list = pages.get(e.properties.page_number);
    if (list) list.push(e);
    else pages.set(e.properties.page_number, [e]);
  }
  return pages;
}

const indexCache = new WeakMap<readonly Element[], Map<Element, number>>();

/** Each candidate's index in the run (its identity for selection), memoised per candidates array. */
export function candidateIndex(candidates: readonly Element[]): Map<Element, number> {
  let m = indexCache.get(candidates);
  if (m === undefined) {
    m = new Map(candidates.map((e, i) => [e, i]));
    indexCache.set(candidates, m);
  }
  return m;
}
