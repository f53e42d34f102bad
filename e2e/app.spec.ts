// The web app as a user meets it: give a document, see boxes over its pages, tune, read the outputs.
import { readFileSync } from 'node:fs';
import { boxes, chooseFile, hasPasswordPdf, openApp, PASSWORD_PDF, reportPdf, runAndWait } from './app-helpers.ts';
import { expect, test } from './offline.ts';

test('a PDF dropped anywhere shows its pages with element boxes over them', async ({ page }) => {
  await openApp(page);
  const b64 = (await reportPdf(3)).toString('base64');
  const dataTransfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], 'dropped.pdf', { type: 'application/pdf' }));
    return dt;
  }, b64);
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByRole('button', { name: /^dropped\.pdf/ })).toBeVisible();
  await expect(page.getByTestId('viewer-A').locator('.page')).toHaveCount(3);
  await runAndWait(page);
  await expect(boxes(page).first()).toBeVisible();
  const firstPageBoxes = page.getByTestId('viewer-A').locator('.page[data-page="1"] .box');
  expect(await firstPageBoxes.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('viewer-A').locator('.box[data-type="Title"]')).toHaveCount(1);
  // Hovering a box tells its label and score; clicking selects it in the outputs.
  const title = page.getByTestId('viewer-A').locator('.box[data-type="Title"]');
  await expect(title).toHaveAttribute('data-tip', /^Title · \d\.\d\d$/);
  await title.click();
  await expect(page.getByTestId('elements').locator('.element-row.selected')).toContainText('Browser Report');
  // The legend hides a type's boxes.
  await page.getByRole('group', { name: 'Element types shown' }).getByRole('button', { name: /^Title/ }).click();
  await expect(page.getByTestId('viewer-A').locator('.box[data-type="Title"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/app-boxes.png' });
});

test('several files queue up and run one after another', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('file-input').setInputFiles([
    { name: 'first.pdf', mimeType: 'application/pdf', buffer: await reportPdf(1) },
    { name: 'second.pdf', mimeType: 'application/pdf', buffer: await reportPdf(2) },
  ]);
  const files = page.getByRole('list', { name: 'Files' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Partition (+1 queued)' })).toBeVisible();
  await page.getByRole('button', { name: 'Partition (+1 queued)' }).click();
  await expect(files.getByRole('button', { name: /^second\.pdf .* done$/ })).toBeVisible({ timeout: 30_000 });
  await expect(files.getByRole('button', { name: /^first\.pdf .* done$/ })).toBeVisible();
  // Selecting the second file shows its own pages and results.
  await files.getByRole('button', { name: /^second\.pdf/ }).click();
  await expect(page.getByTestId('viewer-A').locator('.page')).toHaveCount(2);
  await expect(page.getByTestId('run-state')).toContainText('from 2 pages');
});

test('the threshold slider re-filters the boxes without running the engine again', async ({ page }) => {
  await openApp(page);
  await chooseFile(page, 'report.pdf', await reportPdf(3));
  await runAndWait(page);
  // Page 1's boxes (the viewer draws only the pages in view) and page 1's rows in the element list.
  const pageBoxes = page.getByTestId('viewer-A').locator('.page[data-page="1"] .box');
  const pageScores = async () =>
    (await page.getByTestId('elements').locator('.element-row').filter({ hasText: 'p.1 ' }).locator('.score').allTextContents()).map(Number).sort((a, b) => a - b);
  const atAuto = await pageBoxes.count();
  expect(atAuto).toBeGreaterThanOrEqual(3);
  expect(await pageScores()).toHaveLength(atAuto);
  const elapsed = await page.locator('.elapsed').textContent();

  await page.getByRole('checkbox', { name: 'auto', exact: true }).uncheck();
  const slider = page.getByRole('slider', { name: 'Threshold' });
  await slider.fill('1');
  await expect(pageBoxes).toHaveCount(0);
  await expect(page.getByTestId('run-state')).toHaveText('Done: 0 elements from 3 pages');
  await slider.fill('0');
  // Threshold 0 keeps every candidate the engine found: at least as many as auto's best per region.
  await expect(pageBoxes).not.toHaveCount(0);
  const scores = await pageScores();
  expect(scores.length).toBeGreaterThanOrEqual(atAuto);
  await expect(pageBoxes).toHaveCount(scores.length);
  // A cut in a gap between the scores keeps only the elements scoring above it (the list shows
  // scores rounded to 2 decimals, so the cut stays well away from any of them).
  const gap = scores.findIndex((s, i) => i + 1 < scores.length && scores[i + 1]! - s >= 0.04);
  expect(gap, `scores with a gap: ${scores.join(', ')}`).toBeGreaterThanOrEqual(0);
  const cut = Math.round(((scores[gap]! + scores[gap + 1]!) / 2) * 100) / 100;
  const above = scores.filter((s) => s > cut).length;
  expect(above).toBeLessThan(scores.length);
  await slider.fill(String(cut));
  await expect(pageBoxes).toHaveCount(above);
  await expect(page.getByLabel('Options (JSON)')).toHaveValue(new RegExp(`"threshold": ${cut}`));
  // Back to auto: the engine's best candidate per region again.
  await page.getByRole('checkbox', { name: 'auto', exact: true }).check();
  await expect(pageBoxes).toHaveCount(atAuto);
  // No new run: the run's time is unchanged, and the only workers started (to re-assemble the
  // outputs) are gone again.
  await expect(page.locator('.elapsed')).toHaveText(elapsed!);
  await expect.poll(() => page.workers().filter((w) => /engine/.test(w.url())).length).toBe(0);
});

test('cancel stops a long run at once and leaves no engine worker running', async ({ page }) => {
  await openApp(page);
  // Long enough that the run cannot finish between seeing early progress and the click.
  await chooseFile(page, 'long.pdf', await reportPdf(400));
  await page.getByRole('button', { name: 'Partition', exact: true }).click();
  await expect(page.getByTestId('run-state')).toContainText(/Working… [1-9]\d?\/400 pages/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('run-state')).toContainText(/Cancelled after \d+ of 400 pages/);
  const stoppedAt = await page.getByTestId('run-state').textContent();
  await expect.poll(() => page.workers().filter((w) => /engine/.test(w.url())).length).toBe(0);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('run-state')).toHaveText(stoppedAt!);
  await expect(page.getByRole('button', { name: 'Partition', exact: true })).toBeEnabled();
});

test('an encrypted PDF asks for its password, says when it is wrong, then runs', async ({ page }) => {
  test.skip(!hasPasswordPdf, `corpus file ${PASSWORD_PDF} not found (set TESSERA_CORPUS)`);
  await openApp(page);
  await chooseFile(page, 'password-example.pdf', readFileSync(PASSWORD_PDF));
  await page.getByRole('button', { name: 'Partition', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Password needed' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Password').fill('nope');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toContainText('That password is wrong', { timeout: 30_000 });
  await dialog.getByLabel('Password').fill('test');
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog).toBeHidden();
  // Opened: the pages are shown and processed (whether every page can be read depends on the OCR
  // engine of this build; the password part is what this test is about).
  await expect(page.getByTestId('viewer-A').locator('.page')).toHaveCount(4);
  await expect(page.getByTestId('run-state')).toContainText(/Done:|Failed:|Working… [1-9]/, { timeout: 30_000 });
  await expect(page.getByTestId('run-state')).not.toContainText('password');
});

test('outputs: JSON tree with search, rendered and raw Markdown, sandboxed HTML, downloads', async ({ page }) => {
  await openApp(page);
  await chooseFile(page, 'report.pdf', await reportPdf(2));
  await runAndWait(page);

  await page.getByRole('tab', { name: 'JSON' }).click();
  const tree = page.locator('.json-tree');
  await expect(tree).toContainText('status_code');
  await page.getByLabel('Search').fill('Chapter 2');
  await expect(tree.locator('.json-count')).toHaveText('1 match');
  await expect(tree.locator('.json-hit')).toContainText('Chapter 2');

  await page.getByRole('tab', { name: 'Markdown' }).click();
  await expect(page.getByTestId('markdown-rendered').locator('h1')).toHaveText('Browser Report');
  await page.getByLabel('Raw').check();
  await expect(page.getByTestId('markdown-raw')).toContainText('# Browser Report');

  await page.getByRole('tab', { name: 'HTML' }).click();
  await page.getByLabel('Raw').uncheck();
  const frame = page.getByTestId('html-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('[data-testid="html-frame"]').locator('h1')).toHaveText('Browser Report');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '⤓ JSON' }).click()]);
  expect(download.suggestedFilename()).toBe('report.json');
  const body = JSON.parse(readFileSync(await download.path(), 'utf8')) as { status_code: number; elements: unknown[] };
  expect(body.status_code).toBe(200);
  expect(body.elements.length).toBeGreaterThan(0);
  const [md] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '⤓ Markdown' }).click()]);
  expect(md.suggestedFilename()).toBe('report.md');
  expect(readFileSync(await md.path(), 'utf8')).toContain('# Browser Report');
  await expect(page.getByRole('button', { name: /Images \(0\)/ })).toBeDisabled();
  await page.screenshot({ path: 'test-results/app-outputs.png' });
});

test('the options form shows the parser errors next to their field and stays in sync with the JSON', async ({ page }) => {
  await openApp(page);
  const json = page.getByLabel('Options (JSON)');
  // Form -> JSON.
  await page.locator('#opt-output_format').selectOption('markdown');
  await expect(json).toHaveValue(/"output_format": "markdown"/);
  // JSON -> form.
  await json.fill('{"text_mode": "ocr_standard", "treshold": 0.5}');
  await expect(page.locator('#opt-text_mode')).toHaveValue('ocr_standard');
  await expect(page.getByTestId('errors-general')).toContainText('did you mean "threshold"');
  // An error inside a map shows at its field.
  await json.fill('{"chunking_options": {"max_tokens": 0}}');
  await expect(page.getByTestId('errors-chunking_options.max_tokens')).toContainText('must be an integer >= 1');
  await expect(page.getByRole('button', { name: 'Partition', exact: true })).toBeDisabled();
  // Fix it in the form; the JSON follows, the error goes.
  await page.locator('#opt-chunking_options\\.max_tokens').fill('256');
  await expect(json).toHaveValue(/"max_tokens": 256/);
  await expect(page.getByTestId('errors-chunking_options.max_tokens')).toHaveCount(0);
  await expect(page.getByTestId('cli-command')).toHaveText(`tessera partition FILE --options '{"chunking_options":{"max_tokens":256}}'`);
  // Deprecated options are marked.
  await expect(page.locator('.option[data-path="use_ocr"] .badge')).toHaveText('deprecated: use text_mode');
  // Options survive a reload.
  await page.reload();
  await expect(page.getByLabel('Options (JSON)')).toHaveValue(/"max_tokens": 256/);
});

test('file_url: the browser fetches the file; a refused cross-origin read gets a clear message', async ({ page }) => {
  await openApp(page);
  // Stand-ins for remote servers, answered inside the browser, so nothing leaves the machine: one
  // that allows cross-origin reads, and one whose read the browser refuses.
  const pdf = await reportPdf(1);
  await page.route('https://open.example.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', headers: { 'Access-Control-Allow-Origin': '*' }, body: pdf }),
  );
  await page.route('https://closed.example.test/**', (route) => route.abort('accessdenied'));
  const url = page.getByLabel('Or a file_url');
  await url.fill('https://open.example.test/files/remote%20report.pdf');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(page.getByRole('button', { name: /^remote report\.pdf/ })).toBeVisible();
  await url.fill('https://closed.example.test/report.pdf');
  await page.getByRole('button', { name: 'Fetch' }).click();
  await expect(page.locator('#file-url-error')).toContainText('closed.example.test refused to let this page read the file');
});

test('at a narrow window the app is one column and the viewer still shows boxes', async ({ page }) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await openApp(page);
  await chooseFile(page, 'report.pdf', await reportPdf(1));
  await runAndWait(page);
  await expect(boxes(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/app-narrow.png', fullPage: true });
});
