// The bounded job queue shared by sync requests and async tasks: at most `concurrency` jobs run,
// at most `maxWaiting` wait; beyond that a job is refused (the routes answer 429).
export interface JobQueueLimits {
  concurrency: number;
  maxWaiting: number;
}

export interface Slot {
  /** Resolves when the job may start. */
  started: Promise<void>;
  /** Gives the slot back (after the job, or instead of it when it is dropped while waiting). */
  release(): void;
}

export class JobQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limits: JobQueueLimits) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** A place in the queue, or null when it is full. */
  reserve(): Slot | null {
    if (this.running >= this.limits.concurrency && this.waiting.length >= this.limits.maxWaiting) return null;
    let state: 'waiting' | 'running' | 'released' = 'waiting';
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const begin = () => {
      state = 'running';
      this.running++;
      start();
    };
    if (this.running < this.limits.concurrency) begin();
    else this.waiting.push(begin);
    return {
      started,
      release: () => {
        if (state === 'released') return;
        if (state === 'waiting') {
          const i = this.waiting.indexOf(begin);
          if (i >= 0) this.waiting.splice(i, 1);
        } else {
          this.running--;
          this.waiting.shift()?.();
        }
        state = 'released';
      },
    };
  }
}
