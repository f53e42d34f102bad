// The in-browser service: once the app's service worker is active, page scripts call the /v1 API on
// the app's own origin — and keep doing so after a reload with the network off.
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { buildPdf } from '../test/fixtures/build-pdf.ts';
import { scannedPng } from '../test/fixtures/scan-png.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './offline.ts';

installNodePdfEnvironment();

async function samplePdfBase64(): Promise<string> {
  const { bytes } = await buildPdf({
    pages: [1, 2].map((n) => ({
      footer: `${n}`,
      blocks: [
        { kind: 'heading' as const, level: (n === 1 ? 1 : 2) as 1 | 2, text: n === 1 ? 'Worker Service Report' : `Chapter ${n}` },
        { kind: 'paragraph' as const, text: `Text of page ${n}, partitioned by the service worker.` },
      ],
    })),
  });
  return Buffer.from(bytes).toString('base64');
}

/** Runs in the page: POST the PDF to the given endpoint as multipart, like any client would. */
function callApi(args: { b64: string; path: string; options: unknown }) {
  return (async () => {
    const bytes = Uint8Array.from(atob(args.b64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'report.pdf');
    form.append('options', JSON.stringify(args.options));
    const res = await fetch(args.path, { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  })();
}

async function serviceReady(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('service-panel')).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
}

test('page scripts partition through /v1/document/partition once the service worker is active', async ({ page }) => {
  await serviceReady(page);
  const b64 = await samplePdfBase64();
  const sync = await page.evaluate(callApi, { b64, path: '/v1/document/partition', options: { output_format: 'markdown' } });
  expect(sync.status).toBe(200);
  expect(sync.body.status_code).toBe(200);
  expect(sync.body.markdown).toContain('# Worker Service Report');
  expect(sync.body.status).toContain('Incremental status will be shown here during execution.');

  // Async: 202 with a task id, then the result; the task is listed as done.
  const submitted = await page.evaluate(callApi, { b64, path: '/v1/async/submit/document/partition', options: {} });
  expect(submitted.status).toBe(202);
  const id = submitted.body.task_id as string;
  await expect
    .poll(async () => page.evaluate(async (taskId) => (await fetch(`/v1/async/result/${taskId}`)).status, id), { timeout: 30_000 })
    .toBe(200);
  const list = await page.evaluate(async () => (await fetch('/v1/async/list')).json());
  expect(list.tasks[id]).toEqual({ action: '/v1/document/partition', task_status: 'done' });

  // The parsed documents were kept in the default DocSet (IndexedDB), and the app lists them.
  const docs = await page.evaluate(async () => (await fetch('/v1/storage/docsets/tessera_storage/docs')).json());
  expect(docs.items.length).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(page.getByTestId('task-list')).toContainText('done');
  await expect(page.getByTestId('docset').first()).toContainText('tessera_storage');
});

/** A scanned page: a rendered PDF page saved as a PNG, with no text layer (as in e2e/ocr.spec.ts). */
async function scanPngBase64(): Promise<string> {
  return Buffer.from(await scannedPng('Scanned invoice for the harbour office')).toString('base64');
}

/** Runs in the page: POST a PNG scan to the sync endpoint (with OCR asked for, unless `auto`). */
function partitionScan({ b64, auto }: { b64: string; auto?: boolean }) {
  return (async () => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'scan.png');
    form.append('options', JSON.stringify({ ...(auto ? {} : { text_mode: 'ocr_standard' }), output_format: 'markdown', add_to_docset_id: '' }));
    const res = await fetch('/v1/document/partition', { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  })();
}

test('OCR behind /v1: the service worker has an open app tab read the scan', async ({ page }) => {
  test.setTimeout(120_000);
  await serviceReady(page);
  const b64 = await scanPngBase64();
  // Asked for (text_mode ocr_standard), and found needed by the default text_mode auto.
  for (const auto of [false, true]) {
    const out = await page.evaluate(partitionScan, { b64, auto });
    expect(out.status).toBe(200);
    expect(out.body.status_code, out.body.error).toBe(200);
    expect(out.body.markdown).toMatch(/invoice/i);
    expect(out.body.markdown).toMatch(/harbour/i);
    const status = (out.body.status as string[]).join('\n');
    expect(status).toContain('handing it to an open Tessera tab');
    expect(status).toContain('Running in an open Tessera tab');
    expect(status).toMatch(/OCR on page 1/);
  }
});

test('OCR behind /v1 with no app tab open: a clear error, not a hang', async ({ page }) => {
  await serviceReady(page);
  // Leave the app: this page of the origin is still controlled by the service worker, but it has
  // no bridge, so no open window can run OCR for it.
  await page.goto('/sw-manifest.json');
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const out = await page.evaluate(partitionScan, { b64: await scanPngBase64() });
  expect(out.status).toBe(200);
  expect(out.body.status_code).toBe(400);
  expect(out.body.error).toContain('OCR behind /v1 needs an open Tessera tab');
});

// The offline half (a reload with the network off, then /v1 and the app) is e2e/offline.spec.ts.
