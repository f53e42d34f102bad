// The app's handle on the engine: each request gets its own Web Worker, so that cancelling is
// immediate and total (the worker is terminated) and a crashed run cannot poison the next one.
// Nothing is left running: the worker is terminated when its answer arrives, on cancel and on error.
// So what a table-structure re-run needs of a finished run (its pages with tables) comes back with
// the run's result and is kept here, in the app's thread, for the last run of each slot only.
import type { PartitionEvent } from '../core/partition.ts';
import type { Element, PartitionResponse } from '../core/contract/types.ts';
import type { TableRerunResponse } from '../core/tables/restructure.ts';
import { isFromWorker, type Assembled, type FromWorker, type KeptTables, type ToWorker } from './protocol.ts';

export type { Assembled } from './protocol.ts';

export interface RunOptions {
  options: unknown;
  password?: string;
  filename?: string;
  signal?: AbortSignal;
  onEvent?: (event: PartitionEvent) => void;
  /**
   * Keep what a table-structure re-run of this run needs, as `run` in `slot` (a slot keeps the
   * last run only: starting a run releases what the slot kept).
   */
  keep?: { slot: string; run: string };
  /** The OCR engine to prefer (the app's setting); absent: chosen by language. */
  ocrEngine?: string;
}

export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

/** Workers alive right now (for the app's "nothing left running" guarantee and its tests). */
let alive = 0;
export const liveWorkers = (): number => alive;

function inWorker<T>(
  msg: ToWorker,
  transfer: Transferable[],
  signal: AbortSignal | undefined,
  onMessage: (msg: FromWorker) => { done: T } | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'tessera-engine' });
    alive++;
    let finished = false;
    const finish = () => {
      if (finished) return false;
      finished = true;
      alive--;
      signal?.removeEventListener('abort', stop);
      worker.terminate();
      return true;
    };
    function stop() {
      if (finish()) reject(new CancelledError());
    }
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (e: MessageEvent<unknown>) => {
      const data = e.data;
      if (!isFromWorker(data) || data.id !== msg.id || finished) return;
      const out = onMessage(data);
      if (out && finish()) resolve(out.done);
    };
    worker.onerror = (e) => {
      if (finish()) reject(new Error(e.message || 'The engine worker failed'));
    };
    worker.postMessage(msg, transfer);
  });
}

/** Kept table pages per slot: one run each, so memory stays bounded by the slots in use. */
const kept = new Map<string, KeptTables & { run: string }>();

/** The kept state a table-structure re-run asked for is gone (another run replaced it, or none was kept). */
export class KeptStateGoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeptStateGoneError';
  }
}

/** Drops what is kept for runs matching `which` (all runs without it), e.g. when their file is closed. */
export function releaseKept(which: (run: string) => boolean = () => true): void {
  for (const [slot, k] of kept) if (which(k.run)) kept.delete(slot);
}

/** Whether `slot` keeps what a table-structure re-run of `run` needs. */
export const isKept = (slot: string, run: string): boolean => kept.get(slot)?.run === run;

export function partitionInWorker(file: ArrayBuffer, run: RunOptions): Promise<PartitionResponse> {
  const msg: ToWorker = { type: 'partition', id: 1, file, options: run.options, password: run.password, filename: run.filename, keepTables: run.keep !== undefined, ocrEngine: run.ocrEngine };
  if (run.keep) kept.delete(run.keep.slot);
  return inWorker(msg, [file], run.signal, (m) => {
    if (m.type === 'event') run.onEvent?.(m.event);
    else if (m.type === 'result') {
      if (run.keep && m.kept) kept.set(run.keep.slot, { ...m.kept, run: run.keep.run });
      return { done: m.response };
    }
    return undefined;
  });
}

export interface TablesRerunOptions {
  /** The slot and run whose kept pages to use; the re-run is kept as `next` when it succeeds. */
  slot: string;
  run: string;
  next: string;
  /** The run's page elements (before the document stages). */
  elements: Element[];
  /** The new options (only table options may differ from the run's). */
  options: unknown;
  signal?: AbortSignal;
  /** Status lines as they come. */
  onEvent?: (event: PartitionEvent) => void;
}

/**
 * Table structure again for a kept run with new options, in a worker of its own: no page is read
 * again. Rejects with KeptStateGoneError when the slot no longer keeps that run (run it again then).
 */
export function restructureTablesInWorker(req: TablesRerunOptions): Promise<TableRerunResponse> {
  const k = kept.get(req.slot);
  if (!k || k.run !== req.run) return Promise.reject(new KeptStateGoneError('The table data of this run is no longer kept (only the last run is)'));
  const msg: ToWorker = { type: 'tables', id: 1, pages: k.pages, elements: req.elements, runOptions: k.options, options: req.options };
  return inWorker(msg, [], req.signal, (m) => {
    if (m.type === 'event') req.onEvent?.(m.event);
    else if (m.type === 'tables-result') {
      // The same pages now stand for the re-run (unless another run took the slot meanwhile).
      if (m.response.status_code === 200 && kept.get(req.slot) === k) kept.set(req.slot, { ...k, options: req.options, run: req.next });
      return { done: m.response };
    }
    return undefined;
  });
}

/** The document stages and every output format over page elements, in a worker of its own. */
export function assembleInWorker(elements: Element[], options: unknown, filename: string, signal?: AbortSignal): Promise<Assembled> {
  const msg: ToWorker = { type: 'assemble', id: 1, elements, options, filename };
  return inWorker(msg, [], signal, (m) => (m.type === 'assembled' ? { done: m.assembled } : undefined));
}
