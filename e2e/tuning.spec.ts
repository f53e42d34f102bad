// Visual tuning, table mode: switching it re-runs table structure alone over the last run (the
// pages are not read again: no page progress), and the cells and outputs follow; when the last run's
// pages are no longer kept, the whole document runs again and the app says so.
import type { Page } from '@playwright/test';
import { buildPdf } from '../test/fixtures/build-pdf.ts';
import { chooseFile, openApp, reportPdf, runAndWait } from './app-helpers.ts';
import { expect, test } from './offline.ts';

const PARA = 'Tessera finds the tables of a page and gives their cells, rows and columns, all inside the browser.';

async function tablePdf(): Promise<Buffer> {
  const { bytes } = await buildPdf({
    pages: [
      {
        blocks: [
          { kind: 'heading', level: 1, text: 'Regional Sales' },
          { kind: 'paragraph', text: PARA },
          {
            kind: 'table',
            rows: [
              ['Region', 'Units', 'Revenue'],
              ['North', '120', '4300'],
              ['South', '95', '3150'],
              ['East', '143', '5020'],
            ],
          },
        ],
      },
      { blocks: [{ kind: 'heading', level: 2, text: '2 Notes' }, { kind: 'paragraph', text: `${PARA} ${PARA}` }] },
    ],
  });
  return Buffer.from(bytes);
}

const tableBox = (page: Page) => page.getByTestId('viewer-A').locator('.box[data-type="table"]');
const cells = (page: Page) => tableBox(page).locator('.cell');
const engineWorkers = (page: Page) => page.workers().filter((w) => /engine/.test(w.url())).length;

/** Every text the run state shows from now on (a full run would show "Working… n/N pages"). */
async function recordRunStates(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const node = document.querySelector('[data-testid="run-state"]')!;
    const seen: string[] = [];
    (window as unknown as { runStates: string[] }).runStates = seen;
    new MutationObserver(() => seen.push(node.textContent ?? '')).observe(node, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { runStates: string[] }).runStates);
}

test('switching the table mode re-runs table structure only: cells and outputs follow, no page is read again', async ({ page }) => {
  await openApp(page);
  await chooseFile(page, 'sales.pdf', await tablePdf());
  await runAndWait(page);
  await expect(tableBox(page)).toHaveCount(1);
  await expect(cells(page)).toHaveCount(12);
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await page.getByLabel('Raw').check();
  await expect(page.getByTestId('markdown-raw')).toContainText('| Region | Units | Revenue |');
  await expect(page.getByTestId('run-state')).not.toContainText('table structure only');

  const states = await recordRunStates(page);
  const modeSwitch = page.locator('#table-mode-switch');
  await modeSwitch.selectOption('none');
  await expect(page.getByTestId('run-state')).toContainText(/^Done: \d+ elements from 2 pages · table structure only \(table_mode none, \d+\.\d s\)$/);
  // The table is still found (detection does not depend on the mode), without its cells now.
  await expect(tableBox(page)).toHaveCount(1);
  await expect(cells(page)).toHaveCount(0);
  await expect(page.getByTestId('markdown-raw')).not.toContainText('| Region |');
  await expect(page.getByTestId('markdown-raw')).toContainText('Region');
  await page.getByRole('tab', { name: 'JSON' }).click();
  await page.getByLabel('Search').fill('table_engine');
  await expect(page.locator('.json-tree .json-hit')).toContainText('null');
  await page.screenshot({ path: 'test-results/tuning-table-mode-none.png' });

  await modeSwitch.selectOption('standard');
  await expect(page.getByTestId('run-state')).toContainText('table structure only (table_mode standard');
  await expect(cells(page)).toHaveCount(12);
  await expect(tableBox(page).locator('.cell.header')).toHaveCount(3);
  await page.getByRole('tab', { name: 'Markdown' }).click();
  await expect(page.getByTestId('markdown-raw')).toContainText('| North | 120 | 4300 |');
  await expect(page.getByText('Options changed since this run')).toHaveCount(0);

  // Never the page progress of a full run, and nothing left running.
  const seen = await states();
  expect(seen.some((s) => s.startsWith('Re-running table structure only (table_mode none)'))).toBe(true);
  expect(seen.filter((s) => /Working…|\d+\/\d+ pages/.test(s))).toEqual([]);
  await expect.poll(() => engineWorkers(page)).toBe(0);
  await page.screenshot({ path: 'test-results/tuning-table-mode-standard.png' });
});

test('when the last run of the file is no longer kept, the table mode runs the whole document and says so', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'sales.pdf', mimeType: 'application/pdf', buffer: await tablePdf() },
    { name: 'report.pdf', mimeType: 'application/pdf', buffer: await reportPdf(1) },
  ]);
  const files = page.getByRole('list', { name: 'Files' });
  await page.getByRole('button', { name: 'Partition (+1 queued)' }).click();
  await expect(files.getByRole('button', { name: /^report\.pdf .* done$/ })).toBeVisible({ timeout: 30_000 });
  // report.pdf ran last: what sales.pdf's run kept is released.
  await files.getByRole('button', { name: /^sales\.pdf/ }).click();
  await expect(cells(page)).toHaveCount(12);

  await page.locator('#table-mode-switch').selectOption('none');
  await expect(page.getByTestId('run-note')).toHaveText(/no longer kept\), so the whole document ran again/);
  await expect(page.getByTestId('run-state')).toHaveText(/^Done: \d+ elements from 2 pages$/, { timeout: 30_000 });
  await expect(cells(page)).toHaveCount(0);
  await expect(tableBox(page)).toHaveCount(1);

  // That full run is kept now: the next switch is table structure only again.
  await page.locator('#table-mode-switch').selectOption('standard');
  await expect(page.getByTestId('run-state')).toContainText('table structure only (table_mode standard');
  await expect(page.getByTestId('run-note')).toHaveCount(0);
  await expect(cells(page)).toHaveCount(12);
  await expect.poll(() => engineWorkers(page)).toBe(0);
});
