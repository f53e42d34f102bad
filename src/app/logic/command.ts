// The `tessera partition` command line equivalent to the options in the app, for the copy button.

/** Quotes a word for a POSIX shell (single quotes; a single quote becomes '\''). */
export function shellQuote(word: string): string {
  if (/^[\w@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function cliCommand(fileName: string | undefined, options: Record<string, unknown> | undefined, optionsText: string, ocrEngine?: string): string {
  const json = options === undefined ? optionsText.trim() : JSON.stringify(options);
  const parts = ['tessera', 'partition', shellQuote(fileName ?? 'FILE')];
  if (json !== '' && json !== '{}') parts.push('--options', shellQuote(json));
  if (ocrEngine) parts.push('--ocr-engine', ocrEngine);
  return parts.join(' ');
}
