// Tables of real documents from the shared corpus (skipped with a message when it is absent):
// ICDAR-2013 EU documents with ruled, partially ruled and borderless tables, and a born-digital
// paper page whose table structure is known (docling truth).
import { describe, expect, it } from 'vitest';
import { readTruth, scoreDocument } from '../../eval/icdar.ts';
import { runTablesStage } from '../../eval/run-tables.ts';
import { readDoclingTables, scoreTeds } from '../../eval/teds.ts';
import { corpusFile, hasCorpus, warnIfNoCorpus } from '../fixtures/corpus.ts';

warnIfNoCorpus('table corpus checks (test/tables/corpus.test.ts)');

const f1 = (ok: number, pred: number, truth: number): number => (pred && truth && ok ? (2 * ok) / (pred + truth) : 0);

describe.skipIf(!hasCorpus)('ICDAR-2013 EU documents', () => {
  // eu-001: seven ruled tables with spanning headers; eu-016: verticals drawn in the header only;
  // eu-008: several numeric lines between two rules; eu-015: /Rotate 90 pages.
  for (const stem of ['eu-001', 'eu-008', 'eu-015', 'eu-016']) {
    it(`${stem}: every table found, cell adjacency F1 >= 0.9`, { timeout: 60_000 }, async () => {
      const dir = corpusFile('icdar13-eu');
      const counts = scoreDocument(stem, readTruth(dir, stem), await runTablesStage(`${dir}/${stem}.pdf`));
      expect(counts.regions.matched).toBe(counts.regions.truth);
      expect(counts.regions.predicted).toBe(counts.regions.truth);
      expect(f1(counts.relations.correct, counts.relations.predicted, counts.relations.truth)).toBeGreaterThanOrEqual(0.9);
    });
  }
});

describe.skipIf(!hasCorpus)('born-digital paper table', () => {
  it('2305.03393v1-pg9: the table comes out with its structure and text (TEDS >= 0.9)', { timeout: 60_000 }, async () => {
    const dir = corpusFile('docling');
    const stem = '2305.03393v1-pg9';
    const doc = scoreTeds(stem, readDoclingTables(dir, stem), await runTablesStage(`${dir}/${stem}.pdf`));
    expect(doc.predicted).toBe(1);
    expect(doc.scores[0]).toBeGreaterThanOrEqual(0.9);
  });
});
