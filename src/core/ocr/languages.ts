// ocr_language names -> tesseract traineddata codes. The codes are the ones the
// `@tesseract.js-data/<code>` packages ship (Node reads them from node_modules, the app serves them
// from its own origin). A name missing here is a 400 that lists the supported names.
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
};

export const SUPPORTED_LANGUAGES: readonly string[] = Object.keys(LANGUAGE_CODES);

/** Every traineddata code some language name maps to. */
export const LANGUAGE_DATA_CODES: readonly string[] = [...new Set(Object.values(LANGUAGE_CODES))];

/** Language names that the issue asks for but whose traineddata is not on the npm registry. */
const UNAVAILABLE: Readonly<Record<string, string>> = {
  russian: 'no @tesseract.js-data/rus package exists on the npm registry',
};

/** Problems with an `ocr_language` value (names joined by '+'), or [] when every name is known. */
export function languageProblems(value: string): string[] {
  const problems: string[] = [];
  for (const name of value.split('+')) {
    const key = name.trim().replace(/\s+/g, '_');
    if (key in LANGUAGE_CODES) continue;
    const why = UNAVAILABLE[key] ? ` (${UNAVAILABLE[key]})` : '';
    problems.push(`unknown OCR language "${name}"${why}; supported: ${SUPPORTED_LANGUAGES.join(', ')}`);
  }
  return problems;
}

/** `english+german` -> ['eng', 'deu'] (deduplicated, in order). Throws bad_option on unknown names. */
export function languageCodes(value: string): string[] {
  const problems = languageProblems(value);
  if (problems.length) throw new TesseraError('bad_option', `ocr_language: ${problems.join('; ')}`);
  return [...new Set(value.split('+').map((n) => LANGUAGE_CODES[n.trim().replace(/\s+/g, '_')]!))];
}
