// The corpus' scans (docling/ocr_test*.pdf): text as good as the reference OCR, rotated scans turned
// upright. Skips, with a message, when the corpus is not there.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { installNodePdfEnvironment } from '../../src/cli/node-raster.ts';
import { installNodeOcr } from '../../src/cli/ocr-node.ts';
import { partition } from '../../src/core/index.ts';
import { releaseOcrEngines } from '../../src/core/ocr/index.ts';
import { indelSimilarity } from '../../eval/text-metrics.ts';
import { corpusFile, hasCorpus, warnIfNoCorpus } from '../fixtures/corpus.ts';

installNodePdfEnvironment();
installNodeOcr();
warnIfNoCorpus('OCR corpus checks');
afterAll(() => releaseOcrEngines());

const norm = (s: string): string => s.replace(/[#*_|`>-]+/g, ' ').replace(/\s+/g, ' ').trim();

async function similarity(name: string, options: object): Promise<{ sim: number; status: string[] }> {
  const r = await partition({ file: new Uint8Array(readFileSync(corpusFile(`docling/${name}.pdf`))), options });
  expect(r.status_code, r.error).toBe(200);
  const text = norm(r.elements!.map((e) => e.text_representation).join(' '));
  return { sim: indelSimilarity(text, norm(readFileSync(corpusFile(`docling/${name}.gt.md`), 'utf8'))), status: r.status };
}

describe.skipIf(!hasCorpus)('OCR on the corpus scans', () => {
  it('reads the clean scan (auto: no text layer -> OCR)', async () => {
    const { sim } = await similarity('ocr_test', {});
    expect(sim).toBeGreaterThanOrEqual(0.97);
  });

  it('turns the 270-degree scan upright before reading it', async () => {
    const { sim, status } = await similarity('ocr_test_rotated_270', { output_label_options: { orientation_correction: true } });
    expect(status.some((s) => /Corrected orientation of page 1: rotated 270 degrees/.test(s))).toBe(true);
    expect(sim).toBeGreaterThanOrEqual(0.9);
  });
});
