// Worker-thread entry: runs tasks sent by the pool, one at a time, reporting events as they come.
import { parentPort } from 'node:worker_threads';
import { runTask, type Task } from './task.ts';

if (!parentPort) throw new Error('partition-worker.ts must run in a worker thread');
const port = parentPort;

port.on('message', async ({ id, task }: { id: number; task: Task }) => {
  try {
    const response = await runTask(task, (event) => port.postMessage({ id, event }));
    port.postMessage({ id, response });
  } catch (err) {
    port.postMessage({ id, error: (err as Error).stack ?? String(err) });
  }
});
