// Shared steps of the app's browser tests: generated PDFs with known content, and the common moves.
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { buildPdf, type PageDesc } from '../test/fixtures/build-pdf.ts';
import { expect } from './offline.ts';

export async function reportPdf(pages = 3): Promise<Buffer> {
  const descs: PageDesc[] = Array.from({ length: pages }, (_, i) => {
    const n = i + 1;
    return {
      footer: `${n}`,
      blocks: [
        { kind: 'heading', level: n === 1 ? 1 : 2, text: n === 1 ? 'Browser Report' : `Chapter ${n}` },
        { kind: 'paragraph', text: `Text of page ${n}, partitioned inside a Web Worker without leaving the machine. `.repeat(3) },
        { kind: 'list', items: ['First point of the list', 'Second point of the list'] },
      ],
    };
  });
  return Buffer.from((await buildPdf({ pages: descs })).bytes);
}

export async function chooseFile(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf'): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType, buffer });
}

export async function runAndWait(page: Page, timeout = 30_000): Promise<void> {
  await page.getByRole('button', { name: 'Partition', exact: true }).click();
  await expect(page.getByTestId('run-state')).toContainText('Done:', { timeout });
}

/** Fresh options for each test: they persist in localStorage otherwise. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Tessera' })).toBeVisible();
}

export const boxes = (page: Page, set: 'A' | 'B' = 'A') => page.getByTestId(`viewer-${set}`).locator('.box');

export const PASSWORD_PDF = `${process.env.TESSERA_CORPUS ?? new URL('../../shared/corpus', import.meta.url).pathname}/robustness/password-example.pdf`;
export const hasPasswordPdf = existsSync(PASSWORD_PDF);

/** Types options into the JSON box (the form follows). */
export async function setOptions(page: Page, options: object): Promise<void> {
  await page.getByLabel('Options (JSON)').fill(JSON.stringify(options, null, 2));
}

/** Clicks a download button ("⤓ JSON", "⤓ Images (1)"…) and returns the saved file's name and bytes. */
export async function download(page: Page, button: string | RegExp): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}
