// Robustness files of the shared corpus: each opens (and its first page reads and renders) or fails
// with the right TesseraError code, within a bound.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDocument } from '../../src/core/pdf/index.ts';
import { corpusFile, hasCorpus, warnIfNoCorpus } from '../fixtures/corpus.ts';
import { expectTessera } from './helpers.ts';

warnIfNoCorpus('corpus robustness tests (test/pdf/corpus.test.ts)');

const load = (name: string): Uint8Array => new Uint8Array(readFileSync(corpusFile(`robustness/${name}`)));

/** [file, password, expected pages or error code] */
const CASES: Array<[string, string | undefined, number | string]> = [
  ['empty-0bytes.pdf', undefined, 'unreadable_file'],
  ['password-example.pdf', undefined, 'password_required'],
  ['password-example.pdf', 'test', 4],
  ['password-example.pdf', 'nope', 'wrong_password'],
  ['aes-256-r6.pdf', undefined, 'password_required'],
  ['aes-256-r6.pdf', 'usersecret', 1],
  ['aes-256-r6.pdf', 'ownersecret', 1],
  ['aes-256-r6.pdf', 'nope', 'wrong_password'],
  ['rc4-40.pdf', undefined, 'password_required'],
  ['rc4-40.pdf', 'foo', 1],
  ['aes-128.pdf', undefined, 'password_required'],
  ['aes-128.pdf', 'foo', 1],
  ['kampo.pdf', undefined, 1],
  ['xref_command_missing.pdf', undefined, 1],
  ['zen_of_python_corrupted.pdf', undefined, 1],
  ['malformed-from-issue-932.pdf', undefined, 1],
  ['simpletype3font.pdf', undefined, 1],
  ['libreoffice-form.pdf', undefined, 1],
  ['nlp2004slides.pdf', undefined, 31],
  ['GeoTopo-komprimiert.pdf', undefined, 117],
];

describe.skipIf(!hasCorpus)('corpus robustness files', () => {
  for (const [file, password, expected] of CASES) {
    it(`${file}${password ? ` (password '${password}')` : ''} -> ${expected}`, { timeout: 30_000 }, async () => {
      const bytes = load(file);
      const opts = { password, timeoutMs: 20_000 };
      if (typeof expected === 'string') {
        await expectTessera(openDocument(bytes, opts), expected);
        return;
      }
      const doc = await openDocument(bytes, opts);
      try {
        expect(doc.numPages).toBe(expected);
        const page = await doc.readPage(1);
        expect(page.width).toBeGreaterThan(0);
        const img = await doc.rasterize(1, 36);
        expect(img.width).toBe(Math.round(page.width / 2));
      } finally {
        await doc.close();
      }
    });
  }

  it('texts that must come out', { timeout: 30_000 }, async () => {
    const text = async (file: string, password?: string): Promise<string> => {
      const doc = await openDocument(load(file), { password });
      const page = await doc.readPage(1);
      await doc.close();
      return page.textRuns.map((r) => r.text).join(' ');
    };
    expect(await text('xref_command_missing.pdf')).toContain('Reduced test-case');
    expect(await text('aes-256-r6.pdf', 'usersecret')).toContain('Hello World');
    expect(await text('rc4-40.pdf', 'foo')).toContain('Secret!');
    expect(await text('kampo.pdf')).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/); // Japanese via CMaps
    const zen = await text('zen_of_python_corrupted.pdf');
    expect(zen).toContain('Beautiful is better than ugly.');
    const zenDoc = await openDocument(load('zen_of_python_corrupted.pdf'));
    const zp = await zenDoc.readPage(1);
    await zenDoc.close();
    expect(zp.rotate).toBe(90);
    expect(zp.width).toBeGreaterThan(zp.height); // portrait media box displayed landscape
    const m = await openDocument(load('malformed-from-issue-932.pdf'));
    const mp = await m.readPage(1);
    await m.close();
    // after pdf.js's repair the characters lie inside the page
    for (const r of mp.textRuns) expect(r.rect.x0 >= -1 && r.rect.y1 <= mp.height + 1).toBe(true);
    expect(mp.textRuns.length).toBeGreaterThan(0);
  });

  it('bold detection on real font names', { timeout: 30_000 }, async () => {
    const doc = await openDocument(load('libreoffice-form.pdf'));
    const page = await doc.readPage(1);
    await doc.close();
    const title = page.textRuns.find((r) => r.text.includes('Example for a Form'));
    expect(title?.bold).toBe(true);
    expect(title?.fontName).toMatch(/LiberationSans-Bold$/);
  });
});
