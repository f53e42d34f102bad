import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { partition, type PartitionEvent } from '../../src/core/index.ts';
import { buildPdf, type DocDesc } from '../fixtures/build-pdf.ts';
import { corpusFile, hasCorpus, warnIfNoCorpus } from '../fixtures/corpus.ts';
import { readFileSync } from 'node:fs';

const PARA = 'Tessera splits documents into typed layout elements with boxes and scores so that people can search them.';

const threePages: DocDesc = {
  pages: [1, 2, 3].map((n) => ({
    header: 'Annual report',
    footer: `Page ${n}`,
    blocks: [
      { kind: 'heading' as const, level: (n === 1 ? 1 : 2) as 1 | 2, text: n === 1 ? 'The Tessera Report' : `${n} Findings` },
      { kind: 'paragraph' as const, text: `${PARA} This is page ${n}. ${PARA}` },
    ],
  })),
};

async function run(desc: DocDesc, options: unknown, events: PartitionEvent[] = []) {
  const { bytes, truth } = await buildPdf(desc);
  const response = await partition({ file: bytes, options, onEvent: (e) => events.push(e) });
  return { response, truth, events };
}

const texts = (els: Element[] | undefined) => (els ?? []).map((e) => e.text_representation.trim());

describe('partition pipeline', () => {
  it('returns elements page by page, with status lines in the service style', async () => {
    const { response, truth, events } = await run(threePages, {});
    expect(response.status_code).toBe(200);
    expect(response.status.filter((l) => l.includes('Completed work'))).toHaveLength(3);
    for (const line of response.status) expect(line).toMatch(/^T\+ {0,3}\d+\.\d\d: /);
    expect(events.filter((e) => e.kind === 'page').map((e) => (e as { pageNumber: number }).pageNumber)).toEqual([1, 2, 3]);

    const els = response.elements!;
    expect(new Set(els.map((e) => e.properties.page_number))).toEqual(new Set([1, 2, 3]));
    // Every paragraph of the truth comes out as one element with its box.
    for (const page of truth.pages) {
      const para = page.blocks.find((b) => b.kind === 'paragraph')!;
      const found = els.find((e) => e.properties.page_number === page.pageNumber && e.text_representation.startsWith('Tessera splits'));
      expect(found, `paragraph of page ${page.pageNumber}`).toBeDefined();
      expect(found!.type).toBe('Text');
      found!.bbox.forEach((v, i) => expect(v).toBeCloseTo(para.bbox[i]!, 1));
      expect(found!.text_representation).toBe(para.text.replace(/\s+/g, ' ') + '\n');
    }
    expect(els.find((e) => e.text_representation === 'The Tessera Report\n')?.type).toBe('Title');
    for (const e of els) {
      expect(e.properties.score).toBeGreaterThan(0);
      expect(e.properties.score).toBeLessThanOrEqual(1);
      for (const v of e.bbox) expect(v).toBeGreaterThanOrEqual(0);
    }
  });

  it('processes only selected_pages and keeps their original page numbers', async () => {
    const { response, events } = await run(threePages, { selected_pages: [3, [1, 1]] });
    expect(response.status_code).toBe(200);
    expect(new Set(response.elements!.map((e) => e.properties.page_number))).toEqual(new Set([1, 3]));
    expect(events.find((e) => e.kind === 'start')).toMatchObject({ numPages: 3, pages: [1, 3] });
  });

  it('refuses a page the document does not have, with the service message', async () => {
    const { response } = await run(threePages, { selected_pages: [2, 9] });
    expect(response.status_code).toBe(400);
    expect(response.error).toBe(
      '400: Invalid page number (9): for this document, page numbers must be at least 1 and at most 3',
    );
    expect(response.elements).toBeUndefined();
  });

  it('reports a bad option as a 400 naming the key, before reading the file', async () => {
    const response = await partition({ file: new Uint8Array([1, 2, 3]), options: { threshold: 2 } });
    expect(response.status_code).toBe(400);
    expect(response.error).toMatch(/^400: threshold/);
  });

  it('gives a clear 400 for bytes that are not a document', async () => {
    const response = await partition({ file: new TextEncoder().encode('hello, not a pdf'), options: {} });
    expect(response.status_code).toBe(400);
    expect(response.error).toMatch(/not a readable PDF/);
  });

  it('renders markdown and html instead of elements when asked', async () => {
    const md = (await run(threePages, { output_format: 'markdown' })).response;
    expect(md.elements).toBeUndefined();
    expect(md.markdown).toMatch(/^# The Tessera Report\n\nTessera splits/);
    expect(md.markdown).not.toContain('Annual report');
    const withHeaders = (await run(threePages, { output_format: 'markdown', markdown_options: { include_headers: true } })).response;
    expect(withHeaders.markdown).toContain('Annual report');
    const html = (await run(threePages, { output_format: 'html' })).response;
    expect(html.html).toMatch(/^<!DOCTYPE html>/);
    expect(html.html).toContain('<h1>The Tessera Report</h1>');
  });

  it('keeps line breaks inside elements when remove_line_breaks is false', async () => {
    const kept = (await run(threePages, { text_extraction_options: { remove_line_breaks: false } })).response;
    const para = kept.elements!.find((e) => e.text_representation.startsWith('Tessera splits'))!;
    expect(para.text_representation.trim()).toContain('\n');
  });

  it('drops elements whose score is not above a numeric threshold', async () => {
    const all = (await run(threePages, { threshold: 0 })).response.elements!;
    const strict = (await run(threePages, { threshold: 0.7 })).response.elements!;
    expect(strict.length).toBeLessThan(all.length);
    for (const e of strict) expect(e.properties.score).toBeGreaterThan(0.7);
    expect(texts(strict)).toEqual(texts(all.filter((e) => e.properties.score > 0.7)));
  });

  it('promotes the largest candidate to Title when page 1 has none', async () => {
    const desc: DocDesc = { pages: [{ blocks: [{ kind: 'heading', level: 2, text: 'Big heading' }, { kind: 'paragraph', text: PARA }] }] };
    const plain = (await run(desc, {})).response.elements!;
    expect(plain.some((e) => e.type === 'Title')).toBe(false);
    const promoted = (await run(desc, { output_label_options: { promote_title: true } })).response.elements!;
    expect(promoted.find((e) => e.text_representation === 'Big heading\n')?.type).toBe('Title');
  });

  it('stops when cancelled and says so', async () => {
    const { bytes } = await buildPdf(threePages);
    const controller = new AbortController();
    const pages: number[] = [];
    const response = await partition({
      file: bytes,
      signal: controller.signal,
      onEvent: (e) => {
        if (e.kind === 'page') {
          pages.push(e.pageNumber);
          controller.abort();
        }
      },
    });
    expect(pages).toEqual([1]);
    expect(response.error).toMatch(/cancelled/);
  });

  it('chunks the document when chunking_options is given, and refuses an unknown tokenizer model', async () => {
    const { response } = await run(threePages, { chunking_options: { max_tokens: 60 } });
    expect(response.status_code).toBe(200);
    const chunks = response.elements ?? [];
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.properties.page_numbers).toEqual(expect.arrayContaining([c.properties.page_number]));
    expect(response.status.join('\n')).toMatch(/Chunked \d+ elements into \d+ chunks/);
    const bad = await run(threePages, { chunking_options: { tokenizer_options: { model_name: 'no-such-model' } } });
    expect(bad.response.status_code).toBe(400);
    expect(bad.response.error).toContain('chunking_options.tokenizer_options.model_name');
  });
});

describe.skipIf(!hasCorpus)('partition on corpus files', () => {
  warnIfNoCorpus('partition on corpus files');
  const file = (rel: string) => new Uint8Array(readFileSync(corpusFile(rel)));

  it('opens an encrypted PDF with its password and asks for it otherwise', async () => {
    const locked = await partition({ file: file('robustness/password-example.pdf') });
    expect(locked.status_code).toBe(400);
    expect(locked.error).toMatch(/encrypted/i);
    const open = await partition({ file: file('robustness/password-example.pdf'), password: 'test' });
    expect(open.status_code).toBe(200);
    expect(open.elements!.length).toBeGreaterThan(0);
  });
});
