// A display formula is one element. pdf.js gives its parts as runs of their own (a large ∑ with
// its limits above and below, a fraction's numerator and denominator, subscripts on a line of their
// own), which become lines, blocks and elements of their own: a dozen Formula and stray Text pieces
// scattered over the formula's box. Formula blocks that touch, and the short math fragments between
// and around them, become one Formula, its text read row by row; with its number, `(4)`, set far
// right on its line.
import type { Rect } from '../pdf/types.ts';
import type { Labelled } from './label.ts';

/** A piece of a formula that was not labelled one: a single short line with no word in it (`k`, `.`, `i=1`, `(3)`). */
function isFragment(l: Labelled): boolean {
  if (l.candidates[0]!.type !== 'Text' || l.lines.length !== 1 || l.text !== undefined) return false;
  const text = l.lines[0]!.trim();
  return text.length > 0 && text.length <= 16 && !/\p{L}{4,}/u.test(text);
}

const isFormula = (l: Labelled): boolean => l.candidates[0]!.type === 'Formula';

/** An equation's number, set at the end of its line (`(4)`, `(2.3a)`). */
const isEquationNumber = (l: Labelled): boolean => l.lines.length === 1 && /^\s*\(\d{1,3}(\.\d{1,3})?[a-z]?\)\s*$/.test(l.lines[0]!);

/** `a` and `b` share a line (each holds half the other's height) with nothing of `others` between them. */
function sameLineAlone(a: Rect, b: Rect, others: readonly Labelled[]): boolean {
  const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (overlap < 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0)) return false;
  const [left, right] = a.x0 <= b.x0 ? [a, b] : [b, a];
  return !others.some((o) => o.rect !== a && o.rect !== b && o.rect.x0 < right.x0 && o.rect.x1 > left.x1 && o.rect.y0 < Math.min(a.y1, b.y1) && o.rect.y1 > Math.max(a.y0, b.y0));
}

/** Boxes within `dx` of each other across and `dy` down. */
function near(a: Rect, b: Rect, dx: number, dy: number): boolean {
  return a.x0 - dx < b.x1 && b.x0 - dx < a.x1 && a.y0 - dy < b.y1 && b.y0 - dy < a.y1;
}

/** The pieces' text, row by row (pieces whose middles fall within a row's height), left to right. */
function readRows(pieces: Labelled[]): string {
  const rows: Array<{ y0: number; y1: number; pieces: Labelled[] }> = [];
  for (const p of [...pieces].sort((a, b) => a.rect.y0 + a.rect.y1 - (b.rect.y0 + b.rect.y1))) {
    const mid = (p.rect.y0 + p.rect.y1) / 2;
    const row = rows.find((r) => mid >= r.y0 && mid <= r.y1);
    if (row) row.pieces.push(p);
    else rows.push({ y0: p.rect.y0, y1: p.rect.y1, pieces: [p] });
  }
  return rows.map((r) => r.pieces.sort((a, b) => a.rect.x0 - b.rect.x0).map((p) => p.lines.join(' ').trim()).join(' ')).join(' ');
}

/**
 * `out` with each group of touching formula pieces made one Formula (in the place of its first
 * piece). A group needs two Formula blocks: a lone formula keeps its neighbours, which may be words.
 * `body`: the page's body font size, which sets how near is touching.
 */
export function joinFormulaPieces(out: Labelled[], body: number): Labelled[] {
  if (out.filter(isFormula).length < 2) return out;
  const member = out.map((l) => isFormula(l) || isFragment(l));
  const numberAt = out.map(isEquationNumber);
  // Groups by union-find over pieces within half a line down and two ems across.
  const parent = out.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < out.length; i++) {
    if (!member[i]) continue;
    for (let j = i + 1; j < out.length; j++) {
      if (!member[j] || !(isFormula(out[i]!) || isFormula(out[j]!))) continue;
      // (An equation's number stands far right of its formula, on its line.)
      const numbered = (numberAt[i] || numberAt[j]) && sameLineAlone(out[i]!.rect, out[j]!.rect, out);
      if (numbered || near(out[i]!.rect, out[j]!.rect, 2 * body, 0.5 * body)) parent[find(j)] = find(i);
    }
  }
  const groups = new Map<number, number[]>();
  out.forEach((_, i) => {
    if (member[i]) groups.set(find(i), [...(groups.get(find(i)) ?? []), i]);
  });
  const replaced = new Map<number, Labelled>();
  const gone = new Set<number>();
  for (const idx of groups.values()) {
    const pieces = idx.map((i) => out[i]!);
    if (pieces.filter(isFormula).length < 2) continue;
    const rect = pieces.slice(1).reduce<Rect>(
      (r, p) => ({ x0: Math.min(r.x0, p.rect.x0), y0: Math.min(r.y0, p.rect.y0), x1: Math.max(r.x1, p.rect.x1), y1: Math.max(r.y1, p.rect.y1) }),
      { ...pieces[0]!.rect },
    );
    const score = Math.max(...pieces.filter(isFormula).map((p) => p.candidates[0]!.score));
    replaced.set(idx[0]!, {
      candidates: [{ type: 'Formula', score }, { type: 'Text', score: Math.round((1 - score) * 100) / 100 }],
      rect,
      lines: [readRows(pieces)],
      fontSize: Math.max(...pieces.map((p) => p.fontSize)),
    });
    for (const i of idx.slice(1)) gone.add(i);
  }
  return out.flatMap((l, i) => (gone.has(i) ? [] : [replaced.get(i) ?? l]));
}
