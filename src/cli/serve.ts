// `tessera serve`: flags -> a running local server (src/server), until SIGINT/SIGTERM.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { EnginePool } from '../server/engine-pool.ts';
import { startServer } from '../server/http-server.ts';
import { readKeys } from '../server/keys.ts';
import { UsageError } from './args.ts';
import type { ServeCommand } from './serve-args.ts';

/** Runs until SIGINT/SIGTERM; a second signal stops at once. Returns the exit code. */
export async function runServe(cmd: ServeCommand): Promise<number> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  let keys: string[];
  try {
    keys = readKeys(process.env['TESSERA_API_KEYS'], cmd.keysFile);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (keys.length === 0) {
    const key = randomBytes(18).toString('base64url');
    keys = [key];
    log(`tessera serve: no API keys configured (TESSERA_API_KEYS or --keys); for this run the key is: ${key}`);
  }
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const engine = new EnginePool({ threads: cmd.jobs });
  let server;
  try {
    server = await startServer({
      port: cmd.port,
      host: cmd.host,
      dataDir: cmd.data,
      keys,
      engine,
      concurrency: cmd.jobs,
      maxWaiting: cmd.queue,
      maxFileBytes: cmd.maxMb * 1024 * 1024,
      retention: cmd.retention,
      version: pkg.version,
      log,
    });
  } catch (err) {
    await engine.close();
    throw new Error(`serve: cannot listen on ${cmd.host}:${cmd.port}: ${(err as Error).message}`, { cause: err });
  }
  if (!/^(127\.|::1$|localhost$)/.test(cmd.host)) log(`tessera serve: WARNING: listening on ${cmd.host}, reachable from other machines`);
  log(`tessera serve: listening on ${server.url} (data in ${cmd.data}, ${cmd.jobs} engine threads, queue ${cmd.queue})`);

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`tessera serve: ${signal}: finishing running work (up to ${cmd.graceSeconds} s), then stopping`);
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await server.close(cmd.graceSeconds * 1000);
  await engine.close();
  log('tessera serve: stopped');
  return 0;
}
