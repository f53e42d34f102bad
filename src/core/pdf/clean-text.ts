// Text as pdf.js hands it -> text as a reader would type it. Used wherever the engine joins runs
// into text (layout lines, table cells), so that both read the same.

const LIGATURES = /[\ufb00-\ufb06]/g;
/** Arabic presentation forms (contextual glyph shapes fonts map to): the letters they show. */
const ARABIC_FORMS = /[\ufb50-\ufdff\ufe70-\ufefc]+/g;
/** Spacing accents set as glyphs of their own (TeX's `\'a`) and the combining marks they stand for. */
const SPACING_ACCENTS: Record<string, string> = {
  '\u00b4': '\u0301', '\u02c6': '\u0302', '\u02dc': '\u0303', '\u00a8': '\u0308', '\u02c7': '\u030c', '\u02d8': '\u0306',
  '\u02d9': '\u0307', '\u02da': '\u030a', '\u00b8': '\u0327', '\u02db': '\u0328', '\u02dd': '\u030b', '\u00af': '\u0304',
};
/**
 * The accent, then its letter; a space between them too inside a word (`Gr¨ obner`: a table cell
 * joins the two glyphs as words), not after a space (`vector ´ and`, where a font without Unicode
 * for β maps it to an accent).
 */
const ACCENT_BEFORE_LETTER = /((?<=\p{L})[\u00b4\u02c6\u02dc\u00a8\u02c7\u02d8\u02d9\u02da\u00b8\u02db\u02dd\u00af] ?|[\u00b4\u02c6\u02dc\u00a8\u02c7\u02d8\u02d9\u02da\u00b8\u02db\u02dd\u00af])(\p{L})/gu;

/**
 * A line's text as a reader would type it: ligatures and Arabic presentation forms unfolded, an
 * accent drawn as a separate glyph before its letter composed with it (`J´an` -> `Ján`, where such a
 * letter exists), doubled single quotes (``‘‘ ’’``, TeX's) made the double quotes they show, a
 * lam-alef ligature that pdf.js reversed put back where that is certain.
 */
export function cleanText(text: string): string {
  return text
    .replace(LIGATURES, (c) => c.normalize('NFKC'))
    .replace(ARABIC_FORMS, (c) => c.normalize('NFKC'))
    .replace(ACCENT_BEFORE_LETTER, (all, accent: string, letter: string) => {
      const composed = (letter + SPACING_ACCENTS[accent.trim()]!).normalize('NFC');
      return composed.length === 1 ? composed : all;
    })
    // pdf.js reverses right-to-left text character by character, so a lam-alef ligature glyph whose
    // Unicode is the two letters `لا` comes out as `ال`. After an alef (which never doubles) that
    // reversal is certain: `کاالی` is `کالای`, `األ` is `الأ`.
    .replace(/ا([اأإآ])ل/g, 'ال$1')
    // Control codes are no text (a symbol font's glyph without a Unicode mapping comes as one).
    .replace(/(?![\t\n\r])\p{Cc}/gu, '')
    .replace(/\u2018\u2018/g, '\u201c')
    .replace(/\u2019\u2019/g, '\u201d')
    .replace(/\s+/g, ' ')
    .trim();
}
