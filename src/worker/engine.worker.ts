/// <reference lib="webworker" />
// The engine's Web Worker: runs core's partition() off the main thread, streaming its events.
import { partition } from '../core/index.ts';
import { assembleAll } from './assemble-all.ts';
import { setupPdfjs } from './pdfjs-setup.ts';
import { installBrowserOcr } from './ocr-browser.ts';
import { CHANNEL, type FromWorker, type ToWorker } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

setupPdfjs();
installBrowserOcr(); // tesseract.js with its worker, core and traineddata from our own origin
const running = new Map<number, AbortController>();
type Body = FromWorker extends infer M ? (M extends FromWorker ? Omit<M, 'channel'> : never) : never;
const post = (msg: Body) => self.postMessage({ ...msg, channel: CHANNEL });

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  if (msg?.type !== 'partition' && msg?.type !== 'assemble' && msg?.type !== 'cancel') return; // not ours (pdf.js's own traffic)
  if (msg.type === 'cancel') {
    running.get(msg.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(msg.id, controller);
  if (msg.type === 'assemble') {
    try {
      const assembled = await assembleAll(msg.elements, msg.options, msg.filename ?? 'Document', controller.signal);
      post({ type: 'assembled', id: msg.id, assembled });
    } finally {
      running.delete(msg.id);
    }
    return;
  }
  try {
    const response = await partition({
      file: new Uint8Array(msg.file),
      options: msg.options,
      password: msg.password,
      filename: msg.filename,
      signal: controller.signal,
      onEvent: (event) => post({ type: 'event', id: msg.id, event }),
    });
    post({ type: 'result', id: msg.id, response });
  } finally {
    running.delete(msg.id);
  }
};
