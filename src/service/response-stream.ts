// The sync response written as the work proceeds, in the layout the hosted service uses (see
// ../shared/spec/reference-outputs): the `status` array comes first, one line per status line,
// so a client can read progress before the elements; until the line `  ]` arrives, the partial
// text becomes a JSON document by appending `""]}` (the preamble says so, as the service's does).
import type { PartitionResponse } from '../core/contract/types.ts';

export const STATUS_PREAMBLE = [
  'Incremental status will be shown here during execution.',
  "Until you get a line that matches '  ]\n', you can convert the partial",
  "output to a json document by appending '\"\"]}' to the partial output.",
  '',
];

export const STREAM_HEAD = '{\n  "status": [\n';

export function streamLine(line: string): string {
  return `    ${JSON.stringify(line)},\n`;
}

/** Everything after the status lines: the closing `""`, `  ]`, then the other fields. */
export function streamTail(response: PartitionResponse): string {
  const { status: _status, ...rest } = response;
  const restJson = JSON.stringify(rest, null, 2); // "{\n  \"status_code\": ...\n}"
  return `    ""\n  ],\n${restJson.slice(2)}\n`;
}

/** An async queue of lines: the engine pushes, the response stream pulls. */
export class LineChannel implements AsyncIterable<string> {
  private readonly buffered: string[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  push(line: string): void {
    this.buffered.push(line);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      const line = this.buffered.shift();
      if (line !== undefined) {
        yield line;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}
