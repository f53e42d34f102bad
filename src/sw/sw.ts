/// <reference lib="webworker" />
// THE app's service worker. Two jobs:
//  1. Offline: on install it precaches every file of the build (listed in /sw-manifest.json by the
//     build plugin, src/sw/vite-plugin.ts), then answers the app's own GETs from that cache, so one
//     visit is enough for the app to work with the network off.
//  2. The service: it answers /v1/... on the app's own origin with the service core (src/service),
//     so fetch('/v1/document/partition', ...) from any page script works, offline too.
//
// The engine runs in this worker's own thread; its work is split in awaited steps (pages, stages),
// so the worker still answers other requests between them. Chrome does not let a service worker
// start a dedicated Worker, which OCR (tesseract.js) needs: a request that needs OCR is handed to
// an open tab of the app, whose engine Web Worker runs it (src/sw/tab-engine.ts,
// src/app/sw-bridge.ts). Async tasks hold the worker alive through waitUntil.
import { Service, type ServiceRequest, type ServiceResponse, RequestError, type PartitionForm } from '../service/index.ts';
import { directEngine } from '../service/direct-engine.ts';
import { IdbDocSetStore, IdbSettingsStore, IdbTaskStore, openServiceDb } from './idb-stores.ts';
import { setupEngine } from './engine-setup.ts';
import { tesseractCoreWanted } from './precache-policy.ts';
import { tabEngine, type Tab } from './tab-engine.ts';
import { relaxedSimd, simd } from 'wasm-feature-detect';

declare const self: ServiceWorkerGlobalScope;
declare const __TESSERA_VERSION__: string;

const CACHE = 'tessera-app';
/**
 * How a request finds its cached copy. ignoreVary: static hosts (vite preview among them) answer
 * with `Vary: Origin`, and the app's module scripts are requested with an Origin header while the
 * precache requests were not, so without it every crossorigin script misses the cache offline.
 */
const MATCH: CacheQueryOptions = { ignoreSearch: true, ignoreVary: true };
const MANIFEST = 'sw-manifest.json';
const scopeUrl = new URL(self.registration.scope);
const base = scopeUrl.pathname; // e.g. "/"

/** The network's fetch, before engine-setup makes same-origin data reads cache-first. */
const networkFetch = self.fetch.bind(self);

interface Manifest {
  version: string;
  /** Fetched on install. */
  files: string[];
  /** Cached on first use (src/sw/precache-policy.ts). */
  lazy: string[];
}

let manifest: Promise<Manifest> | null = null;

function readManifest(): Promise<Manifest> {
  manifest ??= (async () => {
    const res = await networkFetch(new URL(MANIFEST, scopeUrl), { cache: 'no-store' });
    if (!res.ok) throw new Error(`cannot read ${MANIFEST}: HTTP ${res.status}`);
    return (await res.json()) as Manifest;
  })();
  return manifest;
}

async function precache(): Promise<void> {
  const { files } = await readManifest();
  const features = { simd: await simd(), relaxedSimd: await relaxedSimd() };
  const cache = await caches.open(CACHE);
  const wanted = [base, ...files.filter((f) => tesseractCoreWanted(f, features))].map((f) => new URL(f, scopeUrl).href);
  // Files under assets/ have content-hashed names: one already cached (by an older version of the
  // worker) is the same file. Everything else is fetched again, bypassing the HTTP cache.
  const missing: string[] = [];
  for (const url of wanted) {
    if (new URL(url).pathname.startsWith(`${base}assets/`) && (await cache.match(url, MATCH))) continue;
    missing.push(url);
  }
  await cache.addAll(missing.map((u) => new Request(u, { cache: 'reload' })));
}

/** On activation: drop what an older build cached and this one no longer has. */
async function dropStale(): Promise<void> {
  const { files, lazy } = await readManifest();
  const known = new Set([base, ...files, ...lazy].map((f) => new URL(f, scopeUrl).href));
  const cache = await caches.open(CACHE);
  for (const req of await cache.keys()) if (!known.has(new URL(req.url).href.split('?')[0]!)) await cache.delete(req);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // A failed clean-up only leaves old files behind; it must not keep the worker from taking over.
  const cleanup = dropStale().catch((err: unknown) => console.warn(`tessera: stale cache entries kept: ${(err as Error).message}`));
  event.waitUntil(Promise.all([cleanup, self.clients.claim()]));
});

/** App files: cache first (the build's names are content-hashed); pages: network first. */
async function appFile(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  if (request.mode === 'navigate') {
    try {
      const res = await networkFetch(request);
      if (res.ok) void cache.put(base, res.clone());
      return res;
    } catch {
      const cached = (await cache.match(request, MATCH)) ?? (await cache.match(base, MATCH));
      if (cached) return cached;
      throw new Error('offline and not cached');
    }
  }
  const cached = await cache.match(request, MATCH);
  if (cached) return cached;
  const res = await networkFetch(request);
  if (res.ok && res.type === 'basic') void cache.put(request, res.clone());
  return res;
}

// ---- the service ------------------------------------------------------------------------------

let service: Promise<Service> | null = null;

/** The windows this worker controls, focused and visible ones first: the tabs that may run OCR. */
async function appTabs(): Promise<Tab[]> {
  const windows = await self.clients.matchAll({ type: 'window' });
  const rank = (c: WindowClient) => (c.focused ? 0 : c.visibilityState === 'visible' ? 1 : 2);
  return [...windows].sort((a, b) => rank(a) - rank(b)).map((c): Tab => ({ id: c.id, postMessage: (message, transfer) => c.postMessage(message, transfer) }));
}

const engine = tabEngine({
  tabs: appTabs,
  isOpen: async (id) => (await self.clients.get(id)) !== undefined,
  local: directEngine,
});

function getService(): Promise<Service> {
  service ??= (async () => {
    setupEngine(CACHE);
    const db = await openServiceDb();
    return new Service({
      engine,
      docsets: new IdbDocSetStore(db),
      tasks: new IdbTaskStore(db),
      settings: new IdbSettingsStore(db),
      fetch: (url, init) => networkFetch(url, init),
      clock: () => Date.now(),
      newId: () => crypto.randomUUID(),
      log: { warn: (m) => console.warn(`tessera service: ${m}`) },
      // One document at a time: without a tab, the engine shares this thread with everything else.
      limits: { concurrency: 1, maxWaiting: 32 },
      retentionDefault: true,
      version: __TESSERA_VERSION__,
    });
  })();
  return service;
}

async function readForm(request: Request): Promise<PartitionForm> {
  let data: FormData;
  try {
    data = await request.formData();
  } catch (err) {
    throw new RequestError(422, `The request must be multipart/form-data with a "file" or "file_url" field (${(err as Error).message}).`);
  }
  const form: PartitionForm = {};
  const file = data.get('file');
  if (file !== null && typeof file !== 'string') form.file = { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name || 'document', type: file.type };
  else if (typeof file === 'string') throw new RequestError(400, 'The "file" field must be a file upload, not text.');
  const url = data.get('file_url');
  if (typeof url === 'string') form.file_url = url;
  const options = data.get('options');
  if (typeof options === 'string') form.options = options;
  else if (options !== null) form.options = await options.text();
  return form;
}

function toResponse(out: ServiceResponse): Response {
  const headers = new Headers(out.headers);
  if ('stream' in out) {
    const encoder = new TextEncoder();
    const it = out.stream[Symbol.asyncIterator]();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { value, done } = await it.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      },
      async cancel() {
        await it.return?.();
      },
    });
    headers.set('content-type', 'application/json');
    return new Response(body, { status: out.status, headers });
  }
  if ('bytes' in out) {
    headers.set('content-type', out.contentType);
    return new Response(out.bytes.slice().buffer as ArrayBuffer, { status: out.status, headers });
  }
  headers.set('content-type', 'application/json');
  return new Response(JSON.stringify(out.body), { status: out.status, headers });
}

async function api(event: FetchEvent, url: URL): Promise<Response> {
  const request = event.request;
  const svc = await getService();
  const req: ServiceRequest = {
    method: request.method,
    path: url.pathname.slice(base.length - 1),
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries([...request.headers].map(([k, v]) => [k.toLowerCase(), v])),
    form: () => readForm(request),
    json: async () => {
      const text = await request.text();
      if (text.trim() === '') return null;
      try {
        return JSON.parse(text);
      } catch (err) {
        throw new RequestError(422, `The body is not valid JSON: ${(err as Error).message}`);
      }
    },
    signal: request.signal,
  };
  const out = await svc.handle(req);
  // Async tasks, webhooks and streamed bodies go on after this returns: keep the worker alive.
  event.waitUntil(svc.idle());
  return toResponse(out);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(`${base}v1/`)) {
    event.respondWith(api(event, url));
    return;
  }
  if (event.request.method !== 'GET' || url.pathname === `${base}${MANIFEST}`) return;
  event.respondWith(appFile(event.request));
});
