// The service: the HTTP interface of ../shared/spec (partition-interface.md + conventions.md) over
// the engine. One Service answers every /v1 route for both adapters: the app's service worker
// (src/sw) and `tessera serve` (src/server). Adapters turn their requests into ServiceRequest and
// write back the ServiceResponse; everything else — auth, limits, tasks, webhooks, DocSets — is here.
import type { PartitionResponse } from '../core/contract/types.ts';
import { DEFAULT_DOCSET, DocSets, toBase64, validId } from './docsets.ts';
import { JobQueue, type JobQueueLimits, type Slot } from './job-queue.ts';
import { LineChannel, STATUS_PREAMBLE, STREAM_HEAD, streamLine, streamTail } from './response-stream.ts';
import type { DocSetStore, SettingsStore, TaskRecord, TaskStore } from './stores.ts';
import { RequestError, type Clock, type Engine, type FetchLike, type Logger, type PartitionForm, type ServiceRequest, type ServiceResponse, type UploadedFile } from './types.ts';
import { checkWebhookUrl, DEFAULT_WEBHOOK_POLICY, deliverWebhook, sleep, type Sleep, type WebhookPolicy } from './webhooks.ts';

export const PARTITION_ACTION = '/v1/document/partition';
export const TASK_RETENTION_MS = 48 * 3600 * 1000;

export type AuthResult = 'ok' | 'missing' | 'invalid';

export interface ServiceDeps {
  engine: Engine;
  docsets: DocSetStore;
  tasks: TaskStore;
  settings: SettingsStore;
  fetch: FetchLike;
  /** Milliseconds since the epoch. */
  clock: Clock;
  newId: () => string;
  log: Logger;
  /** Checks the Authorization header; absent: no authentication (the in-browser service). */
  authenticate?: (authorization: string | undefined) => AuthResult;
  limits?: Partial<JobQueueLimits> & { maxFileBytes?: number };
  webhook?: Partial<WebhookPolicy>;
  /** Whether parsed documents go to the default DocSet when the settings store says nothing. */
  retentionDefault?: boolean;
  taskRetentionMs?: number;
  version: string;
  /** Called with work that outlives its request (async tasks, webhooks): the SW's waitUntil. */
  keepAlive?: (work: Promise<unknown>) => void;
  sleep?: Sleep;
}

interface Job {
  file: UploadedFile;
  options: unknown;
  /** undefined: the default DocSet if retention is on; '': not stored. */
  docsetId: string | undefined;
}

interface LiveTask {
  record: TaskRecord;
  controller: AbortController;
  slot: Slot;
}

const detail = (status: number, text: string, headers?: Record<string, string>): ServiceResponse => ({ status, body: { detail: text }, headers });

/** `T+   0.24: msg` -> `msg`: engine lines are stamped again with the request's own clock. */
const ENGINE_STAMP = /^T\+\s*-?\d+\.\d+: /;

export class Service {
  private readonly queue: JobQueue;
  readonly docsets: DocSets;
  private readonly live = new Map<string, LiveTask>();
  private readonly syncRuns = new Set<AbortController>();
  private readonly background = new Set<Promise<unknown>>();
  private readonly webhookPolicy: WebhookPolicy;
  private readonly maxFileBytes: number;
  private ready: Promise<void> | null = null;
  private lastPurge = 0;
  private closing = false;

  constructor(private readonly deps: ServiceDeps) {
    this.queue = new JobQueue({ concurrency: deps.limits?.concurrency ?? 2, maxWaiting: deps.limits?.maxWaiting ?? 64 });
    this.docsets = new DocSets({ store: deps.docsets, now: deps.clock, newId: deps.newId });
    this.webhookPolicy = { ...DEFAULT_WEBHOOK_POLICY, ...deps.webhook };
    this.maxFileBytes = deps.limits?.maxFileBytes ?? 100 * 1024 * 1024;
  }

  get load(): { running: number; waiting: number } {
    return this.queue.size;
  }

  /** Tasks left queued or running by a previous process can never finish: they become `abort`. */
  private init(): Promise<void> {
    this.ready ??= (async () => {
      for (const t of await this.deps.tasks.list()) {
        if (t.task_status !== 'queue' && t.task_status !== 'run') continue;
        const result: PartitionResponse = { status: [], status_code: 500, error: '500: The service stopped before the task finished.' };
        await this.deps.tasks.put({ ...t, task_status: 'abort', finished_at: this.deps.clock(), result });
      }
    })();
    return this.ready;
  }

  /** Deletes tasks that stopped more than 48 hours ago (checked at most once a minute). */
  private async purge(): Promise<void> {
    const now = this.deps.clock();
    if (now - this.lastPurge < 60_000) return;
    this.lastPurge = now;
    const keep = this.deps.taskRetentionMs ?? TASK_RETENTION_MS;
    for (const t of await this.deps.tasks.list()) {
      if (t.finished_at !== undefined && now - t.finished_at > keep && !this.live.has(t.task_id)) await this.deps.tasks.delete(t.task_id);
    }
  }

  async handle(req: ServiceRequest): Promise<ServiceResponse> {
    try {
      await this.init();
      await this.purge();
      if (this.deps.authenticate) {
        const auth = this.deps.authenticate(req.headers['authorization']);
        if (auth === 'missing') return detail(403, 'Not authenticated.');
        if (auth === 'invalid') return detail(403, 'Invalid API key');
      }
      return await this.route(req);
    } catch (err) {
      if (err instanceof RequestError) return detail(err.status, err.detail, err.headers);
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.warn(`${req.method} ${req.path} failed: ${message}`);
      return detail(500, `Internal error: ${message}`);
    }
  }

  private async route(req: ServiceRequest): Promise<ServiceResponse> {
    const { method, path } = req;
    const seg = path.replace(/\/+$/, '').split('/').slice(1).map(decodeURIComponent);
    const is = (m: string, ...parts: (string | null)[]) =>
      parts.length === seg.length && parts.every((p, i) => p === null || p === seg[i]) ? method === m || 'path' : false;
    const match = (m: string, ...parts: (string | null)[]): boolean => {
      const r = is(m, ...parts);
      if (r === 'path') pathMatched = true;
      return r === true;
    };
    let pathMatched = false;

    if (match('POST', 'v1', 'document', 'partition')) return this.partitionSync(req);
    if (match('POST', 'v1', 'async', 'submit', 'document', 'partition')) return this.submit(req);
    if (match('GET', 'v1', 'async', 'result', null)) return this.result(seg[3]!);
    if (match('POST', 'v1', 'async', 'cancel', null)) return this.cancel(seg[3]!);
    if (match('GET', 'v1', 'async', 'list')) return this.list();

    if (match('GET', 'v1', 'storage', 'docsets')) return { status: 200, body: { items: await this.docsets.list() } };
    if (match('POST', 'v1', 'storage', 'docsets')) return { status: 200, body: await this.docsets.create(await req.json()) };
    if (match('GET', 'v1', 'storage', 'docsets', null)) return { status: 200, body: await this.docsets.get(seg[3]!) };
    if (match('PATCH', 'v1', 'storage', 'docsets', null)) return { status: 200, body: await this.docsets.update(seg[3]!, await req.json()) };
    if (match('DELETE', 'v1', 'storage', 'docsets', null)) return { status: 200, body: await this.docsets.remove(seg[3]!) };
    if (match('GET', 'v1', 'storage', 'docsets', null, 'docs')) return { status: 200, body: { items: await this.docsets.docs(seg[3]!) } };
    if (match('GET', 'v1', 'storage', 'docsets', null, 'docs', null)) return this.getDoc(seg[3]!, seg[5]!, req.query);
    if (match('DELETE', 'v1', 'storage', 'docsets', null, 'docs', null)) return { status: 200, body: await this.docsets.removeDoc(seg[3]!, seg[5]!) };
    if (match('GET', 'v1', 'storage', 'docsets', null, 'docs', null, 'original')) {
      const d = await this.docsets.doc(seg[3]!, seg[5]!);
      return { status: 200, bytes: d.file, contentType: d.record.content_type };
    }
    if (match('GET', 'v1', 'storage', 'settings')) return { status: 200, body: { retention: await this.retention() } };
    if (match('PUT', 'v1', 'storage', 'settings')) {
      const body = (await req.json()) as { retention?: unknown } | null;
      if (typeof body?.retention !== 'boolean') throw new RequestError(422, 'Send {"retention": true} or {"retention": false}.');
      await this.deps.settings.setRetention(body.retention);
      return { status: 200, body: { retention: body.retention } };
    }
    return pathMatched ? detail(405, 'Method Not Allowed') : detail(404, 'Not Found');
  }

  private async retention(): Promise<boolean> {
    return (await this.deps.settings.getRetention()) ?? this.deps.retentionDefault ?? true;
  }

  private getDoc(docsetId: string, docId: string, query: Record<string, string>): Promise<ServiceResponse> {
    const flag = (name: string) => query[name] === undefined || !/^(false|0|no)$/i.test(query[name]!);
    return this.docsets.doc(docsetId, docId).then((d) => ({
      status: 200,
      body: {
        ...d.record,
        ...(flag('include_elements') ? d.content : {}),
        ...(flag('include_binary') ? { binary_data: toBase64(d.file) } : {}),
      },
    }));
  }

  // ---- partitioning -------------------------------------------------------------------------

  /** Form -> job, or a request error (the conventions' 400s) before any work starts. */
  private async readJob(req: ServiceRequest): Promise<Job> {
    if (this.closing) throw new RequestError(503, 'The service is shutting down.');
    const form: PartitionForm = await req.form();
    const hasUrl = form.file_url !== undefined && form.file_url.trim() !== '';
    if (form.file && hasUrl) throw new RequestError(400, 'Both file and file_url were sent: send one of them, not both.');
    if (!form.file && !hasUrl) throw new RequestError(400, 'No input file provided.');

    let options: Record<string, unknown> = {};
    if (form.options !== undefined && form.options.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(form.options);
      } catch (err) {
        throw new RequestError(400, `The options field is not valid JSON: ${(err as Error).message}`);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new RequestError(400, 'The options field must be a JSON object.');
      options = parsed as Record<string, unknown>;
    }
    const file = form.file ?? (await this.download(form.file_url!.trim(), req.signal));
    if (file.bytes.byteLength > this.maxFileBytes) throw this.tooLarge();
    const target = options['add_to_docset_id'];
    if (target !== undefined && target !== null && target !== '' && (typeof target !== 'string' || !validId(target)))
      throw new RequestError(400, `add_to_docset_id must be a DocSet id (letters, digits, _ . : -), got ${JSON.stringify(target)}.`);
    return { file, options, docsetId: typeof target === 'string' ? target : undefined };
  }

  tooLarge(): RequestError {
    return new RequestError(413, `The file is too large: the limit is ${Math.round(this.maxFileBytes / 1024 / 1024)} MB.`);
  }

  private async download(url: string, signal: AbortSignal | undefined): Promise<UploadedFile> {
    if (!/^https?:\/\//i.test(url)) throw new RequestError(400, `file_url must be an http(s) URL, got "${url}".`);
    let res;
    try {
      res = await this.deps.fetch(url, signal ? { signal } : undefined);
    } catch (err) {
      throw new RequestError(400, `Could not fetch file_url ${url}: ${(err as Error).message}`);
    }
    if (!res.ok) throw new RequestError(400, `Could not fetch file_url ${url}: HTTP ${res.status}.`);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > this.maxFileBytes) throw this.tooLarge();
    const bytes = new Uint8Array(await res.arrayBuffer());
    const name = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() || 'document');
    return { bytes, name, type: res.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream' };
  }

  private reserve(): Slot {
    const slot = this.queue.reserve();
    if (!slot) {
      const { running, waiting } = this.queue.size;
      throw new RequestError(429, `Too many requests: ${running} running and ${waiting} waiting. Try again later.`, { 'retry-after': '5' });
    }
    return slot;
  }

  /** Runs one job in its slot: the engine, then storage. Every line goes to `onLine` as it happens. */
  private async execute(
    job: Job,
    slot: Slot,
    signal: AbortSignal,
    onLine: (line: string) => void,
    onStarted?: () => Promise<void>,
  ): Promise<PartitionResponse> {
    const start = this.deps.clock();
    const lines: string[] = [...STATUS_PREAMBLE];
    const add = (message: string) => {
      const line = `T+${((this.deps.clock() - start) / 1000).toFixed(2).padStart(7)}: ${message}`;
      lines.push(line);
      onLine(line);
    };
    add(`Server version tessera-${this.deps.version}`);
    add(`Received request with tessera_call_id=${this.deps.newId()}`);
    add('Waiting for scheduling');
    try {
      await Promise.race([slot.started, new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))]);
    } catch {
      slot.release();
      add('Cancelled while waiting');
      return { status: [...lines, ''], status_code: 499, error: '499: The request was cancelled.' };
    }
    await onStarted?.();
    let streamed = 0;
    let response: PartitionResponse;
    try {
      response = await this.deps.engine.partition({
        file: job.file.bytes,
        options: job.options,
        filename: job.file.name,
        signal,
        onStatus: (line) => {
          streamed++;
          add(line.replace(ENGINE_STAMP, ''));
        },
      });
    } catch (err) {
      response = { status: [], status_code: 500, error: `500: ${(err as Error).message}` };
    } finally {
      slot.release();
    }
    // Lines the engine did not report as events (e.g. an error line) are added at the end.
    for (const line of response.status.slice(streamed)) add(line.replace(ENGINE_STAMP, ''));
    if (response.status_code === 200 && !signal.aborted) await this.store(job, response, add);
    const { status: _engineLines, ...rest } = response;
    return { status: [...lines, ''], ...rest };
  }

  private async store(job: Job, response: PartitionResponse, add: (m: string) => void): Promise<void> {
    const target = job.docsetId === undefined ? ((await this.retention()) ? DEFAULT_DOCSET : '') : job.docsetId;
    if (target === '') return;
    try {
      const content = { elements: response.elements, markdown: response.markdown, html: response.html };
      const doc = await this.docsets.add(target, job.file, JSON.parse(JSON.stringify(content)), {});
      add(`Stored document ${doc.doc_id} in DocSet ${target}`);
    } catch (err) {
      // The parse still succeeded; say why it was not kept rather than failing the request.
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.warn(`could not store ${job.file.name} in DocSet ${target}: ${message}`);
      add(`Could not store the document in DocSet ${target}: ${message}`);
    }
  }

  private async partitionSync(req: ServiceRequest): Promise<ServiceResponse> {
    const job = await this.readJob(req);
    const slot = this.reserve();
    const controller = new AbortController();
    const onClientGone = () => controller.abort(new Error('client went away'));
    req.signal?.addEventListener('abort', onClientGone, { once: true });
    this.syncRuns.add(controller);
    const channel = new LineChannel();
    const run = this.execute(job, slot, controller.signal, (line) => channel.push(line)).finally(() => channel.close());
    const syncRuns = this.syncRuns;
    async function* body(): AsyncGenerator<string> {
      let finished = false;
      try {
        yield STREAM_HEAD;
        for (const line of STATUS_PREAMBLE) yield streamLine(line);
        for await (const line of channel) yield streamLine(line);
        const response = await run;
        finished = true;
        yield streamTail(response);
      } finally {
        if (!finished) controller.abort(new Error('response abandoned'));
        req.signal?.removeEventListener('abort', onClientGone);
        syncRuns.delete(controller);
      }
    }
    // The work runs even if nobody reads the stream yet; its failure is reported in the body.
    this.track(run);
    return { status: 200, stream: body(), headers: { 'content-type': 'application/json' } };
  }

  // ---- async tasks --------------------------------------------------------------------------

  private async submit(req: ServiceRequest): Promise<ServiceResponse> {
    const webhook = (req.headers['x-tessera-webhook'] ?? req.headers['x-vendor-webhook'])?.trim() || undefined;
    if (webhook) {
      const problem = checkWebhookUrl(webhook);
      if (problem) throw new RequestError(400, problem);
    }
    const job = await this.readJob(req);
    const slot = this.reserve();
    const record: TaskRecord = {
      task_id: `task-${this.deps.newId()}`,
      action: PARTITION_ACTION,
      task_status: 'queue',
      created_at: this.deps.clock(),
      name: job.file.name,
      ...(webhook ? { webhook } : {}),
    };
    const task: LiveTask = { record, controller: new AbortController(), slot };
    this.live.set(record.task_id, task);
    await this.deps.tasks.put(record);
    this.track(this.runTask(task, job));
    return { status: 202, body: { task_id: record.task_id } };
  }

  private async runTask(task: LiveTask, job: Job): Promise<void> {
    const { record } = task;
    const response = await this.execute(job, task.slot, task.controller.signal, () => {}, async () => {
      if (record.task_status !== 'queue') return;
      record.task_status = 'run';
      await this.deps.tasks.put(record);
    });
    if (record.task_status === 'cancel' || record.task_status === 'abort') return; // already recorded
    await this.finish(task, 'done', response);
  }

  private async finish(task: LiveTask, status: 'done' | 'cancel' | 'abort', result: PartitionResponse): Promise<void> {
    const { record } = task;
    record.task_status = status;
    record.finished_at = this.deps.clock();
    record.result = result;
    try {
      await this.deps.tasks.put(record);
    } finally {
      this.live.delete(record.task_id);
    }
    if (record.webhook) this.track(deliverWebhook(record.webhook, record.task_id, this.deps.fetch, this.deps.log, this.webhookPolicy, this.deps.sleep ?? sleep));
  }

  private async result(id: string): Promise<ServiceResponse> {
    const t = this.live.get(id)?.record ?? (await this.deps.tasks.get(id));
    if (!t) return detail(404, 'No such task.');
    if (t.task_status === 'queue' || t.task_status === 'run') return detail(202, 'Task is pending.');
    return { status: 200, body: t.result ?? { status: [], status_code: 500, error: '500: The task has no result.' } };
  }

  private async cancel(id: string): Promise<ServiceResponse> {
    const task = this.live.get(id);
    if (!task || (task.record.task_status !== 'queue' && task.record.task_status !== 'run')) return detail(404, 'No such task.');
    task.controller.abort(new Error('cancelled'));
    task.slot.release();
    await this.finish(task, 'cancel', { status: [''], status_code: 499, error: '499: The task was cancelled.' });
    return { status: 200, body: { task_id: id, task_status: 'cancel' } };
  }

  private async list(): Promise<ServiceResponse> {
    const tasks: Record<string, { action: string; task_status: string }> = {};
    const all = await this.deps.tasks.list();
    for (const t of all.sort((a, b) => a.created_at - b.created_at)) tasks[t.task_id] = { action: t.action, task_status: t.task_status };
    for (const { record: t } of this.live.values()) tasks[t.task_id] = { action: t.action, task_status: t.task_status };
    return { status: 200, body: { tasks } };
  }

  /** Settles when all work started so far (tasks, streamed runs, webhooks) has stopped. */
  async idle(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  private track(work: Promise<unknown>): void {
    const p = work.catch((err: unknown) => this.deps.log.warn(`background work failed: ${err instanceof Error ? err.message : String(err)}`));
    this.background.add(p);
    void p.finally(() => this.background.delete(p));
    this.deps.keepAlive?.(p);
  }

  /**
   * Stops taking work; lets running work finish for `graceMs`, then aborts what is left (async
   * tasks become `abort`), and waits (bounded) for the last webhooks.
   */
  async shutdown(graceMs: number): Promise<void> {
    this.closing = true;
    const settled = () => Promise.allSettled([...this.background]);
    const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));
    if ((await Promise.race([settled(), timeout(graceMs)])) === 'timeout') {
      for (const c of this.syncRuns) c.abort(new Error('shutting down'));
      for (const task of [...this.live.values()]) {
        task.controller.abort(new Error('shutting down'));
        task.slot.release();
        await this.finish(task, 'abort', { status: [''], status_code: 500, error: '500: The service shut down before the task finished.' });
      }
      await Promise.race([settled(), timeout(Math.min(graceMs, 5000))]);
    }
  }
}
