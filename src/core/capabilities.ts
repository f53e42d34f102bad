// Checks that need more than the options schema, made before any page is read so that a request
// the engine cannot honour fails at once with a clear 400 naming the option.
import type { ResolvedOptions } from './contract/options.ts';
import { assertTokenizerKnown } from './chunking/tokenizer-names.ts';

export function assertSupported(options: ResolvedOptions): void {
  // Tokenizer model names are checked here, before any page is read (the tokenizers load lazily).
  assertTokenizerKnown(options.chunking_options);
}
