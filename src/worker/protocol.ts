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
  | { type: 'event'; id: number; event: PartitionEvent }
  | { type: 'result'; id: number; response: PartitionResponse };
