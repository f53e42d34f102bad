// The in-browser service: once the app's service worker is active, page scripts call the /v1 API on
// the app's own origin — and keep doing so after a reload with the network off.
import { buildPdf } from '../test/fixtures/build-pdf.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './offline.ts';

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

// The offline half (a reload with the network off, then /v1 and the app) is e2e/offline.spec.ts.
