import { describe, expect, it } from 'vitest';
import type { ChunkingOptions } from '../../src/core/contract/options.ts';
import type { Element } from '../../src/core/contract/types.ts';
import { chunkElements } from '../../src/core/chunking/index.ts';

// One token per whitespace-separated word: easy to reason about in the expectations below.
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

function el(type: Element['type'], text: string, page = 1, bbox: Element['bbox'] = [0.1, 0.1, 0.2, 0.2]): Element {
  return { type, bbox, properties: { score: 0.9, page_number: page }, text_representation: text + '\n' };
}
const opts = (o: Partial<ChunkingOptions>): ChunkingOptions => ({
  strategy: 'context_rich',
  max_tokens: 512,
  tokenizer: 'character_tokenizer',
  tokenizer_options: {},
  merge_across_pages: true,
  ...o,
});
const texts = (els: Element[]) => els.map((e) => e.text_representation.trim().replace(/\n+/g, ' / '));

describe('maximize_within_limit', () => {
  it('merges greedily, counting tokens(a) + 1 + tokens(b), into Sections with union bbox and pages', () => {
    const input = [el('Text', 'a b c', 1, [0.1, 0.1, 0.5, 0.2]), el('Text', 'd e', 2, [0.2, 0.05, 0.6, 0.3]), el('Text', 'f g h i', 2)];
    // 3 + 1 + 2 = 6 fits in 6; adding 4 more would make 11.
    const { chunks, oversized } = chunkElements(input, opts({ strategy: 'maximize_within_limit', max_tokens: 6 }), words);
    expect(oversized).toBe(0);
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.type).toBe('Section');
    expect(chunks[0]!.text_representation).toBe('a b c\n\nd e\n');
    expect(chunks[0]!.bbox).toEqual([0.1, 0.05, 0.6, 0.3]);
    expect(chunks[0]!.properties.page_numbers).toEqual([1, 2]);
    expect(chunks[1]!.properties.page_numbers).toEqual([2]);
    // 5 tokens would not fit: 3 + 1 + 2 = 6 is the limit.
    const tight = chunkElements(input, opts({ strategy: 'maximize_within_limit', max_tokens: 5 }), words);
    expect(tight.chunks).toHaveLength(3);
  });

  it('never merges across pages when merge_across_pages is false', () => {
    const input = [el('Text', 'a', 1), el('Text', 'b', 2), el('Text', 'c', 2)];
    const { chunks } = chunkElements(input, opts({ strategy: 'maximize_within_limit', merge_across_pages: false }), words);
    expect(texts(chunks)).toEqual(['a', 'b / c']);
  });

  it('keeps an element larger than the limit alone and reports it', () => {
    const input = [el('Text', 'a'), el('Text', 'one two three four five'), el('Text', 'b')];
    const { chunks, oversized } = chunkElements(input, opts({ strategy: 'maximize_within_limit', max_tokens: 3 }), words);
    expect(texts(chunks)).toEqual(['a', 'one two three four five', 'b']);
    expect(oversized).toBe(1);
  });
});

describe('context_rich', () => {
  it('merges adjacent headings and puts following text under them', () => {
    const input = [el('Title', 'Paper'), el('Section-header', '1 Intro'), el('Text', 'x y'), el('List-item', 'z'), el('Section-header', '2 Next'), el('Text', 'w')];
    const { chunks } = chunkElements(input, opts({ max_tokens: 100 }), words);
    expect(texts(chunks)).toEqual(['Paper / 1 Intro / x y / z', '2 Next / w']);
    expect(chunks.map((c) => c.type)).toEqual(['Section', 'Section']);
  });

  it('copies the header into each new chunk when the limit is reached, and never exceeds it', () => {
    const input = [el('Section-header', 'H'), el('Text', 'a b'), el('Text', 'c d'), el('Text', 'e f')];
    // H(1) + 1 + 2 + 1 + 2 = 7 > 5, so every text gets its own chunk, each starting with H.
    const { chunks, oversized } = chunkElements(input, opts({ max_tokens: 5 }), words);
    expect(texts(chunks)).toEqual(['H / a b', 'H / c d', 'H / e f']);
    expect(oversized).toBe(0);
    for (const c of chunks) expect(c.properties.page_numbers).toEqual([1]);
  });

  it('keeps tables and images whole with the header in front', () => {
    const table = { ...el('table', 'cell1 cell2'), table: { cells: [], caption: null, num_rows: 0, num_cols: 0, column_headers: [] } };
    const input = [el('Section-header', 'Results'), el('Text', 'intro'), table, el('Text', 'after')];
    const { chunks } = chunkElements(input, opts({ max_tokens: 100 }), words);
    expect(texts(chunks)).toEqual(['Results / intro', 'Results / cell1 cell2', 'Results / after']);
    expect(chunks[1]!.type).toBe('table');
    expect(chunks[1]!.table).toBeDefined();
  });

  it('with merge_across_pages false starts a new chunk on a new page, header copied', () => {
    const input = [el('Section-header', 'H', 1), el('Text', 'a', 1), el('Text', 'b', 2)];
    const { chunks } = chunkElements(input, opts({ merge_across_pages: false }), words);
    expect(texts(chunks)).toEqual(['H / a', 'H / b']);
    expect(chunks[1]!.properties.page_numbers).toEqual([1, 2]);
  });

  it('a lone header at the end stays a Section-header; text before any header merges on its own', () => {
    const input = [el('Text', 'pre'), el('Text', 'amble'), el('Section-header', 'End')];
    const { chunks } = chunkElements(input, opts({}), words);
    expect(texts(chunks)).toEqual(['pre / amble', 'End']);
    expect(chunks.map((c) => c.type)).toEqual(['Section', 'Section-header']);
  });
});

describe('limits hold on any input', () => {
  // A small deterministic PRNG, so a failure can be replayed.
  function rng(seed: number) {
    return () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  }
  const TYPES: Element['type'][] = ['Title', 'Section-header', 'Text', 'Text', 'List-item', 'Caption', 'table', 'Image', 'Footnote'];

  for (const strategy of ['context_rich', 'maximize_within_limit'] as const) {
    it(`${strategy}: a chunk over max_tokens is always a single element that is larger on its own`, () => {
      const rand = rng(strategy.length);
      for (let round = 0; round < 200; round++) {
        const max = 1 + Math.floor(rand() * 12);
        const input = Array.from({ length: 1 + Math.floor(rand() * 15) }, (_, k) => {
          const n = 1 + Math.floor(rand() * 8);
          return el(TYPES[Math.floor(rand() * TYPES.length)]!, Array.from({ length: n }, (_, w) => `w${k}_${w}`).join(' '), 1 + Math.floor(k / 5));
        });
        const merge_across_pages = rand() < 0.5;
        const { chunks, oversized } = chunkElements(input, opts({ strategy, max_tokens: max, merge_across_pages }), words);
        let over = 0;
        for (const c of chunks) {
          // Chunk size as the chunker counts it: its words plus one per join.
          const parts = c.text_representation.split('\n\n');
          const tokens = parts.reduce((s, p) => s + words(p), 0) + parts.length - 1;
          if (tokens > max) {
            over++;
            // A run of adjacent headings is one Section-header by the spec, so it counts as one element.
            if (c.type !== 'Section-header') expect(parts, `round ${round}`).toHaveLength(1);
          }
          if (!merge_across_pages) expect((c.properties.page_numbers as number[]).length, `round ${round}`).toBeLessThanOrEqual(strategy === 'context_rich' ? 2 : 1);
        }
        expect(oversized).toBe(over);
        // Every input text reaches the output, in order.
        const out = chunks.map((c) => c.text_representation).join('\n');
        let from = 0;
        for (const e of input) {
          const at = out.indexOf(e.text_representation.trim(), from);
          expect(at, `round ${round}: ${e.text_representation}`).toBeGreaterThanOrEqual(0);
          from = at;
        }
      }
    });
  }
});
