// Offline use: after one visit, the service worker has precached the app, so a reload with the
// network off still shows the app, partitions a PDF in it, and answers /v1/document/partition to a
// page script. The fixture in offline.ts fails the test on any request that leaves the origin.
import type { Page } from '@playwright/test';
import { buildPdf } from '../test/fixtures/build-pdf.ts';
import { chooseFile } from './app-helpers.ts';
import { expect, test } from './offline.ts';

async function offlinePdf(): Promise<Buffer> {
  const { bytes } = await buildPdf({
    pages: [1, 2].map((n) => ({
      footer: `${n}`,
      blocks: [
        { kind: 'heading' as const, level: (n === 1 ? 1 : 2) as 1 | 2, text: n === 1 ? 'Offline Field Notes' : `Section ${n}` },
        { kind: 'paragraph' as const, text: `Page ${n} was partitioned with the network switched off.` },
      ],
    })),
  });
  return Buffer.from(bytes);
}

/** Runs in the page: POST the PDF as multipart to the given endpoint, like any client would. */
function postPdf(args: { b64: string; path: string; options: unknown }) {
  return (async () => {
    const bytes = Uint8Array.from(atob(args.b64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'notes.pdf');
    form.append('options', JSON.stringify(args.options));
    const res = await fetch(args.path, { method: 'POST', body: form });
    return { status: res.status, body: await res.json() };
  })();
}

/** The first visit: the service worker installs (precaching the app) and takes control of the page. */
async function visitOnce(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tessera', exact: true })).toBeVisible();
  await expect(page.getByTestId('service-panel')).toHaveAttribute('data-ready', 'yes', { timeout: 60_000 });
}

test('after one visit the app and /v1 work with the network off', async ({ page, context }, testInfo) => {
  test.setTimeout(120_000);
  await visitOnce(page);
  const pdf = await offlinePdf();

  await context.setOffline(true);
  try {
    // Proof the network is really off: a request the service worker does not answer fails.
    const direct = await page.evaluate(() => fetch('/sw-manifest.json', { cache: 'no-store' }).then(() => 'reached', () => 'failed'));
    expect(direct).toBe('failed');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tessera', exact: true })).toBeVisible();
    await expect(page.getByTestId('service-panel')).toHaveAttribute('data-ready', 'yes', { timeout: 30_000 });
    // The reloaded page is still cross-origin isolated (the cached page kept its COOP/COEP headers).
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);

    // In the app: the engine worker, pdf.js and its data all come from the cache.
    await chooseFile(page, 'notes.pdf', pdf);
    await page.getByRole('button', { name: 'Partition', exact: true }).click();
    await expect(page.getByTestId('run-state')).toContainText('Done:', { timeout: 60_000 });
    const list = page.getByTestId('elements');
    await expect(list).toContainText('Offline Field Notes');
    await expect(list).toContainText('Section 2');
    await page.screenshot({ path: testInfo.outputPath('offline-app.png'), fullPage: true });

    // From a page script: the service worker's /v1 API.
    const sync = await page.evaluate(postPdf, { b64: pdf.toString('base64'), path: '/v1/document/partition', options: { output_format: 'markdown' } });
    expect(sync.status).toBe(200);
    expect(sync.body.status_code).toBe(200);
    expect(sync.body.markdown).toContain('# Offline Field Notes');
    expect(sync.body.markdown).toContain('Section 2');
  } finally {
    await context.setOffline(false);
  }
});

test('/v1 chunks with the tokenizers in the service worker, offline after their first use', async ({ page, context }) => {
  test.setTimeout(120_000);
  await visitOnce(page);
  const b64 = (await offlinePdf()).toString('base64');
  const withTokenizer = (tokenizer: string, model: string) => ({ chunking_options: { tokenizer, tokenizer_options: { model_name: model }, max_tokens: 64 } });
  const cases = [
    { options: withTokenizer('vendor1_tokenizer', 'text-embedding-3-small'), name: 'vendor1_tokenizer (cl100k_base)' },
    { options: withTokenizer('vendor2_tokenizer', 'llama3'), name: 'vendor2_tokenizer (llama3)' },
  ];
  // Online: the first use fetches each tokenizer's data from the app's origin (and caches it).
  for (const { options, name } of cases) {
    const res = await page.evaluate(postPdf, { b64, path: '/v1/document/partition', options });
    expect(res.status).toBe(200);
    expect(res.body.status_code, JSON.stringify(res.body.error)).toBe(200);
    expect((res.body.status as string[]).join('\n')).toContain(name);
  }
  await context.setOffline(true);
  try {
    for (const { options, name } of cases) {
      const res = await page.evaluate(postPdf, { b64, path: '/v1/document/partition', options });
      expect(res.body.status_code, JSON.stringify(res.body.error)).toBe(200);
      expect((res.body.status as string[]).join('\n')).toContain(name);
      expect(JSON.stringify(res.body.elements)).toContain('Offline Field Notes');
    }
    // A tokenizer never used online has no data here yet: a clear error, not a hang.
    const unseen = await page.evaluate(postPdf, { b64, path: '/v1/document/partition', options: withTokenizer('vendor2_tokenizer', 'qwen3') });
    expect(unseen.body.error).toContain('not cached yet and the network is off');
  } finally {
    await context.setOffline(false);
  }
});
