// Russian OCR: `ocr_language: "russian"` (or `rus`, alone or with other languages) reads Cyrillic
// with the traineddata this repository ships in models/tessdata/ (no @tesseract.js-data/rus exists
// on npm). The scans are lines of text drawn by @napi-rs/canvas with DejaVu Sans (it has Cyrillic);
// without that font the OCR tests skip with a message.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import { editDistance, parseOptions } from '../../src/core/contract/index.ts';
import { partition } from '../../src/core/index.ts';
import { releaseOcrEngines } from '../../src/core/ocr/index.ts';
import { languageCodes, REPO_TESSDATA_CODES, REPO_TESSDATA_DIR } from '../../src/core/ocr/languages.ts';
import { cachedOnFirstUse } from '../../src/sw/precache-policy.ts';
import { encodePng } from '../fixtures/png.ts';

installNodePdfEnvironment();
installNodeOcr();
afterAll(() => releaseOcrEngines());

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const hasFont = existsSync(FONT) && GlobalFonts.registerFromPath(FONT, 'Tessera Test Cyrillic') !== null;
if (!hasFont) console.warn(`[tessera tests] skipping Russian OCR tests: no Cyrillic font at ${FONT} (Debian: fonts-dejavu-core)`);

const repoFile = (rel: string) => new URL(`../../${rel}`, import.meta.url);

const DPI = 200;

/** A white page with one line of text per entry, 14 pt at 200 dpi, as a PNG image document. */
function scanOf(lines: readonly string[]): Uint8Array {
  const px = Math.round((14 * DPI) / 72);
  const width = 1700;
  const height = Math.round(px * 1.8 * lines.length + 2 * px);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.font = `${px}px "Tessera Test Cyrillic"`;
  ctx.textBaseline = 'top';
  lines.forEach((line, i) => ctx.fillText(line, px, px + i * px * 1.8));
  const { data } = ctx.getImageData(0, 0, width, height);
  return encodePng(width, height, (x, y) => {
    const i = (y * width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  }, DPI);
}

/** 1 - edit distance / length of the truth, on whitespace-normalised text. */
function characterAccuracy(got: string, truth: string): number {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const [g, t] = [norm(got), norm(truth)];
  return Math.max(0, 1 - editDistance(g, t) / t.length);
}

async function read(png: Uint8Array, ocr_language: string) {
  const r = await partition({ file: png, options: { ocr_language } });
  expect(r.status_code, r.error).toBe(200);
  return { text: r.elements!.map((e) => e.text_representation).join(' '), status: r.status };
}

const RUSSIAN = [
  'Договор поставки номер семнадцать',
  'Поставщик обязуется передать покупателю',
  'товары в срок до пятнадцатого марта.',
  'Оплата производится в рублях по счёту.',
];

describe('ocr_language russian', () => {
  it('accepts russian and rus, alone and with other languages', () => {
    expect(languageCodes('russian')).toEqual(['rus']);
    expect(languageCodes('rus')).toEqual(['rus']);
    expect(languageCodes('english+russian')).toEqual(['eng', 'rus']);
    const r = parseOptions({ ocr_language: 'English+Russian' });
    expect(r.ok && r.options.ocr_language).toBe('english+russian');
    const bad = parseOptions({ ocr_language: 'constructor' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/russian/); // listed among the supported names
  });

  it('ships the traineddata in the repository, served lazily by the app like other languages', () => {
    expect(REPO_TESSDATA_CODES).toContain('rus');
    const file = readFileSync(repoFile(`${REPO_TESSDATA_DIR}/rus.traineddata.gz`));
    // The manifest's sha256 is the file's: what is shipped is what models/README.md says it is.
    const sha = createHash('sha256').update(file).digest('hex');
    expect(readFileSync(repoFile('models/README.md'), 'utf8')).toContain(sha);
    expect(cachedOnFirstUse('tesseract/lang/rus.traineddata.gz')).toBe(true);
  });

  it.skipIf(!hasFont)('reads a scan of Russian text', async () => {
    const { text, status } = await read(scanOf(RUSSIAN), 'russian');
    expect(status.some((s) => /OCR on page 1 .*tesseract, rus\)/.test(s)), status.join('\n')).toBe(true);
    const accuracy = characterAccuracy(text, RUSSIAN.join(' '));
    expect(accuracy, `read: ${text}`).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it.skipIf(!hasFont)('reads English and Russian on one page with english+russian', async () => {
    const lines = ['The supplier shall deliver the goods by March.', RUSSIAN[1]!, RUSSIAN[2]!];
    const { text, status } = await read(scanOf(lines), 'english+russian');
    expect(status.some((s) => /tesseract, eng\+rus\)/.test(s)), status.join('\n')).toBe(true);
    const accuracy = characterAccuracy(text, lines.join(' '));
    expect(accuracy, `read: ${text}`).toBeGreaterThanOrEqual(0.9);
    expect(text).toMatch(/supplier/);
    expect(text).toMatch(/покупателю/);
  }, 60_000);
});
