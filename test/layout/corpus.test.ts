// Layout on real journal pages from the corpus (skipped, with a message, when it is absent).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { parseOptions } from '../../src/core/index.ts';
import { layoutPage } from '../../src/core/layout/index.ts';
import { relabelRunningMatter } from '../../src/core/layout/running.ts';
import { openDocument } from '../../src/core/pdf/index.ts';
import { matchLayout, parseCvat, readingOrderTau, type LabelCounts } from '../../eval/cvat.ts';
import { corpusFile, hasCorpus, warnIfNoCorpus } from '../fixtures/corpus.ts';

warnIfNoCorpus('layout corpus checks');

async function layout(rel: string): Promise<Element[]> {
  const parsed = parseOptions({});
  if (!parsed.ok) throw parsed.error;
  const doc = await openDocument(new Uint8Array(readFileSync(corpusFile(rel))));
  const els: Element[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) els.push(...layoutPage(await doc.readPage(n), parsed.options));
  } finally {
    await doc.close();
  }
  return relabelRunningMatter(els);
}

describe.skipIf(!hasCorpus)('layout on a two-column journal article (layout-cvat)', () => {
  const stem = 'layout-cvat/case_01_662e02a56aaf';

  it('labels numbered section headings and reads the columns in order', async () => {
    const els = await layout(`${stem}.pdf`);
    expect(els.find((e) => e.text_representation.startsWith('2.1. Chemicals'))?.type).toBe('Section-header');
    expect(els.filter((e) => e.type === 'List-item').length).toBeGreaterThanOrEqual(4);
    const truth = parseCvat(readFileSync(corpusFile(`${stem}.gt.cvat.xml`), 'utf8'), 2);
    const counts = new Map<string, LabelCounts>();
    matchLayout(truth.boxes, els, counts);
    const headers = counts.get('Section-header')!;
    expect(headers.tp / (headers.tp + headers.fn)).toBeGreaterThan(0.6);
    if (truth.order.length > 1) expect(readingOrderTau(truth, els)!).toBeGreaterThan(0.9);
  });
});
