// Registers the app's service worker (built to /sw.js by src/sw/vite-plugin.ts): offline use after
// one visit, and the /v1 service API on this origin. Only in builds: the dev server has no sw.js.
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return null;
  const reg = await navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { type: 'module', scope: import.meta.env.BASE_URL });
  await navigator.serviceWorker.ready;
  return reg;
}

/** True once a service worker answers this page's requests (the /v1 API is then available). */
export function serviceAvailable(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

export async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${import.meta.env.BASE_URL}${path.replace(/^\//, '')}`, init);
  const body = (await res.json()) as T & { detail?: string };
  if (!res.ok) throw new Error(body.detail ?? `HTTP ${res.status}`);
  return body;
}
