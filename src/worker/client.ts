// The app's handle on the engine: each run gets its own Web Worker, so that cancelling is
// immediate and total (the worker is terminated) and a crashed run cannot poison the next one.
import type { PartitionEvent } from '../core/partition.ts';
import type { PartitionResponse } from '../core/contract/types.ts';
import { isFromWorker, type ToWorker } from './protocol.ts';

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

export function partitionInWorker(file: ArrayBuffer, run: RunOptions): Promise<PartitionResponse> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new CancelledError());
    const worker = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'tessera-engine' });
    const id = 1;
    const stop = () => {
      worker.terminate();
      reject(new CancelledError());
    };
    run.signal?.addEventListener('abort', stop, { once: true });
    const done = () => {
      run.signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (e: MessageEvent<unknown>) => {
      const msg = e.data;
      if (!isFromWorker(msg) || msg.id !== id) return;
      if (msg.type === 'event') run.onEvent?.(msg.event);
      else {
        done();
        resolve(msg.response);
      }
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message || 'The engine worker failed to start'));
    };
    const msg: ToWorker = {
      type: 'partition',
      id,
      file,
      options: run.options,
      password: run.password,
      filename: run.filename,
    };
    worker.postMessage(msg, [file]);
  });
}
