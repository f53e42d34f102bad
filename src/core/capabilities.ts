// What this build of the engine can do. Options the contract accepts but whose engine has not
// landed yet fail with a clear 400 that names the option, instead of being silently ignored.
import type { ResolvedOptions } from './contract/options.ts';
import { TesseraError } from './contract/errors.ts';
import { assertTokenizerKnown } from './chunking/tokenizer-names.ts';

interface Missing {
  key: string;
  applies(o: ResolvedOptions): boolean;
  message: string;
}

const MISSING: Missing[] = [
];

export function assertSupported(options: ResolvedOptions): void {
  const problems = MISSING.filter((m) => m.applies(options)).map((m) => `${m.key}: ${m.message}`);
  if (problems.length) throw new TesseraError('unsupported', problems.join('; '));
  // Tokenizer model names are checked here, before any page is read (the tokenizers load lazily).
  assertTokenizerKnown(options.chunking_options);
}
