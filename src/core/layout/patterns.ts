// Text patterns the labeller and the block builder share.

/** Bullets and enumerators that start a list item: `•`, `-`, `1.`, `(a)`, `iv)`. */
/** Enumerators must be followed by a space: `19.8%`, `3.2,`, `(0.85 mm)` and `-10` open no item. */
/** A number alone on its line (`158.`, the item's text set beside a figure or on the next line) opens one too. */
export const LIST_MARKER = /^\s*([•◦▪▫‣⁃∙·●○■□➢►▶✓✔]\s*\S|[-–—*]\s+\S|(\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivx]{1,5}[.)]|\(\d{1,3}\))\s+\S|\d{1,3}[.)]\s*$)/i;
/** Bullet glyphs alone (no space needed after them). */
export const BULLET_GLYPH = /^\s*[•◦▪▫‣⁃∙●○■□➢►▶✓✔]/;
/** Caption openers: `Figure 3`, `Fig. 2:`, `Table IV.`, `Listing 1`. */
/** (Also bracketed, and in Korean, Chinese and Japanese: `[표 1]`, `그림 2`, `表3`, `图 4`.) */
export const CAPTION = /^\s*[[<【]?\s*(figure|fig\.|table|tab\.|chart|graph|listing|algorithm|scheme|plate|exhibit|diagram|abbildung|abb\.|tabelle|tableau|tabla|figura|표|그림|도표|表|图|圖|図)\s*(\d+[A-Za-z]?(\.\d+)*|[IVXLC]+)(?![\p{L}\d])\s*([\]>】.:|—–-]?)/iu;

/**
 * A line that opens a caption: `Figure 3. ...`, `Table 2` (title on the next line), `Fig. 4:`.
 * A sentence that merely starts with a reference (`Fig. 4 shows ...`, `Table 1 lists ...`: the
 * number followed by a lower-case word, no delimiter) is running text.
 */
export function opensCaption(text: string): boolean {
  const m = CAPTION.exec(text);
  if (!m) return false;
  return !!m[4] || !/^\p{Ll}/u.test(text.slice(m[0].length));
}
/** Section numbering: `1`, `1.2`, `2.3.1.`, `IV.`, `A.`, `Chapter 3`. */
export const SECTION_NUMBER = /^\s*((\d{1,2}(\.\d{1,2}){0,4}\.?)|([IVX]{1,6}\.)|([A-H]\.)|((chapter|section|part|appendix)\s+[\dIVXA-Z]+[.:]?))\s+\S/i;
/** A page number or `Page 3 of 10`. */
export const PAGE_NUMBER = /^\s*((page|p\.|seite)\s*)?[-–—]?\s*(\d{1,4}|[ivxlc]{1,7})\s*[-–—]?(\s*(of|\/|von)\s*\d{1,4})?\s*$/i;

const MATH_CHARS = /[=+×÷±∓≤≥≠≈≡∼∝∑∏∫∮√∞∂∇∈∉∋⊂⊃⊆⊇∪∩∧∨¬→←↔⇒⇐⇔↦∀∃∅^_|·∘⊗⊕′″α-ωΑ-Ω()[\]{}<>/]/g;
const MATH_FONT = /(CMMI|CMSY|CMEX|MSBM|MSAM|Math|Symbol|STIX|rtxmi|txsy|txex|MTMI|MTSY|MTEX|Euclid|esint|wasy)/i;

/** Fraction of non-space characters that are mathematical operators, Greek letters or brackets. */
export function mathDensity(text: string): number {
  // A row of underscores or dots is a form's blank to fill in or a leader, not math.
  const chars = text.replace(/\s/g, '').replace(/_{3,}|\.{3,}/g, '');
  if (!chars.length) return 0;
  return (chars.match(MATH_CHARS)?.length ?? 0) / chars.length;
}

/** An equation written out (`a2 + 8 = 12`): a relation sign, math, and no run of words. */
export function isEquation(text: string): boolean {
  return /[=≤≥≈≠≡]/.test(text) && mathDensity(text) >= 0.2 && !/\p{L}{3,}\s+\p{L}{3,}/u.test(text);
}

export function isMathFont(fontName: string): boolean {
  return MATH_FONT.test(fontName);
}

/** Publisher's furniture at the foot of a first page: DOI, ISSN, copyright line. */
export const PUBLISHER = /©|\(c\)\s*\d{4}|\bdoi\b|doi\.org|\bISSN\b|\b\d{4}-\d{3}[\dX]\/|all rights reserved/i;

/** A line opening a note: a mark (`∗`, `†`, `a`, `1`) set smaller than the text it precedes, or a typographic note sign. */
export function opensNote(runs: readonly { text: string; fontSize: number }[]): boolean {
  const first = runs.find((r) => r.text.trim());
  if (!first) return false;
  return /^\s*[∗*†‡§¶⁎]/u.test(first.text) || opensWithMark(runs);
}

/** The runs start with a mark of a letter or two set smaller than the rest (a note's `1`, `a`). */
export function opensWithMark(runs: readonly { text: string; fontSize: number }[]): boolean {
  const first = runs.find((r) => r.text.trim());
  if (!first) return false;
  const rest = runs.filter((r) => r !== first && r.text.trim());
  const size = Math.max(0, ...rest.map((r) => r.fontSize));
  return /^\s*[\p{L}\d]{1,2}\s*$/u.test(first.text) && size > 0 && first.fontSize < 0.85 * size;
}
