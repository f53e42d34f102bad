// The tab's side of the service worker's /v1 partitions (src/sw/tab-engine.ts): the service worker
// cannot start a Web Worker, so it hands each partition to an open tab of the app, which runs it in
// an engine worker of its own (with OCR) and sends back the status lines and the response.
import { preferredEngine, useSettings } from './stores/settings-store.ts';
import { CancelledError, partitionInWorker } from '../worker/client.ts';
import { isTabRequest, TAB_HEARTBEAT_MS, type FromTab, type TabRequest, type ToTab } from '../sw/tab-protocol.ts';

/** Runs alive in this tab for the service worker: stopped, and the service worker told, when the tab goes away. */
const running = new Map<MessagePort, AbortController>();

function run(req: TabRequest): void {
  const { port } = req;
  const send = (msg: FromTab) => port.postMessage(msg);
  const controller = new AbortController();
  port.onmessage = (e: MessageEvent<ToTab>) => {
    if (e.data?.type === 'cancel') controller.abort();
  };
  running.set(port, controller);
  send({ type: 'accepted' });
  const heartbeat = setInterval(() => send({ type: 'alive' }), TAB_HEARTBEAT_MS);
  partitionInWorker(req.file, {
    options: req.options,
    filename: req.filename,
    ocrEngine: preferredEngine(useSettings.getState().ocrEngine),
    signal: controller.signal,
    onEvent: (event) => {
      if (event.kind === 'status') send({ type: 'status', line: event.line });
    },
  })
    .then(
      (response) => send({ type: 'result', response }),
      // A cancel came from the service worker (which has already answered its client) or from
      // this tab going away (the service worker was told with 'gone').
      (err: unknown) => {
        if (!(err instanceof CancelledError)) send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
      },
    )
    .finally(() => {
      clearInterval(heartbeat);
      running.delete(port);
      port.close();
    });
}

/** Answers the service worker's partition requests for as long as this tab is open. */
export function answerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (isTabRequest(e.data)) run(e.data);
  });
  navigator.serviceWorker.startMessages();
  // Closing or reloading the tab ends its engine workers: say so now, so that the service worker
  // runs the request elsewhere at once rather than after noticing the tab is gone.
  window.addEventListener('pagehide', () => {
    for (const [port, controller] of running) {
      port.postMessage({ type: 'gone' } satisfies FromTab);
      controller.abort();
    }
  });
}
