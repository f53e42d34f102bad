// Joining an element's lines into its text_representation.

const HYPHENATED = /\p{Ll}[-\u00ad\u2010]$/u;

/**
 * Lines joined with '\n', or with spaces when line breaks are removed (the default), in which case
 * a word hyphenated across a line end is rejoined ("parti-" + "tioning" -> "partitioning"; a soft
 * hyphen always). The result ends with a newline, as the service's text_representation does.
 */
export function joinLines(lines: readonly string[], removeLineBreaks: boolean): string {
  if (lines.length === 0) return '';
  if (!removeLineBreaks) return lines.join('\n') + '\n';
  let text = lines[0]!;
  for (const line of lines.slice(1)) {
    if (HYPHENATED.test(text) && /^\p{Ll}/u.test(line)) text = text.slice(0, -1) + line;
    else if (text.endsWith('\u00ad')) text = text.slice(0, -1) + line;
    else text += ' ' + line;
  }
  return text.replace(/\u00ad/g, '') + '\n';
}
