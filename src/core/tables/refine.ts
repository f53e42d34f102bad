// Hybrid structure for ruled tables whose rulings do not draw every cell border: rows that the
// rules leave together (several numeric lines between two rules, as in statistical tables) and
// columns that only text alignment separates (verticals drawn in the header alone) get virtual
// rulings from the text, and the ruled grid is built from real and virtual rulings together.
import { columnGaps, rowsOf, type Column } from './aligned.ts';
import { numericLike } from './grid.ts';
import { clusterPositions, type RulingGroup } from './rulings.ts';
import { linesOf, type Word } from './words.ts';

const TOL = 3;
const BULLET = /^(?:[•●▪■◦‣∙·\-–—*]|\(?\d{1,2}[.)]|\(?[a-z][.)])$/i;

const centerY = (w: Word): number => (w.rect.y0 + w.rect.y1) / 2;

export function refineRulings(group: RulingGroup, allWords: readonly Word[]): RulingGroup {
  const { rect } = group;
  const words = allWords.filter((w) => !w.rotated);
  const rulings = [...group.rulings];
  const vs = group.rulings.filter((r) => !r.horizontal);
  const hs = group.rulings.filter((r) => r.horizontal);
  const xs = clusterPositions([rect.x0, rect.x1, ...vs.map((v) => v.pos)], TOL);
  const ys = clusterPositions([rect.y0, rect.y1, ...hs.map((h) => h.pos)], TOL);
  const bandCols: Column[] = xs.slice(0, -1).map((x, i) => ({ x0: x, x1: xs[i + 1]! }));

  // Rows: a band between two rules holding several lines with numbers splits into text rows; so
  // does one whose lines each fill two or more columns and stand clearly apart (a header line over
  // a first row that the rules leave together). Lines set tight are one wrapped cell.
  const rowEdges: number[] = [...ys];
  for (let r = 0; r + 1 < ys.length; r++) {
    const band = words.filter((w) => centerY(w) > ys[r]! && centerY(w) < ys[r + 1]!);
    const lines = linesOf(band);
    if (lines.length < 2) continue;
    // Lines of a data row: a figure among two or more cells (a lone "100" ends a wrapped header).
    const numericLines = lines.filter((l) => l.segments.length >= 2 && l.segments.some((s) => numericLike(s.text))).length;
    const rows = rowsOf(lines, bandCols, []);
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      const size = Math.min(...a.lines.map((l) => l.fontSize), ...b.lines.map((l) => l.fontSize));
      const spread = (row: typeof a): number => new Set(row.lines.flatMap((l) => l.segments.map((sg) => bandCols.findIndex((c) => (sg.rect.x0 + sg.rect.x1) / 2 < c.x1)))).size;
      const labelled = (row: typeof a): boolean => row.lines.some((l) => l.segments.some((sg) => sg.rect.x0 < (bandCols[0]?.x1 ?? rect.x1)));
      const apart = b.rect.y0 - a.rect.y1 >= 0.4 * size && spread(a) >= 2 && spread(b) >= 2 && labelled(a) && labelled(b);
      if (numericLines < 2 && !apart) continue;
      const y = (a.rect.y1 + b.rect.y0) / 2;
      rulings.push({ horizontal: true, pos: y, from: rect.x0, to: rect.x1 });
      rowEdges.push(y);
    }
  }
  rowEdges.sort((a, b) => a - b);

  // Columns: gaps in the text's x-coverage. A gap holding a ruling's position extends that ruling
  // through the row bands it skips (verticals drawn in the header only); a gap with no ruling adds
  // a new border. Either way only in bands where no word crosses it and text lies on both sides
  // (a short header centred over two columns is not split).
  const lines = linesOf(words);
  if (lines.length >= 3) {
    for (const gap of columnGaps(lines, rect)) {
      const existing = xs.find((v) => v > gap.from - 2 * TOL && v < gap.to + 2 * TOL);
      const x = existing ?? gap.at;
      const left = Math.max(...xs.filter((v) => v < x - TOL), rect.x0);
      const right = Math.min(...xs.filter((v) => v > x + TOL), rect.x1);
      const sides = (ws: readonly Word[]): boolean => ws.some((w) => w.rect.x1 <= x && w.rect.x0 >= left - 1) && ws.some((w) => w.rect.x0 >= x && w.rect.x1 <= right + 1);
      if (existing === undefined) {
        // Enough lines with text on both sides, or it is a ragged edge, not a column border; and
        // not bullets before list items inside a cell.
        const both = lines.filter((l) => sides(l.words)).length;
        if (both < 3) continue;
        const leftWords = words.filter((w) => w.rect.x1 <= x && w.rect.x0 >= left - 1);
        if (leftWords.every((w) => BULLET.test(w.text))) continue;
      }
      for (let r = 0; r + 1 < rowEdges.length; r++) {
        const y0 = rowEdges[r]!;
        const y1 = rowEdges[r + 1]!;
        const band = words.filter((w) => centerY(w) > y0 && centerY(w) < y1);
        const crossed = band.some((w) => w.rect.x0 < x - 0.5 && w.rect.x1 > x + 0.5);
        if (!crossed && sides(band)) rulings.push({ horizontal: false, pos: x, from: y0, to: y1 });
      }
    }
  }
  return { rulings, rect };
}
