// The app's handle on the engine: each request gets its own Web Worker, so that cancelling is
// immediate and total (the worker is terminated) and a crashed run cannot poison the next one.
// Nothing is left running: the worker is terminated when its answer arrives, on cancel and on error.
import type { PartitionEvent } from '../core/partition.ts';
import type { Element, PartitionResponse } from '../core/contract/types.ts';
import { isFromWorker, type Assembled, type FromWorker, type ToWorker } from './protocol.ts';

export type { Assembled } from './protocol.ts';

export interface RunOptions {
  options: unknown;
  password?: string;
  filename?: string;
  signal?: AbortSignal;
  onEvent?: (event: PartitionEvent) => void;
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

export function partitionInWorker(file: ArrayBuffer, run: RunOptions): Promise<PartitionResponse> {
  const msg: ToWorker = { type: 'partition', id: 1, file, options: run.options, password: run.password, filename: run.filename };
  return inWorker(msg, [file], run.signal, (m) => {
    if (m.type === 'event') run.onEvent?.(m.event);
    else if (m.type === 'result') return { done: m.response };
    return undefined;
  });
}

/** The document stages and every output format over page elements, in a worker of its own. */
export function assembleInWorker(elements: Element[], options: unknown, filename: string, signal?: AbortSignal): Promise<Assembled> {
  const msg: ToWorker = { type: 'assemble', id: 1, elements, options, filename };
  return inWorker(msg, [], signal, (m) => (m.type === 'assembled' ? { done: m.assembled } : undefined));
}
