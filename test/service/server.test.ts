// `tessera serve` at the HTTP level: a real server on a random loopback port, a real client (fetch),
// real engine threads. Each server is stopped by its test; the engine pool by afterAll.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnginePool } from '../../src/server/engine-pool.ts';
import { auth, form, GatedEngine, pool, samplePdf, serve, tempDir, until, type Started } from './helpers.ts';

let engine: EnginePool;
let pdf: Uint8Array;
let server: Started;

beforeAll(async () => {
  engine = pool(2);
  pdf = await samplePdf(3);
  server = await serve(engine);
});
afterAll(async () => {
  await server?.stop();
  await engine?.close();
});

const post = (path: string, body: FormData, headers = auth()) => fetch(`${server.url}${path}`, { method: 'POST', body, headers });
const get = (path: string, headers = auth()) => fetch(`${server.url}${path}`, { headers });

/** A throwaway HTTP server the test controls (file_url source, webhook receiver). */
async function receiver(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; close(): Promise<void> }> {
  const s: Server = createServer(handler);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => (s.closeAllConnections(), s.close(() => r()))) };
}

describe('sync partition', () => {
  it('answers with the response, its status lines streamed first in the service layout', async () => {
    const res = await post('/v1/document/partition', form({ file: pdf }));
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.status_code).toBe(200);
    expect(body.elements.map((e: { text_representation: string }) => e.text_representation).join('')).toContain('Service Report');
    expect(body.status).toContain('Incremental status will be shown here during execution.');
    expect(body.status.some((l: string) => /^T\+\s+\d+\.\d\d: Completed work on page 3$/.test(l))).toBe(true);
    expect(body.status.at(-1)).toBe('');
    // The preamble's rule, as in the reference outputs: while the status array is still being
    // written (before its closing "  ],"), the partial text + '""]}' is a JSON document.
    const lines = text.split('\n');
    const end = lines.indexOf('  ],');
    expect(end).toBeGreaterThan(5);
    for (const cut of [6, end - 1]) {
      const partial = JSON.parse(lines.slice(0, cut).join('\n') + '\n""]}');
      expect(partial.status.length).toBeGreaterThan(0);
    }
  });

  it('returns markdown when asked and reports processing errors in the body', async () => {
    const md = await (await post('/v1/document/partition', form({ file: pdf, options: { output_format: 'markdown' } }))).json();
    expect(md.markdown).toContain('# Service Report');
    const bad = await post('/v1/document/partition', form({ file: pdf, options: { selected_pages: [9] } }));
    expect(bad.status).toBe(200);
    const body = await bad.json();
    expect(body.status_code).toBe(400);
    expect(body.error).toMatch(/^400: .*page/i);
  });

  it('fetches file_url, and refuses file together with file_url', async () => {
    const src = await receiver((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    try {
      const ok = await (await post('/v1/document/partition', form({ file_url: `${src.url}/remote.pdf` }))).json();
      expect(ok.status_code).toBe(200);
      expect(JSON.stringify(ok.elements)).toContain('Service Report');
      const both = await post('/v1/document/partition', form({ file: pdf, file_url: `${src.url}/remote.pdf` }));
      expect(both.status).toBe(400);
      expect((await both.json()).detail).toMatch(/send one/i);
    } finally {
      await src.close();
    }
  });
});

describe('request errors', () => {
  it('403 without a key and with a wrong key', async () => {
    const none = await post('/v1/document/partition', form({ file: pdf }), {});
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual({ detail: 'Not authenticated.' });
    const wrong = await get('/v1/async/list', { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ detail: 'Invalid API key' });
  });

  it('400 without a file, 400 for options that are not JSON, 422 for a form that does not parse', async () => {
    const noFile = await post('/v1/document/partition', form({ options: {} }));
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ detail: 'No input file provided.' });
    const badOptions = await post('/v1/document/partition', form({ file: pdf, options: '{"threshold": ' }));
    expect(badOptions.status).toBe(400);
    expect((await badOptions.json()).detail).toMatch(/options.*JSON/);
    const malformed = await fetch(`${server.url}/v1/document/partition`, {
      method: 'POST',
      headers: auth({ 'content-type': 'multipart/form-data; boundary=XYZ' }),
      body: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 truncated without closing boundary',
    });
    expect(malformed.status).toBe(422);
    const notMultipart = await fetch(`${server.url}/v1/document/partition`, { method: 'POST', headers: auth({ 'content-type': 'text/plain' }), body: 'hello' });
    expect(notMultipart.status).toBe(422);
  });

  it('413 for an upload over the size limit', async () => {
    const small = await serve(engine, { maxFileBytes: 64 * 1024 });
    try {
      const big = new Uint8Array(200 * 1024);
      const res = await fetch(`${small.url}/v1/document/partition`, { method: 'POST', body: form({ file: big }), headers: auth() });
      expect(res.status).toBe(413);
      expect((await res.json()).detail).toMatch(/too large/);
    } finally {
      await small.stop();
    }
  });

  it('429 when the job queue is full, and the queued work still completes', async () => {
    const gated = new GatedEngine(engine);
    const busy = await serve(gated, { concurrency: 1, maxWaiting: 1 });
    try {
      const submit = () => fetch(`${busy.url}/v1/async/submit/document/partition`, { method: 'POST', body: form({ file: pdf }), headers: auth() });
      const a = await submit();
      const b = await submit();
      expect([a.status, b.status]).toEqual([202, 202]);
      const c = await submit();
      expect(c.status).toBe(429);
      expect((await c.json()).detail).toMatch(/Too many requests/);
      await until(() => (gated.started >= 1 ? true : undefined), 'the first task to start');
      gated.releaseAll();
      const ids = [(await a.json()).task_id, (await b.json()).task_id];
      for (const id of ids) {
        await until(async () => {
          gated.releaseAll();
          const r = await fetch(`${busy.url}/v1/async/result/${id}`, { headers: auth() });
          return r.status === 200 ? r.json() : undefined;
        }, `task ${id}`);
      }
    } finally {
      gated.releaseAll();
      await busy.stop();
    }
  });
});

describe('async tasks', () => {
  it('submit -> pending -> result, listed with its state', async () => {
    const gated = new GatedEngine(engine);
    const s = await serve(gated);
    try {
      const res = await fetch(`${s.url}/v1/async/submit/document/partition`, { method: 'POST', body: form({ file: pdf }), headers: auth() });
      expect(res.status).toBe(202);
      const { task_id } = await res.json();
      const pending = await fetch(`${s.url}/v1/async/result/${task_id}`, { headers: auth() });
      expect(pending.status).toBe(202);
      expect(await pending.json()).toEqual({ detail: 'Task is pending.' });
      const listed = await (await fetch(`${s.url}/v1/async/list`, { headers: auth() })).json();
      expect(listed.tasks[task_id].action).toBe('/v1/document/partition');
      expect(['queue', 'run']).toContain(listed.tasks[task_id].task_status);
      const result = await until(async () => {
        // The task may not have reached its gate yet: keep opening gates until it is done.
        gated.releaseAll();
        const r = await fetch(`${s.url}/v1/async/result/${task_id}`, { headers: auth() });
        return r.status === 200 ? r.json() : undefined;
      }, 'the result');
      expect(result.status_code).toBe(200);
      expect(JSON.stringify(result.elements)).toContain('Service Report');
      const after = await (await fetch(`${s.url}/v1/async/list`, { headers: auth() })).json();
      expect(after.tasks[task_id]).toEqual({ action: '/v1/document/partition', task_status: 'done' });
      const unknown = await fetch(`${s.url}/v1/async/result/task-nope`, { headers: auth() });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ detail: 'No such task.' });
    } finally {
      gated.releaseAll();
      await s.stop();
    }
  });

  it('cancel stops a running task (its engine signal is aborted); unknown or finished ids are 404', async () => {
    const gated = new GatedEngine(engine);
    const s = await serve(gated);
    try {
      const { task_id } = await (await fetch(`${s.url}/v1/async/submit/document/partition`, { method: 'POST', body: form({ file: pdf }), headers: auth() })).json();
      await until(() => (gated.started === 1 ? true : undefined), 'the task to run');
      const cancel = await fetch(`${s.url}/v1/async/cancel/${task_id}`, { method: 'POST', headers: auth() });
      expect(cancel.status).toBe(200);
      expect(gated.signals[0]!.aborted).toBe(true);
      const list = await (await fetch(`${s.url}/v1/async/list`, { headers: auth() })).json();
      expect(list.tasks[task_id].task_status).toBe('cancel');
      const result = await (await fetch(`${s.url}/v1/async/result/${task_id}`, { headers: auth() })).json();
      expect(result.status_code).toBe(499);
      expect((await fetch(`${s.url}/v1/async/cancel/${task_id}`, { method: 'POST', headers: auth() })).status).toBe(404);
      expect((await fetch(`${s.url}/v1/async/cancel/task-unknown`, { method: 'POST', headers: auth() })).status).toBe(404);
    } finally {
      gated.releaseAll();
      await s.stop();
    }
  });

  it('POSTs the webhook when the task is done, retrying a receiver that fails first', async () => {
    const calls: { header: string | undefined; body: unknown }[] = [];
    const hook = await receiver((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        calls.push({ header: req.headers['content-type'], body: JSON.parse(data) });
        res.writeHead(calls.length === 1 ? 503 : 200).end();
      });
    });
    try {
      const res = await post('/v1/async/submit/document/partition', form({ file: pdf }), auth({ 'X-Vendor-Webhook': `${hook.url}/done` }));
      const { task_id } = await res.json();
      await until(() => (calls.length >= 2 ? true : undefined), 'two webhook attempts');
      expect(calls[1]).toEqual({ header: 'application/json', body: { done: [{ task_id }] } });
      const bad = await post('/v1/async/submit/document/partition', form({ file: pdf }), auth({ 'X-Tessera-Webhook': 'not a url' }));
      expect(bad.status).toBe(400);
    } finally {
      await hook.close();
    }
  });
});

describe('DocSets', () => {
  it('stores parsed documents on disk and keeps them across a restart', async () => {
    const dataDir = tempDir();
    let s = await serve(engine, { dataDir });
    const json = (path: string, init: RequestInit = {}) =>
      fetch(`${s.url}${path}`, { ...init, headers: auth(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) });
    try {
      const created = await (await json('/v1/storage/docsets', { method: 'POST', body: JSON.stringify({ name: 'reports', properties: { team: 'a' } }) })).json();
      expect(created).toMatchObject({ name: 'reports', readonly: false, size: 0, properties: { team: 'a' } });
      const id = created.docset_id as string;
      const parse = (f: FormData) => fetch(`${s.url}/v1/document/partition`, { method: 'POST', body: f, headers: auth() }).then((r) => r.json());
      await parse(form({ file: pdf, name: 'mine.pdf', options: { add_to_docset_id: id } }));
      await parse(form({ file: pdf, name: 'default.pdf' }));
      await parse(form({ file: pdf, name: 'not-kept.pdf', options: { add_to_docset_id: '' } }));
      await s.stop();

      s = await serve(engine, { dataDir });
      const sets = (await (await json('/v1/storage/docsets')).json()).items;
      expect(sets.map((d: { name: string }) => d.name).sort()).toEqual(['reports', 'tessera_storage']);
      const docs = (await (await json(`/v1/storage/docsets/${id}/docs`)).json()).items;
      expect(docs).toHaveLength(1);
      expect(docs[0]).toMatchObject({ name: 'mine.pdf', docset_id: id, size: pdf.byteLength, content_type: 'application/pdf' });
      const defaults = (await (await json('/v1/storage/docsets/tessera_storage/docs')).json()).items;
      expect(defaults.map((d: { name: string }) => d.name)).toEqual(['default.pdf']);

      const doc = await (await json(`/v1/storage/docsets/${id}/docs/${docs[0].doc_id}`)).json();
      expect(JSON.stringify(doc.elements)).toContain('Service Report');
      expect(Buffer.from(doc.binary_data, 'base64').equals(Buffer.from(pdf))).toBe(true);
      expect((await (await json(`/v1/storage/docsets/${id}`)).json()).size).toBe(pdf.byteLength);

      const patched = await (await json(`/v1/storage/docsets/${id}`, { method: 'PATCH', body: JSON.stringify({ name: 'renamed' }) })).json();
      expect(patched.name).toBe('renamed');
      expect((await json(`/v1/storage/docsets/${id}/docs/${docs[0].doc_id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await (await json(`/v1/storage/docsets/${id}/docs`)).json()).items).toEqual([]);
      expect((await json(`/v1/storage/docsets/${id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await json(`/v1/storage/docsets/${id}`)).status).toBe(404);
    } finally {
      await s.stop();
    }
  });
});

describe('load', () => {
  it('answers 50 concurrent sync requests, none lost', async () => {
    const titles = Array.from({ length: 50 }, (_, i) => `Request ${i}`);
    const pdfs = await Promise.all(titles.map((t) => samplePdf(2, t)));
    const bodies = await Promise.all(
      pdfs.map(async (file) => {
        const res = await post('/v1/document/partition', form({ file, options: { output_format: 'markdown', add_to_docset_id: '' } }));
        return { status: res.status, body: await res.json() };
      }),
    );
    bodies.forEach(({ status, body }, i) => {
      expect(status).toBe(200);
      expect(body.status_code).toBe(200);
      expect(body.markdown).toContain(`# Request ${i}`);
    });
  });

  // The goal's 10-page case with a queue that overflows: every request is answered (some after a
  // 429 and a retry, as a client of the hosted service does), each with its own document, and
  // the queue is empty afterwards. Throughput and memory: bench/service-load.ts.
  it('answers 50 concurrent sync requests of 10-page PDFs through a full queue: 429s retried, none lost', async () => {
    const s = await serve(engine, { maxWaiting: 8, retention: false });
    try {
      const pdfs = await Promise.all(Array.from({ length: 50 }, (_, i) => samplePdf(10, `Load ${i}`)));
      let refused = 0;
      const send = async (file: Uint8Array): Promise<{ status: number; body: { status_code: number; markdown: string } }> => {
        for (;;) {
          const res = await fetch(`${s.url}/v1/document/partition`, { method: 'POST', body: form({ file, options: { output_format: 'markdown' } }), headers: auth() });
          if (res.status !== 429) return { status: res.status, body: await res.json() };
          refused++;
          expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
          await res.arrayBuffer();
          await new Promise((r) => setTimeout(r, 100)); // sooner than Retry-After: keeps the test short
        }
      };
      const answers = await Promise.all(pdfs.map(send));
      answers.forEach(({ status, body }, i) => {
        expect(status).toBe(200);
        expect(body.status_code).toBe(200);
        expect(body.markdown).toContain(`# Load ${i}\n`);
        expect(body.markdown).toContain('## Part 10');
        expect(body.markdown).toContain('Paragraph on page 10,');
      });
      expect(refused).toBeGreaterThan(0); // the bound was reached: 2 running + 8 waiting < 50
      expect(s.service.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      await s.stop();
    }
  });
});
