// A small pool of OCR workers: created on demand up to `max`, reused across pages (a worker keeps
// the languages it was started with, keyed by `key`), terminated when idle for `idleMs`, when the
// caller's signal aborts while the worker is busy (an OCR call cannot be interrupted otherwise), and
// all at once by terminateAll(). Never more than `max` workers run.
import { TesseraError } from '../contract/errors.ts';

export interface PoolWorker {
  terminate(): Promise<unknown> | unknown;
  /** Node: let the process exit while the worker idles (worker_threads.unref/ref). */
  unref?(): void;
  ref?(): void;
}

interface Slot<W extends PoolWorker> {
  key: string;
  worker: Promise<W>;
  busy: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  /** The start has settled (a start that never settles must not block dropping the slot). */
  started: boolean;
}

const cancelled = (): TesseraError => new TesseraError('cancelled', 'The request was cancelled.');

export class WorkerPool<W extends PoolWorker> {
  readonly #slots = new Set<Slot<W>>();
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly max: number,
    private readonly idleMs: number,
    /** Longest a worker may take to start or to do one piece of work before it is terminated. */
    private readonly timeoutMs = 120_000,
  ) {}

  /** Workers started and not yet terminated (busy or idle). */
  get size(): number {
    return this.#slots.size;
  }

  /**
   * Run `work` on a worker for `key` (started with `create` when none is idle). When `signal` aborts
   * while the work runs, the worker is terminated and the call rejects with 'cancelled'.
   */
  async run<T>(key: string, create: () => Promise<W>, work: (w: W) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const slot = await this.#acquire(key, create, signal);
    let onAbort: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Cancellation and a time limit end the wait for a worker that is starting or working (an OCR
    // call cannot be interrupted otherwise; tesseract.js never settles a start whose data is bad).
    const stopped = new Promise<never>((_, reject) => {
      onAbort = () => reject(cancelled());
      signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(
        () => reject(new TesseraError('internal', `The OCR worker did not answer within ${Math.round(this.timeoutMs / 1000)} s.`)),
        this.timeoutMs,
      );
    });
    try {
      if (signal?.aborted) throw cancelled();
      const worker = await Promise.race([slot.worker, stopped]);
      worker.ref?.();
      const result = await Promise.race([work(worker), stopped]);
      this.#release(slot);
      return result;
    } catch (e) {
      // A failed or interrupted worker is in an unknown state: never reuse it.
      await this.#drop(slot);
      throw e;
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      stopped.catch(() => {});
    }
  }

  /**
   * Start a worker for `key` ahead of its first use (e.g. while the page is still being rendered),
   * when none exists for it and the pool has room. A start that fails is forgotten here: the next
   * run() starts again and reports the failure to its caller.
   */
  warm(key: string, create: () => Promise<W>): void {
    if (this.#slots.size >= this.max || [...this.#slots].some((s) => s.key === key)) return;
    const worker = create();
    const slot: Slot<W> = { key, worker, busy: false, timer: null, started: false };
    this.#slots.add(slot);
    worker.then(
      (w) => {
        slot.started = true;
        if (!slot.busy && this.#slots.has(slot)) {
          w.unref?.();
          this.#arm(slot);
        }
      },
      () => this.#slots.delete(slot),
    );
  }

  async #acquire(key: string, create: () => Promise<W>, signal?: AbortSignal): Promise<Slot<W>> {
    for (;;) {
      if (signal?.aborted) throw cancelled();
      const idle = [...this.#slots].filter((s) => !s.busy);
      const same = idle.find((s) => s.key === key);
      if (same) {
        if (same.timer) clearTimeout(same.timer);
        same.timer = null;
        same.busy = true;
        return same;
      }
      if (this.#slots.size >= this.max && idle.length) await this.#drop(idle[0]!);
      if (this.#slots.size < this.max) {
        const worker = create();
        const slot: Slot<W> = { key, worker, busy: true, timer: null, started: false };
        this.#slots.add(slot);
        worker.then(
          () => (slot.started = true),
          () => this.#slots.delete(slot), // run() reports the failure
        );
        return slot;
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
  }

  #release(slot: Slot<W>): void {
    slot.busy = false;
    void slot.worker.then((w) => w.unref?.(), () => {});
    this.#arm(slot);
    this.#wake();
  }

  /** Terminate an idle worker after idleMs unless it is used again. */
  #arm(slot: Slot<W>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void this.#drop(slot), this.idleMs);
    // Node: an idle pool must not keep the process alive (the workers are unref'd too).
    (slot.timer as unknown as { unref?: () => void }).unref?.();
  }

  async #drop(slot: Slot<W>): Promise<void> {
    if (!this.#slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    this.#wake();
    const terminate = slot.worker.then(
      (w) => w.terminate(),
      () => {}, // never started: nothing to terminate
    );
    // Still starting: terminate it whenever it is up, without waiting here.
    if (slot.started) await terminate;
  }

  #wake(): void {
    this.#waiting.splice(0).forEach((resolve) => resolve());
  }

  /** Terminate every worker, idle or busy (busy calls then fail). */
  async terminateAll(): Promise<void> {
    await Promise.all([...this.#slots].map((s) => this.#drop(s)));
  }
}
