// Status lines in the service's style: `T+   0.24: Completed work on page 1`, seconds since the
// request began formatted like C's %7.2f.

export type Clock = () => number;

export class StatusLog {
  readonly lines: string[] = [];
  private readonly start: number;

  constructor(
    private readonly clock: Clock = () => performance.now(),
    private readonly onLine?: (line: string) => void,
  ) {
    this.start = clock();
  }

  /** Seconds since the log began. */
  elapsed(): number {
    return (this.clock() - this.start) / 1000;
  }

  add(message: string): string {
    const line = `T+${this.elapsed().toFixed(2).padStart(7)}: ${message}`;
    this.lines.push(line);
    this.onLine?.(line);
    return line;
  }
}
