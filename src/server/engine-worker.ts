// Worker-thread entry of the server's engine pool: one partition at a time, status lines sent back
// as they happen, a `cancel` message aborts the running one (core checks its signal between stages).
import { parentPort } from 'node:worker_threads';
import { partition } from '../core/index.ts';
import { installNodePdfEnvironment } from '../cli/node-raster.ts';
import type { FromEngineWorker, ToEngineWorker } from './engine-pool.ts';

if (!parentPort) throw new Error('engine-worker.ts must run in a worker thread');
const port = parentPort;
installNodePdfEnvironment();
const running = new Map<number, AbortController>();
const post = (m: FromEngineWorker) => port.postMessage(m);

port.on('message', async (msg: ToEngineWorker) => {
  if (msg.type === 'cancel') {
    running.get(msg.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(msg.id, controller);
  try {
    const response = await partition({
      file: new Uint8Array(msg.file),
      options: msg.options,
      filename: msg.filename,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.kind === 'status') post({ id: msg.id, line: e.line });
      },
    });
    post({ id: msg.id, response });
  } catch (err) {
    post({ id: msg.id, error: (err as Error).stack ?? String(err) });
  } finally {
    running.delete(msg.id);
  }
});
