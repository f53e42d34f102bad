// Chunking: the document stage that turns all pages' elements into chunks sized for search and
// language models, when chunking_options is present.
import type { DocumentStage } from '../stage.ts';
import { chunkElements } from './merge.ts';
import { loadTokenizer } from './tokenizers.ts';

export { chunkElements, contextRich, maximizeWithinLimit, type ChunkResult } from './merge.ts';
export { loadTokenizer, type TokenCounter } from './tokenizers.ts';
export { assertTokenizerKnown, hfModelNames } from './tokenizer-names.ts';

export const chunkingStage: DocumentStage = {
  name: 'chunking',
  async run(elements, ctx) {
    const options = ctx.options.chunking_options;
    if (!options) return elements;
    const tokenizer = await loadTokenizer(options);
    const { chunks, oversized } = chunkElements(elements, options, (t) => tokenizer.count(t));
    ctx.status(`Chunked ${elements.length} elements into ${chunks.length} chunks (${options.strategy}, ${tokenizer.name}, max_tokens ${options.max_tokens})`);
    if (oversized > 0) {
      ctx.status(`${oversized} chunk(s) exceed max_tokens ${options.max_tokens}: each holds a single element that is larger on its own`);
    }
    return chunks;
  },
};
