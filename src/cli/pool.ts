// A pool of up to `size` worker threads running partition tasks. A thread starts when a task finds
// none free (a one-page file starts one thread, not one per core: each costs a start-up); tasks
// queue until a thread is free; close() terminates every thread, so nothing is left running.
import { Worker } from 'node:worker_threads';
import type { PartitionResponse } from '../core/contract/types.ts';
import type { Task, TaskEvent } from './task.ts';

interface Pending {
  id: number;
  task: Task;
  onEvent: (e: TaskEvent) => void;
  resolve: (r: PartitionResponse) => void;
  reject: (e: Error) => void;
}

interface Thread {
  worker: Worker;
  current: Pending | undefined;
}

const WORKER_URL = new URL('./partition-worker.mjs', import.meta.url);

export class ThreadPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 0;

  constructor(private readonly size: number) {}

  private spawn(): Thread {
    const thread: Thread = { worker: new Worker(WORKER_URL), current: undefined };
    thread.worker.on('message', (msg: { id: number; event?: TaskEvent; response?: PartitionResponse; error?: string }) => {
      const job = thread.current;
      if (!job || job.id !== msg.id) return;
      if (msg.event) return job.onEvent(msg.event);
      thread.current = undefined;
      if (msg.response) job.resolve(msg.response);
      else job.reject(new Error(msg.error ?? 'worker failed'));
      this.pump();
    });
    thread.worker.on('error', (err) => this.fail(thread, err));
    thread.worker.on('exit', (code) => {
      if (thread.current) this.fail(thread, new Error(`worker thread exited with code ${code}`));
    });
    return thread;
  }

  /** A thread died mid-task: that task fails, the thread is replaced, the queue goes on. */
  private fail(thread: Thread, err: Error): void {
    const job = thread.current;
    thread.current = undefined;
    job?.reject(err);
    const i = this.threads.indexOf(thread);
    if (i >= 0) {
      void thread.worker.terminate();
      this.threads[i] = this.spawn();
      this.pump();
    }
  }

  private pump(): void {
    while (this.queue.length) {
      let thread = this.threads.find((t) => !t.current);
      if (!thread && this.threads.length < this.size) this.threads.push((thread = this.spawn()));
      if (!thread) return;
      const job = this.queue.shift()!;
      thread.current = job;
      thread.worker.postMessage({ id: job.id, task: job.task });
    }
  }

  run(task: Task, onEvent: (e: TaskEvent) => void): Promise<PartitionResponse> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, onEvent, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
