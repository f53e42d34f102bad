/// <reference lib="webworker" />
// The engine's Web Worker: runs core's partition() off the main thread, streaming its events.
import { partition, restructureTables, type TablePage } from '../core/index.ts';
import { setPreferredOcrEngine } from '../core/ocr/index.ts';
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
  if (msg?.type !== 'partition' && msg?.type !== 'assemble' && msg?.type !== 'tables' && msg?.type !== 'cancel') return; // not ours (pdf.js's own traffic)
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
  if (msg.type === 'tables') {
    try {
      const response = await restructureTables({
        pages: msg.pages,
        elements: msg.elements,
        runOptions: msg.runOptions,
        options: msg.options,
        signal: controller.signal,
        onEvent: (event) => post({ type: 'event', id: msg.id, event }),
      });
      post({ type: 'tables-result', id: msg.id, response });
    } finally {
      running.delete(msg.id);
    }
    return;
  }
  try {
    const pages: TablePage[] = [];
    setPreferredOcrEngine(msg.ocrEngine ?? null);
    const response = await partition({
      file: new Uint8Array(msg.file),
      options: msg.options,
      password: msg.password,
      filename: msg.filename,
      signal: controller.signal,
      onEvent: (event) => post({ type: 'event', id: msg.id, event }),
      ...(msg.keepTables ? { onTablePage: (page: TablePage) => pages.push(page) } : {}),
    });
    const kept = msg.keepTables && response.status_code === 200 ? { options: msg.options, pages } : undefined;
    post({ type: 'result', id: msg.id, response, ...(kept ? { kept } : {}) });
  } finally {
    running.delete(msg.id);
  }
};
