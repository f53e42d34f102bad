// Worker-thread bootstrap: worker threads do not inherit the main thread's tsx hooks on Node 20,
// so each one registers tsx itself before loading the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
