// The two chunking strategies of chunking_options, as pure functions over elements and a token
// counter (../../shared/spec/conventions.md, "Options details"). A chunk's token count is the sum of
// its parts' counts plus one per join (tokens(a) + 1 + tokens(b)), the way the reference service
// counts, so counts never depend on how a tokenizer treats the joining newline.
import type { ChunkingOptions } from '../contract/options.ts';
import type { Element, ElementType, NormBBox } from '../contract/types.ts';

export interface ChunkResult {
  chunks: Element[];
  /** Chunks over max_tokens: each is a single element (plus nothing) that is larger on its own. */
  oversized: number;
}

type Count = (text: string) => number;

const HEADINGS: ReadonlySet<ElementType> = new Set(['Title', 'Section-header']);
const TEXT_LIKE: ReadonlySet<ElementType> = new Set([
  'Text',
  'List-item',
  'Caption',
  'Footnote',
  'Formula',
  'Page-header',
  'Page-footer',
  'Section',
]);

function union(a: NormBBox, b: NormBBox): NormBBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

function pagesOf(e: Element): number[] {
  const listed = e.properties.page_numbers;
  return Array.isArray(listed) ? (listed as number[]) : [e.properties.page_number];
}

/** A chunk under construction: its parts and their running token count. */
class Chunk {
  readonly parts: Element[] = [];
  tokens = 0;
  constructor(first: Element, firstTokens: number) {
    this.parts.push(first);
    this.tokens = firstTokens;
  }
  get page(): number {
    return this.parts[this.parts.length - 1]!.properties.page_number;
  }
  wouldHold(tokens: number): number {
    return this.tokens + 1 + tokens;
  }
  add(e: Element, tokens: number): void {
    this.parts.push(e);
    this.tokens = this.wouldHold(tokens);
  }
}

/**
 * Parts -> one element. A single part is returned as it was (with page_numbers); several become
 * `type` (Section by default) with texts joined by a newline, the union bbox and every page.
 */
function seal(parts: readonly Element[], type: ElementType = 'Section'): Element {
  const first = parts[0]!;
  const pages = [...new Set(parts.flatMap(pagesOf))].sort((a, b) => a - b);
  if (parts.length === 1) return { ...first, properties: { ...first.properties, page_numbers: pages } };
  const bbox = parts.slice(1).reduce((box, p) => union(box, p.bbox), first.bbox);
  const score = Math.min(...parts.map((p) => p.properties.score));
  const merged: Element = {
    type,
    bbox,
    properties: { score, page_number: pages[0] ?? first.properties.page_number, page_numbers: pages },
    text_representation: parts.map((p) => p.text_representation).join('\n'),
  };
  // A table or image that got its section header prepended keeps what makes it a table or image.
  const whole = parts.find((p) => p.type === 'table' || p.type === 'Image');
  if (whole && type === whole.type) {
    merged.properties = { ...whole.properties, ...merged.properties };
    if (whole.table) merged.table = whole.table;
    if (whole.binary_representation !== undefined) merged.binary_representation = whole.binary_representation;
  }
  return merged;
}

/** maximize_within_limit: greedily as large as max_tokens allows. */
export function maximizeWithinLimit(elements: readonly Element[], options: ChunkingOptions, count: Count): ChunkResult {
  const chunks: Element[] = [];
  let oversized = 0;
  let current: Chunk | null = null;
  const flush = () => {
    if (!current) return;
    if (current.tokens > options.max_tokens) oversized++;
    chunks.push(seal(current.parts));
    current = null;
  };
  for (const e of elements) {
    const n = count(e.text_representation);
    const samePage = current === null || options.merge_across_pages || current.page === e.properties.page_number;
    if (current && samePage && current.wouldHold(n) <= options.max_tokens) current.add(e, n);
    else {
      flush();
      current = new Chunk(e, n);
    }
  }
  flush();
  return { chunks, oversized };
}

/**
 * context_rich: runs of Title/Section-header become one Section-header; text-like elements merge
 * under the current header; tables and images stay whole with the header prepended; a chunk that
 * would exceed max_tokens is closed and the next one starts with the header copied to its start.
 */
export function contextRich(elements: readonly Element[], options: ChunkingOptions, count: Count): ChunkResult {
  const max = options.max_tokens;
  const chunks: Element[] = [];
  let oversized = 0;
  let header: { element: Element; tokens: number } | null = null;
  let current: Chunk | null = null;
  /** Whether the current chunk holds anything besides its header. */
  let hasBody = false;

  const emit = (parts: Element[], tokens: number, type: ElementType) => {
    if (tokens > max) oversized++;
    chunks.push(seal(parts, type));
  };
  const flush = () => {
    if (current) emit(current.parts, current.tokens, hasBody ? 'Section' : 'Section-header');
    current = null;
    hasBody = false;
  };
  /** A new chunk for `e`, with the header copied in front when both fit (else `e` alone). */
  const start = (e: Element, n: number) => {
    if (header && header.tokens + 1 + n <= max) {
      current = new Chunk(header.element, header.tokens);
      current.add(e, n);
    } else current = new Chunk(e, n);
    hasBody = true;
  };

  let i = 0;
  while (i < elements.length) {
    const e = elements[i]!;
    if (HEADINGS.has(e.type)) {
      // The whole run of adjacent headings is one Section-header.
      const run: Element[] = [];
      while (i < elements.length && HEADINGS.has(elements[i]!.type)) run.push(elements[i++]!);
      flush();
      const merged = run.length === 1 ? { ...run[0]!, type: 'Section-header' as const } : seal(run, 'Section-header');
      const tokens = run.reduce((sum, h, k) => sum + count(h.text_representation) + (k > 0 ? 1 : 0), 0);
      header = { element: merged, tokens };
      current = new Chunk(merged, tokens);
      hasBody = false;
      continue;
    }
    i++;
    const n = count(e.text_representation);
    const headerOnly = current !== null && !hasBody;
    if (!TEXT_LIKE.has(e.type)) {
      // Tables and images: one chunk each, with the header in front when both fit.
      if (headerOnly) current = null; // the header goes in front of this element instead
      else flush();
      if (header && header.tokens + 1 + n <= max) emit([header.element, e], header.tokens + 1 + n, e.type);
      else {
        if (headerOnly && header) emit([header.element], header.tokens, 'Section-header');
        emit([e], n, e.type);
      }
      continue;
    }
    const active: Chunk | null = current;
    const pageOk = active === null || options.merge_across_pages || active.page === e.properties.page_number;
    if (active !== null && pageOk && active.wouldHold(n) <= max) {
      active.add(e, n);
      hasBody = true;
      continue;
    }
    // A header-only chunk closed by a page change is dropped when its header can be copied into the
    // next chunk; when it cannot (the two would not fit), the header is emitted on its own.
    if (headerOnly && !pageOk && header && header.tokens + 1 + n <= max) current = null;
    else flush();
    start(e, n);
  }
  flush();
  return { chunks, oversized };
}

export function chunkElements(elements: readonly Element[], options: ChunkingOptions, count: Count): ChunkResult {
  return options.strategy === 'maximize_within_limit'
    ? maximizeWithinLimit(elements, options, count)
    : contextRich(elements, options, count);
}
