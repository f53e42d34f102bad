// What this build of the engine can do. Options the contract accepts but whose engine has not
// landed yet fail with a clear 400 that names the option, instead of being silently ignored.
import type { ResolvedOptions } from './contract/options.ts';
import { TesseraError } from './contract/errors.ts';

interface Missing {
  key: string;
  applies(o: ResolvedOptions): boolean;
  message: string;
}

const MISSING: Missing[] = [
  {
    key: 'chunking_options',
    applies: (o) => o.chunking_options !== null,
    message: 'chunking is not available in this build of Tessera yet; remove chunking_options',
  },
  {
    key: 'extract_images',
    applies: (o) => o.extract_images,
    message: 'image extraction is not available in this build of Tessera yet; set extract_images to false',
  },
  {
    key: 'text_mode',
    applies: (o) => o.text_mode === 'ocr_standard',
    message: 'text_mode "ocr_standard" needs the OCR engine, which is not in this build yet; use "auto"',
  },
];

export function assertSupported(options: ResolvedOptions): void {
  const problems = MISSING.filter((m) => m.applies(options)).map((m) => `${m.key}: ${m.message}`);
  if (problems.length) throw new TesseraError('unsupported', problems.join('; '));
}
