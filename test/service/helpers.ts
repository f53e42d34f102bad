// Shared by the service tests: a started `tessera serve` (in this process, real HTTP on a random
// loopback port, real engine threads) and a multipart client using fetch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { EnginePool } from '../../src/server/engine-pool.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/http-server.ts';
import type { Engine } from '../../src/service/index.ts';
import { buildPdf } from '../fixtures/build-pdf.ts';

export const KEY = 'test-key-123';

export async function samplePdf(pages: number, title = 'Service Report'): Promise<Uint8Array> {
  const { bytes } = await buildPdf({
    pages: Array.from({ length: pages }, (_, i) => ({
      footer: `${i + 1}`,
      blocks: [
        { kind: 'heading' as const, level: (i === 0 ? 1 : 2) as 1 | 2, text: i === 0 ? title : `Part ${i + 1}` },
        { kind: 'paragraph' as const, text: `Paragraph on page ${i + 1}, long enough to wrap over more than one line of the column.` },
      ],
    })),
  });
  return bytes;
}

const tempDirs: string[] = [];
// Every data folder a test file made goes when the file is done.
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-serve-'));
  tempDirs.push(dir);
  return dir;
}

export interface Started extends RunningServer {
  stop(): Promise<void>;
}

export async function serve(engine: Engine & { close?: () => Promise<void> }, opts: Partial<ServerOptions> = {}): Promise<Started> {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: opts.dataDir ?? tempDir(),
    keys: [KEY],
    engine,
    concurrency: 2,
    maxWaiting: 64,
    maxFileBytes: 20 * 1024 * 1024,
    retention: true,
    version: 'test',
    webhook: { attempts: 3, backoffMs: 50, timeoutMs: 2000 },
    log: () => {},
    ...opts,
  });
  return { ...server, stop: () => server.close(2000) };
}

export function pool(threads = 2): EnginePool {
  return new EnginePool({ threads });
}

export function form(fields: { file?: Uint8Array; name?: string; file_url?: string; options?: unknown }): FormData {
  const f = new FormData();
  if (fields.file) f.append('file', new Blob([fields.file as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fields.name ?? 'report.pdf');
  if (fields.file_url !== undefined) f.append('file_url', fields.file_url);
  if (fields.options !== undefined) f.append('options', typeof fields.options === 'string' ? fields.options : JSON.stringify(fields.options));
  return f;
}

export function auth(extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${KEY}`, ...extra };
}

/** An engine whose runs wait until released: makes "busy" states exact without timing. */
export class GatedEngine implements Engine {
  private gates: Array<() => void> = [];
  started = 0;
  signals: AbortSignal[] = [];
  constructor(private readonly inner: Engine) {}
  partition(req: Parameters<Engine['partition']>[0]) {
    this.started++;
    this.signals.push(req.signal);
    return new Promise<void>((resolve) => this.gates.push(resolve)).then(() => this.inner.partition(req));
  }
  releaseAll(): void {
    for (const g of this.gates.splice(0)) g();
  }
}

export async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, ms = 45_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
