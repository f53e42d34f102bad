// Fonts whose glyphs all have one width (code, terminal output). Named ones are known by name; others
// by their runs: a proportional font's width per character follows the letters (`fill` is narrow,
// `MWM` wide), a monospaced font's does not. So runs whose letters would set at clearly different
// widths in a proportional face, yet measure the same per character, are in a monospaced one.
import type { TextRun } from '../pdf/types.ts';

const MONO_NAME = /courier|mono|consol|menlo|inconsolata|lucida ?console|typewriter|cmtt|sfmono/i;
const MIN_RUNS = 5;

/** Rough widths of a proportional sans face, in ems. */
function proportionalWidth(ch: string): number {
  if (/[ijlftI.,:;'!|()\s]/.test(ch)) return 0.28;
  if (/[mwMW]/.test(ch)) return 0.86;
  if (/[A-Z]/.test(ch)) return 0.68;
  return 0.54;
}

function spread(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return mean > 0 ? Math.sqrt(variance) / mean : 0;
}

export function monospaceFonts(runs: readonly TextRun[]): Set<string> {
  const samples = new Map<string, { actual: number[]; expected: number[] }>();
  const out = new Set<string>();
  for (const r of runs) {
    if (MONO_NAME.test(r.fontName)) out.add(r.fontName);
    // Short runs and runs with outer spaces measure badly (trailing spaces are often not drawn);
    // digits are of one width in most fonts, and so are CJK characters: Latin letters only tell.
    if (r.text.length < 4 || r.text !== r.text.trim() || Math.abs(r.angle) > 1 || r.fontSize <= 0) continue;
    if ((r.text.match(/[A-Za-z]/g) ?? []).length < 0.5 * r.text.replace(/\s/g, '').length) continue;
    const s = samples.get(r.fontName) ?? { actual: [], expected: [] };
    s.actual.push((r.rect.x1 - r.rect.x0) / (r.text.length * r.fontSize));
    s.expected.push([...r.text].reduce((w, ch) => w + proportionalWidth(ch), 0) / r.text.length);
    samples.set(r.fontName, s);
  }
  for (const [font, s] of samples) {
    if (s.actual.length < MIN_RUNS) continue;
    // Monospaced widths agree to a fraction of a per cent; a proportional face's spread by several.
    if (spread(s.expected) > 0.04 && spread(s.actual) < 0.01) out.add(font);
  }
  return out;
}
