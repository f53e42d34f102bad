// `tessera serve` flags -> a typed command (kept apart from serve.ts so that parsing the command
// line does not load the server).
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { UsageError } from './args.ts';

export interface ServeCommand {
  command: 'serve';
  port: number;
  host: string;
  data: string;
  keysFile: string | undefined;
  jobs: number;
  queue: number;
  maxMb: number;
  retention: boolean;
  graceSeconds: number;
}

export const SERVE_HELP = `Usage: tessera serve [flags]

Answers the partitioning service's HTTP interface on this machine: POST /v1/document/partition,
/v1/async/submit|result|cancel|list, /v1/storage/docsets... Clients of the hosted service work by
changing only their base URL and key.

Every request needs "Authorization: Bearer KEY". Keys come from TESSERA_API_KEYS (comma separated)
and/or --keys FILE (one per line); with neither, a key is made up and printed at start.

Flags:
      --port N        port to listen on (default 8080; 0 picks a free one)
      --host H        address to listen on (default 127.0.0.1: this machine only)
      --data DIR      where DocSets and task results are kept (default ./tessera-data)
      --keys FILE     file of accepted API keys
  -j, --jobs N        documents partitioned at once, one worker thread each (default: all cores)
      --queue N       requests that may wait for a free thread; beyond that: 429 (default 64)
      --max-mb N      largest accepted upload in MB (default 100)
      --no-retention  do not keep parsed documents in the default DocSet (add_to_docset_id still works)
      --grace S       on shutdown, seconds to let running work finish before aborting it (default 10)
`;

function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name}: must be a whole number >= ${min}, got "${value}"`);
  return n;
}

export function parseServeCommand(args: string[]): ServeCommand | { command: 'help'; topic: 'serve' } {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        keys: { type: 'string' },
        jobs: { type: 'string', short: 'j' },
        queue: { type: 'string' },
        'max-mb': { type: 'string' },
        'no-retention': { type: 'boolean' },
        grace: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new UsageError(`serve: ${(err as Error).message}`);
  }
  const v = parsed.values;
  if (v.help) return { command: 'help', topic: 'serve' };
  const port = whole('port', v.port, 8080, 0);
  if (port > 65535) throw new UsageError(`--port: must be at most 65535, got ${port}`);
  return {
    command: 'serve',
    port,
    host: v.host ?? '127.0.0.1',
    data: v.data ?? 'tessera-data',
    keysFile: v.keys,
    jobs: whole('jobs', v.jobs, availableParallelism(), 1),
    queue: whole('queue', v.queue, 64, 0),
    maxMb: whole('max-mb', v['max-mb'], 100, 1),
    retention: !v['no-retention'],
    graceSeconds: whole('grace', v.grace, 10, 0),
  };
}
