// The server's engine: a fixed pool of worker threads, so partitioning never blocks the HTTP event
// loop and each thread's heap is capped (a runaway document fails alone with a 500). Cancelling
// asks the thread to stop; a thread that does not stop within `cancelGraceMs` is replaced.
import { Worker } from 'node:worker_threads';
import type { PartitionResponse } from '../core/contract/types.ts';
import type { Engine } from '../service/index.ts';

export type ToEngineWorker =
  | { type: 'run'; id: number; file: ArrayBuffer; options: unknown; filename: string }
  | { type: 'cancel'; id: number };
export type FromEngineWorker =
  | { id: number; line: string }
  | { id: number; response: PartitionResponse }
  | { id: number; error: string };

interface Job {
  id: number;
  msg: Extract<ToEngineWorker, { type: 'run' }>;
  onStatus: (line: string) => void;
  signal: AbortSignal;
  resolve: (r: PartitionResponse) => void;
}

interface Thread {
  worker: Worker;
  job: Job | undefined;
  killTimer?: ReturnType<typeof setTimeout>;
}

const WORKER_URL = new URL('./engine-worker.mjs', import.meta.url);

export interface EnginePoolOptions {
  threads: number;
  /** Heap limit of each thread, MB. */
  maxHeapMb?: number;
  cancelGraceMs?: number;
}

export class EnginePool implements Engine {
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: EnginePoolOptions) {
    for (let i = 0; i < opts.threads; i++) this.threads.push(this.spawn());
  }

  private spawn(): Thread {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.opts.maxHeapMb ?? 2048 } });
    const thread: Thread = { worker, job: undefined };
    worker.on('message', (msg: FromEngineWorker) => {
      const job = thread.job;
      if (!job || job.id !== msg.id) return;
      if ('line' in msg) return job.onStatus(msg.line);
      if ('response' in msg) this.settle(thread, msg.response);
      else this.settle(thread, { status: [], status_code: 500, error: `500: ${msg.error.split('\n')[0]}` });
    });
    worker.on('error', (err) => this.replace(thread, `500: The engine failed: ${err.message}`));
    worker.on('exit', (code) => {
      if (thread.job) this.replace(thread, `500: The engine thread exited (code ${code}).`);
    });
    return thread;
  }

  private settle(thread: Thread, response: PartitionResponse): void {
    const job = thread.job;
    thread.job = undefined;
    clearTimeout(thread.killTimer);
    job?.resolve(response);
    this.pump();
  }

  /** The thread is gone or stuck: its job fails, a fresh thread takes its place. */
  private replace(thread: Thread, error: string): void {
    const i = this.threads.indexOf(thread);
    if (i >= 0) {
      if (this.closed) this.threads.splice(i, 1);
      else this.threads[i] = this.spawn();
    }
    void thread.worker.terminate();
    this.settle(thread, { status: [], status_code: 500, error });
  }

  private pump(): void {
    for (const thread of this.threads) {
      if (thread.job) continue;
      const job = this.queue.shift();
      if (!job) return;
      if (job.signal.aborted) {
        job.resolve(cancelled());
        continue;
      }
      thread.job = job;
      thread.worker.postMessage(job.msg, [job.msg.file]);
      const onAbort = () => {
        if (thread.job !== job) return;
        thread.worker.postMessage({ type: 'cancel', id: job.id } satisfies ToEngineWorker);
        thread.killTimer = setTimeout(() => {
          if (thread.job === job) this.replace(thread, '499: The request was cancelled.');
        }, this.opts.cancelGraceMs ?? 2000);
      };
      job.signal.addEventListener('abort', onAbort, { once: true });
    }
  }

  partition(req: Parameters<Engine['partition']>[0]): Promise<PartitionResponse> {
    if (this.closed) return Promise.resolve({ status: [], status_code: 500, error: '500: The engine is shut down.' });
    return new Promise((resolve) => {
      const id = this.nextId++;
      // A copy the worker may own: the caller keeps its bytes (they may still be stored in a DocSet).
      const file = req.file.slice().buffer as ArrayBuffer;
      this.queue.push({ id, msg: { type: 'run', id, file, options: req.options, filename: req.filename }, onStatus: req.onStatus, signal: req.signal, resolve });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.resolve({ status: [], status_code: 500, error: '500: The engine is shut down.' });
    const threads = this.threads.splice(0);
    for (const t of threads) this.settle(t, { status: [], status_code: 500, error: '500: The engine is shut down.' });
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}

function cancelled(): PartitionResponse {
  return { status: [], status_code: 499, error: '499: The request was cancelled.' };
}
