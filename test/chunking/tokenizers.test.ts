import { describe, expect, it } from 'vitest';
import type { ChunkingOptions } from '../../src/core/contract/options.ts';
import { loadTokenizer } from '../../src/core/chunking/tokenizers.ts';
import { assertTokenizerKnown } from '../../src/core/chunking/tokenizer-names.ts';

const opts = (tokenizer: ChunkingOptions['tokenizer'], model_name?: string): ChunkingOptions => ({
  strategy: 'context_rich',
  max_tokens: 512,
  tokenizer,
  tokenizer_options: model_name === undefined ? {} : { model_name },
  merge_across_pages: true,
});

describe('tokenizers', () => {
  it('vendor1 text-embedding-3-small is cl100k_base with its known ids', async () => {
    const tk = await loadTokenizer(opts('vendor1_tokenizer', 'text-embedding-3-small'));
    expect(tk.name).toBe('vendor1_tokenizer (cl100k_base)');
    expect(tk.encode('hello world')).toEqual([15339, 1917]);
    expect(tk.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('vendor1 gpt-4o is o200k_base', async () => {
    const tk = await loadTokenizer(opts('vendor1_tokenizer', 'gpt-4o'));
    expect(tk.name).toBe('vendor1_tokenizer (o200k_base)');
    expect(tk.encode('hello world')).toEqual([24912, 2375]);
  });

  it('character tokenizer counts code points', async () => {
    const tk = await loadTokenizer(opts('character_tokenizer'));
    expect(tk.count('héllo 😀')).toBe(7);
  });

  it('vendor2 llama3 tokenizer gives the Hugging Face ids without special tokens', async () => {
    const tk = await loadTokenizer(opts('vendor2_tokenizer', 'meta-llama/Meta-Llama-3-8B'));
    expect(tk.encode('Hello World')).toEqual([9906, 4435]);
  });

  it('unknown names are a 400 that lists what is available', () => {
    expect(() => assertTokenizerKnown(opts('vendor1_tokenizer', 'no-such-model'))).toThrow(/vendor1_tokenizer does not know the model "no-such-model"/);
    expect(() => assertTokenizerKnown(opts('vendor2_tokenizer', 'bert-base-uncased'))).toThrow(/available: .*"meta-llama\/Meta-Llama-3-8B"/);
    expect(() => assertTokenizerKnown(opts('vendor2_tokenizer', 'qwen/qwen3-0.6b'))).not.toThrow();
  });
});
