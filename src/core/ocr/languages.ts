// ocr_language names -> tesseract traineddata codes. Most codes are the ones the
// `@tesseract.js-data/<code>` packages ship (Node reads them from node_modules); the few languages no
// such package exists for ship gzipped in this repository under models/tessdata/ (REPO_TESSDATA_CODES;
// provenance in models/README.md). The app serves both from its own origin under /tesseract/lang/.
// A name missing here is a 400 that lists the supported names.
import { TesseraError } from '../contract/errors.ts';

export const LANGUAGE_CODES: Readonly<Record<string, string>> = {
  english: 'eng',
  german: 'deu',
  french: 'fra',
  spanish: 'spa',
  italian: 'ita',
  portuguese: 'por',
  dutch: 'nld',
  chinese: 'chi_sim',
  chinese_simplified: 'chi_sim',
  chinese_traditional: 'chi_tra',
  japanese: 'jpn',
  korean: 'kor',
  arabic: 'ara',
  russian: 'rus',
};

/** Other accepted spellings, not listed among the supported names: the bare traineddata code. */
const ALIASES: Readonly<Record<string, string>> = {
  rus: 'russian',
};

export const SUPPORTED_LANGUAGES: readonly string[] = Object.keys(LANGUAGE_CODES);

/** Every traineddata code some language name maps to. */
export const LANGUAGE_DATA_CODES: readonly string[] = [...new Set(Object.values(LANGUAGE_CODES))];

/**
 * Traineddata codes with no `@tesseract.js-data/<code>` npm package: this repository ships them as
 * `<REPO_TESSDATA_DIR>/<code>.traineddata.gz` (tessdata_fast LSTM models, see models/README.md).
 */
export const REPO_TESSDATA_CODES: readonly string[] = ['rus'];

/** The repository folder (relative to its root) holding REPO_TESSDATA_CODES' files. */
export const REPO_TESSDATA_DIR = 'models/tessdata';

/** Codes whose traineddata comes from an `@tesseract.js-data/<code>` npm package. */
export const NPM_TESSDATA_CODES: readonly string[] = LANGUAGE_DATA_CODES.filter((c) => !REPO_TESSDATA_CODES.includes(c));

/** The LANGUAGE_CODES key a name stands for (`Chinese Simplified` -> chinese_simplified, rus -> russian), or undefined. */
function languageKey(name: string): string | undefined {
  const key = name.trim().toLowerCase().replace(/\s+/g, '_');
  // Own keys only: `constructor` or `__proto__` are not languages.
  const resolved = Object.hasOwn(ALIASES, key) ? ALIASES[key]! : key;
  return Object.hasOwn(LANGUAGE_CODES, resolved) ? resolved : undefined;
}

/** Problems with an `ocr_language` value (names joined by '+'), or [] when every name is known. */
export function languageProblems(value: string): string[] {
  const problems: string[] = [];
  for (const name of value.split('+')) {
    if (languageKey(name)) continue;
    problems.push(`unknown OCR language "${name}"; supported: ${SUPPORTED_LANGUAGES.join(', ')}`);
  }
  return problems;
}

/** `english+german` -> ['eng', 'deu'] (deduplicated, in order). Throws bad_option on unknown names. */
export function languageCodes(value: string): string[] {
  const problems = languageProblems(value);
  if (problems.length) throw new TesseraError('bad_option', `ocr_language: ${problems.join('; ')}`);
  return [...new Set(value.split('+').map((n) => LANGUAGE_CODES[languageKey(n)!]!))];
}
