// Layout analysis on generated PDFs whose truth is exact: labels, boxes, reading order across
// columns, running headers/footers, list items, captions, threshold behaviour.
import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { bboxIou } from '../../src/core/geometry.ts';
import { parseOptions } from '../../src/core/index.ts';
import { applyThreshold, layoutPage } from '../../src/core/layout/index.ts';
import { relabelRunningMatter } from '../../src/core/layout/running.ts';
import { openDocument } from '../../src/core/pdf/index.ts';
import { buildPdf, type DocDesc, type Truth } from '../fixtures/build-pdf.ts';

const SENTENCE = 'Layout analysis turns the text of a page into the elements a person would draw around it.';
const para = (n: number) => `${n}. paragraph: ${SENTENCE} ${SENTENCE} ${SENTENCE}`.replace(/^\d+\. /, `Part ${n} `);

/** Layout alone, page by page, then the cross-page running-matter pass (no OCR or table stages). */
async function run(desc: DocDesc, options: Record<string, unknown> = {}): Promise<{ els: Element[]; truth: Truth }> {
  const { bytes, truth } = await buildPdf(desc);
  const parsed = parseOptions(options);
  if (!parsed.ok) throw parsed.error;
  const doc = await openDocument(bytes);
  const els: Element[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) els.push(...layoutPage(await doc.readPage(n), parsed.options));
  } finally {
    await doc.close();
  }
  return { els: relabelRunningMatter(els), truth };
}

const find = (els: Element[], text: string) => els.find((e) => e.text_representation.includes(text));

describe('layout labels', () => {
  it('labels title, section headers, paragraphs and one list item per bullet, with their boxes', async () => {
    const { els, truth } = await run({
      pages: [
        {
          blocks: [
            { kind: 'heading', level: 1, text: 'A Study of Layouts' },
            { kind: 'paragraph', text: para(1) },
            { kind: 'heading', level: 2, text: 'Methods' },
            { kind: 'paragraph', text: para(2) },
            { kind: 'list', items: ['First item of the list', 'Second item of the list', 'Third item'] },
            { kind: 'paragraph', text: para(3) },
          ],
        },
      ],
    });
    expect(find(els, 'A Study of Layouts')?.type).toBe('Title');
    expect(find(els, 'Methods')?.type).toBe('Section-header');
    for (const item of ['First item', 'Second item', 'Third item']) expect(find(els, item)?.type).toBe('List-item');
    expect(els.filter((e) => e.type === 'List-item')).toHaveLength(3);
    for (const block of truth.pages[0]!.blocks.filter((b) => b.kind === 'paragraph')) {
      const el = find(els, block.text.slice(0, 30));
      expect(el?.type).toBe('Text');
      expect(bboxIou(el!.bbox, block.bbox)).toBeGreaterThan(0.8);
    }
  });

  it('reads two columns column by column, with a full-width heading first', async () => {
    const { els } = await run({
      pages: [
        {
          columns: 2,
          blocks: [1, 2, 3, 4].map((n) => ({ kind: 'paragraph' as const, text: para(n) })),
        },
      ],
    });
    const order = els.filter((e) => e.type === 'Text').map((e) => /Part (\d)/.exec(e.text_representation)?.[1]);
    expect(order.filter((p, i) => p !== undefined && order.indexOf(p) === i)).toEqual(['1', '2', '3', '4']);
  });

  it('reads three columns left to right', async () => {
    const { els } = await run({
      pages: [{ columns: 3, blocks: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ kind: 'paragraph' as const, text: para(n) })) }],
    });
    const order = els.filter((e) => e.type === 'Text').map((e) => /Part (\d)/.exec(e.text_representation)?.[1]);
    // Paragraphs flow down each column and on into the next; a paragraph split over two columns
    // comes out as two elements, in order.
    const parts = order.filter((p, i) => p !== undefined && order.indexOf(p) === i);
    expect(parts).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect(els.some((e) => e.type === 'table')).toBe(false);
  });

  it('finds running headers and footers across pages, header first and footer last', async () => {
    const { els } = await run({
      pages: [1, 2, 3].map((n) => ({ header: 'Annual report of the working group', footer: `Page ${n}`, blocks: [{ kind: 'paragraph' as const, text: para(n) }] })),
    });
    for (const n of [1, 2, 3]) {
      const page = els.filter((e) => e.properties.page_number === n);
      expect(page[0]!.type).toBe('Page-header');
      expect(page[0]!.text_representation).toContain('Annual report');
      expect(page[page.length - 1]!.type).toBe('Page-footer');
    }
  });

  it('makes pictures Image elements and a "Figure n" line next to one a Caption', async () => {
    const { els, truth } = await run({
      pages: [
        {
          blocks: [
            { kind: 'paragraph', text: para(1) },
            { kind: 'image', width: 240, height: 160 },
            { kind: 'paragraph', text: 'Figure 1: A gradient drawn for the test.' },
            { kind: 'paragraph', text: para(2) },
          ],
        },
      ],
    });
    const image = els.find((e) => e.type === 'Image');
    expect(image).toBeDefined();
    expect(bboxIou(image!.bbox, truth.pages[0]!.images[0]!.bbox)).toBeGreaterThan(0.9);
    expect(find(els, 'Figure 1')?.type).toBe('Caption');
  });
});

describe('scores and threshold', () => {
  const doc: DocDesc = {
    pages: [{ blocks: [{ kind: 'heading', level: 1, text: 'The Report' }, { kind: 'heading', level: 2, text: 'Results' }, { kind: 'paragraph', text: para(1) }] }],
  };

  it('auto keeps one candidate per region; a low threshold shows overlapping alternatives too', async () => {
    const auto = (await run(doc)).els;
    const low = (await run(doc, { threshold: 0.05 })).els;
    expect(low.length).toBeGreaterThan(auto.length);
    const boxes = new Set(auto.map((e) => e.bbox.join(',')));
    expect(boxes.size).toBe(auto.length);
    const heading = low.filter((e) => e.text_representation.startsWith('Results'));
    expect(new Set(heading.map((e) => e.type))).toEqual(new Set(['Section-header', 'Text']));
    expect(heading.find((e) => e.type === 'Section-header')!.properties.score).toBeGreaterThan(heading.find((e) => e.type === 'Text')!.properties.score);
  });

  it('a threshold drops every element whose score is not above it', async () => {
    const all = (await run(doc, { threshold: 0 })).els;
    const cut = 0.7;
    const kept = (await run(doc, { threshold: cut })).els;
    expect(kept.every((e) => e.properties.score > cut)).toBe(true);
    expect(kept.length).toBe(all.filter((e) => e.properties.score > cut).length);
  });

  it('applyThreshold auto keeps the best candidate of each region', () => {
    const el = (type: Element['type'], score: number): Element => ({ type, bbox: [0, 0, 1, 0.1], properties: { score, page_number: 1 }, text_representation: 'x\n' });
    expect(applyThreshold([el('Section-header', 0.6), el('Text', 0.4)], 'auto').map((e) => e.type)).toEqual(['Section-header']);
  });
});
