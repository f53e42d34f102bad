// `tessera serve`: the service core over Node's HTTP stack. Loopback only unless told otherwise;
// Bearer keys; request size limit; a bounded job queue (429 when full); the sync response streamed
// as the status lines come; graceful shutdown (running work finishes or is aborted cleanly).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Service, type Engine, type ServiceRequest, type ServiceResponse, type WebhookPolicy } from '../service/index.ts';
import { DiskDocSetStore, DiskSettingsStore, DiskTaskStore } from './disk-stores.ts';
import { bearerAuth } from './keys.ts';
import { parseMultipart, readJsonBody } from './multipart.ts';

export interface ServerOptions {
  port: number;
  host: string;
  dataDir: string;
  /** Accepted API keys; empty: every request is refused with 403. */
  keys: string[];
  engine: Engine;
  concurrency: number;
  maxWaiting: number;
  maxFileBytes: number;
  retention: boolean;
  version: string;
  webhook?: Partial<WebhookPolicy>;
  taskRetentionMs?: number;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  service: Service;
  /** Stops accepting, lets work finish for graceMs, aborts the rest; resolves when all is closed. */
  close(graceMs?: number): Promise<void>;
}

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

async function send(res: ServerResponse, out: ServiceResponse): Promise<void> {
  const headers: Record<string, string> = { ...out.headers };
  if ('stream' in out) {
    res.writeHead(out.status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
    res.flushHeaders();
    for await (const chunk of out.stream) {
      if (res.destroyed) break;
      if (!res.write(chunk)) await new Promise((r) => res.once('drain', r).once('close', r));
    }
    res.end();
    return;
  }
  if ('bytes' in out) {
    res.writeHead(out.status, { 'content-type': out.contentType, 'content-length': out.bytes.byteLength, ...headers });
    res.end(out.bytes);
    return;
  }
  const body = JSON.stringify(out.body);
  res.writeHead(out.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dataDir = resolve(opts.dataDir);
  const service = new Service({
    engine: opts.engine,
    docsets: new DiskDocSetStore(dataDir),
    tasks: new DiskTaskStore(dataDir),
    settings: new DiskSettingsStore(dataDir),
    fetch: (url, init) => fetch(url, init),
    clock: () => Date.now(),
    newId: () => randomUUID(),
    log: { warn: (m) => log(`tessera serve: ${m}`) },
    authenticate: bearerAuth(opts.keys),
    limits: { concurrency: opts.concurrency, maxWaiting: opts.maxWaiting, maxFileBytes: opts.maxFileBytes },
    retentionDefault: opts.retention,
    version: opts.version,
    webhook: opts.webhook,
    taskRetentionMs: opts.taskRetentionMs,
  });

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log(`tessera serve: ${req.method} ${req.url} failed: ${(err as Error).message}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ detail: 'Internal error.' }));
      } else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort(new Error('client went away'));
    });
    const sreq: ServiceRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: headersOf(req),
      form: () => parseMultipart(req, opts.maxFileBytes),
      json: () => readJsonBody(req),
      signal: controller.signal,
    };
    await send(res, await service.handle(sreq));
  }

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host, () => {
      server.off('error', fail);
      ok();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${host}:${addr.port}`,
    service,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const stopped = new Promise<void>((r) => server.close(() => r()));
        server.closeIdleConnections();
        await service.shutdown(graceMs);
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
    },
  };
}
