// OCR in the browser: a scanned page (PNG) read by tesseract.js in nested Web Workers, with the
// worker script, wasm core and traineddata all served from the app's own origin (offline.ts fails
// the test on any request elsewhere).
import { installNodePdfEnvironment } from '../src/cli/node-raster.ts';
import { scannedPng } from '../test/fixtures/scan-png.ts';
import { expect, test } from './offline.ts';

installNodePdfEnvironment();

async function scanPng(): Promise<Buffer> {
  return Buffer.from(await scannedPng('Scanned invoice for the harbour office'));
}

test('reads a scanned image offline with OCR served from the app origin', async ({ page }) => {
  const tesseractFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tesseract/')) tesseractFiles.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.getByTestId('file-input').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: await scanPng() });
  await page.getByRole('button', { name: 'Partition' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Done', { timeout: 60_000 });
  const list = page.getByTestId('elements');
  await expect(list).toContainText('invoice');
  await expect(list).toContainText('harbour');
  expect(tesseractFiles.some((f) => f.endsWith('/tesseract/lang/eng.traineddata.gz'))).toBe(true);
  expect(tesseractFiles.some((f) => /\/tesseract\/core\/tesseract-core.*\.wasm\.js$/.test(f))).toBe(true);
});

test('the OCR engine setting picks PP-OCR for an English scan, and the CLI command says so', async ({ page }) => {
  const files: string[] = [];
  page.on('request', (r) => {
    if (/\/(ppocr|tesseract)\//.test(r.url())) files.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.getByLabel('OCR engine').selectOption('ppocr');
  await page.getByTestId('file-input').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: await scanPng() });
  await expect(page.getByTestId('cli-command')).toContainText('--ocr-engine ppocr');
  await page.getByRole('button', { name: 'Partition' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Done', { timeout: 60_000 });
  await expect(page.getByTestId('elements')).toContainText('harbour');
  expect(files.some((f) => f.endsWith('/ppocr/ch_PP-OCRv4_rec_infer.onnx'))).toBe(true);
  expect(files.some((f) => f.includes('/tesseract/lang/'))).toBe(false);
  // The setting survives a reload.
  await page.reload();
  await expect(page.getByLabel('OCR engine')).toHaveValue('ppocr');
});

test('reads Chinese-or-English scans with PP-OCR on onnxruntime-web, from the app origin', async ({ page }) => {
  const files: string[] = [];
  page.on('request', (r) => {
    if (/\/(ort|ppocr)\//.test(r.url())) files.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.getByLabel('Options (JSON)').fill('{"ocr_language": "english+chinese"}');
  await page.getByTestId('file-input').setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: await scanPng() });
  await page.getByRole('button', { name: 'Partition' }).click();
  await expect(page.getByTestId('run-state')).toContainText('Done', { timeout: 60_000 });
  await expect(page.getByTestId('elements')).toContainText('harbour');
  expect(files.some((f) => f.endsWith('/ppocr/ch_PP-OCRv4_rec_infer.onnx'))).toBe(true);
  expect(files.some((f) => /\/ort\/ort-wasm-simd-threaded.*\.wasm$/.test(f))).toBe(true);
});
