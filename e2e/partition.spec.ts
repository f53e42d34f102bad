import { buildPdf } from '../test/fixtures/build-pdf.ts';
import { expect, test } from './offline.ts';

async function samplePdf(): Promise<Buffer> {
  const { bytes } = await buildPdf({
    pages: [1, 2, 3].map((n) => ({
      footer: `${n}`,
      blocks: [
        { kind: 'heading' as const, level: (n === 1 ? 1 : 2) as 1 | 2, text: n === 1 ? 'Browser Report' : `Chapter ${n}` },
        { kind: 'paragraph' as const, text: `Text of page ${n}, partitioned inside a Web Worker without leaving the machine.` },
      ],
    })),
  });
  return Buffer.from(bytes);
}

test('partitions a dropped-in PDF in a Web Worker, page by page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tessera' })).toBeVisible();
  await page.getByTestId('file-input').setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: await samplePdf() });
  await page.getByRole('button', { name: 'Partition' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Done: 9 elements from 3 pages', { timeout: 30_000 });
  const list = page.getByTestId('elements');
  await expect(list).toContainText('Browser Report');
  await expect(list).toContainText('Chapter 3');
  await expect(list.locator('.type').first()).toHaveText('Title');
});

test('shows option errors from the contract parser as the user types', async ({ page }) => {
  await page.goto('/');
  const editor = page.getByLabel('Options (JSON)');
  await editor.fill('{"treshold": 0.5, "output_format": "pdf"}');
  const problems = page.locator('#options-problems');
  await expect(problems).toContainText('did you mean "threshold"');
  await expect(problems).toContainText('output_format');
  await editor.fill('{"threshold": 0.5}');
  await expect(problems.locator('li')).toHaveCount(0);
});

test('reports an unreadable file clearly', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({ name: 'broken.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 garbage') });
  await page.getByRole('button', { name: 'Partition' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Failed: 400: The file is not a readable PDF', { timeout: 30_000 });
});
