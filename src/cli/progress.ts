// A one-line progress bar on stderr (only when stderr is a terminal).

export class ProgressBar {
  private done = 0;
  private total = 0;
  private readonly start = Date.now();
  private lastDraw = 0;

  constructor(private readonly stream: NodeJS.WriteStream | null) {}

  addTotal(pages: number): void {
    this.total += pages;
    this.draw();
  }

  pageDone(): void {
    this.done++;
    this.draw();
  }

  private draw(force = false): void {
    if (!this.stream) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < 100 && this.done < this.total) return;
    this.lastDraw = now;
    const width = 30;
    const filled = this.total ? Math.round((this.done / this.total) * width) : 0;
    const seconds = ((now - this.start) / 1000).toFixed(1);
    this.stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total} pages  ${seconds}s `);
  }

  finish(): void {
    if (!this.stream) return;
    this.draw(true);
    this.stream.write('\n');
  }
}
