// The engine run in the caller's own thread: core's partition(), its status events as lines.
import { partition } from '../core/index.ts';
import type { Engine } from './types.ts';

export const directEngine: Engine = {
  partition: ({ file, options, filename, signal, onStatus }) =>
    partition({ file, options, filename, signal, onEvent: (e) => (e.kind === 'status' ? onStatus(e.line) : undefined) }),
};
