// The one message protocol between the app (main thread) and the engine's Web Worker.
import type { PartitionEvent } from '../core/partition.ts';
import type { PartitionResponse } from '../core/contract/types.ts';

export type ToWorker =
  | {
      type: 'partition';
      id: number;
      /** Transferred, not copied. */
      file: ArrayBuffer;
      options: unknown;
      password?: string;
      filename?: string;
    }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { channel: typeof CHANNEL; type: 'event'; id: number; event: PartitionEvent }
  | { channel: typeof CHANNEL; type: 'result'; id: number; response: PartitionResponse };

/**
 * Marks our messages: pdf.js, when it runs its worker code inside this worker's thread, talks to
 * the main thread over the same `self.postMessage`, and those messages must be told apart.
 */
export const CHANNEL = 'tessera-engine';

export function isFromWorker(data: unknown): data is FromWorker {
  return typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CHANNEL;
}
