// TEDS (tree-edit-distance similarity, Zhong et al. 2020) of tables as HTML trees with text:
// table > tr > td(colspan, rowspan, text). Node edit costs: insert/delete 1; renaming a td into a td
// with the same spans costs the normalised Levenshtein distance of their texts, anything else 1.
// TEDS = 1 - distance / max(|T1|, |T2|). Tree edit distance by Zhang-Shasha.
//
// On the corpus: each truth table of `<stem>.gt.docling.json` (docling group: born-digital and
// ODF exports) is paired with the predicted table of the same page (when the truth has one) that
// scores best, each predicted table used once; a truth table with no prediction scores 0.
//
// Standalone: tsx eval/teds.ts <docling group dir>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { TableStructure } from '../src/core/contract/types.ts';
import type { PredictedTable } from './icdar.ts';
import type { DocRun, Evaluator, Metric } from './types.ts';

export interface SimpleCell {
  row: number;
  col: number;
  rowspan: number;
  colspan: number;
  text: string;
}

interface Node {
  label: string;
  text: string;
  children: Node[];
}

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

export function tableTree(cells: readonly SimpleCell[]): Node {
  const rows = new Map<number, SimpleCell[]>();
  for (const c of cells) rows.set(c.row, [...(rows.get(c.row) ?? []), c]);
  const children = [...rows.keys()]
    .sort((a, b) => a - b)
    .map((r) => ({
      label: 'tr',
      text: '',
      children: rows
        .get(r)!
        .sort((a, b) => a.col - b.col)
        .map((c) => ({ label: `td:${c.rowspan}:${c.colspan}`, text: norm(c.text), children: [] })),
    }));
  return { label: 'table', text: '', children };
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

function renameCost(a: Node, b: Node): number {
  if (a.label !== b.label) return 1;
  if (!a.label.startsWith('td')) return 0;
  const m = Math.max(a.text.length, b.text.length);
  return m ? levenshtein(a.text, b.text) / m : 0;
}

interface Flat {
  nodes: Node[];
  /** Leftmost leaf descendant (post-order index) of each node. */
  lmd: number[];
  keyroots: number[];
}

function flatten(root: Node): Flat {
  const nodes: Node[] = [];
  const lmd: number[] = [];
  const walk = (n: Node): number => {
    let first = -1;
    for (const c of n.children) {
      const l = walk(c);
      if (first < 0) first = l;
    }
    nodes.push(n);
    const idx = nodes.length - 1;
    lmd[idx] = first < 0 ? idx : first;
    return lmd[idx]!;
  };
  walk(root);
  const seen = new Map<number, number>();
  for (let i = 0; i < nodes.length; i++) seen.set(lmd[i]!, i);
  const keyroots = [...seen.values()].sort((a, b) => a - b);
  return { nodes, lmd, keyroots };
}

export function treeEditDistance(t1: Node, t2: Node): number {
  const A = flatten(t1);
  const B = flatten(t2);
  const n = A.nodes.length;
  const m = B.nodes.length;
  const td = Array.from({ length: n }, () => new Float64Array(m));
  for (const i of A.keyroots) {
    for (const j of B.keyroots) {
      const li = A.lmd[i]!;
      const lj = B.lmd[j]!;
      const rows = i - li + 2;
      const cols = j - lj + 2;
      const fd = Array.from({ length: rows }, () => new Float64Array(cols));
      for (let x = 1; x < rows; x++) fd[x]![0] = fd[x - 1]![0]! + 1;
      for (let y = 1; y < cols; y++) fd[0]![y] = fd[0]![y - 1]! + 1;
      for (let x = 1; x < rows; x++) {
        for (let y = 1; y < cols; y++) {
          const ai = li + x - 1;
          const bj = lj + y - 1;
          if (A.lmd[ai] === li && B.lmd[bj] === lj) {
            fd[x]![y] = Math.min(fd[x - 1]![y]! + 1, fd[x]![y - 1]! + 1, fd[x - 1]![y - 1]! + renameCost(A.nodes[ai]!, B.nodes[bj]!));
            td[ai]![bj] = fd[x]![y]!;
          } else {
            const px = A.lmd[ai]! - li;
            const py = B.lmd[bj]! - lj;
            fd[x]![y] = Math.min(fd[x - 1]![y]! + 1, fd[x]![y - 1]! + 1, fd[px]![py]! + td[ai]![bj]!);
          }
        }
      }
    }
  }
  return td[n - 1]![m - 1]!;
}

const size = (t: Node): number => 1 + t.children.reduce((a, c) => a + size(c), 0);

export function teds(a: readonly SimpleCell[], b: readonly SimpleCell[]): number {
  const t1 = tableTree(a);
  const t2 = tableTree(b);
  const denom = Math.max(size(t1), size(t2));
  return denom ? 1 - treeEditDistance(t1, t2) / denom : 1;
}

export function cellsOfStructure(t: TableStructure): SimpleCell[] {
  return t.cells.map((c) => ({ row: Math.min(...c.rows), col: Math.min(...c.cols), rowspan: c.rows.length, colspan: c.cols.length, text: c.content }));
}

interface DoclingCell {
  start_row_offset_idx: number;
  start_col_offset_idx: number;
  row_span: number;
  col_span: number;
  text: string;
}

interface DoclingTable {
  prov?: Array<{ page_no: number }>;
  data: { table_cells: DoclingCell[]; grid?: DoclingCell[][] };
}

/** Every slot of the table, empty ones too (table_cells leaves empty cells out; the grid has them,
 * with a spanning cell repeated in each slot it covers). */
function doclingCells(t: DoclingTable): SimpleCell[] {
  const source = t.data.grid?.length ? t.data.grid.flat() : t.data.table_cells;
  const seen = new Set<string>();
  const out: SimpleCell[] = [];
  for (const c of source) {
    const key = `${c.start_row_offset_idx},${c.start_col_offset_idx}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ row: c.start_row_offset_idx, col: c.start_col_offset_idx, rowspan: c.row_span, colspan: c.col_span, text: c.text });
  }
  return out;
}

export interface TruthTable {
  page: number | null;
  cells: SimpleCell[];
}

export function readDoclingTables(dir: string, stem: string): TruthTable[] {
  const file = join(dir, `${stem}.gt.docling.json`);
  if (!existsSync(file)) return [];
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { tables?: DoclingTable[] };
  return (doc.tables ?? [])
    .filter((t) => t.data.table_cells.length > 0)
    .map((t) => ({
      page: t.prov?.[0]?.page_no ?? null,
      cells: doclingCells(t),
    }));
}

export interface TedsDoc {
  stem: string;
  scores: number[];
  /** Page of each truth table (null: the truth does not say). */
  pages: Array<number | null>;
  predicted: number;
}

export function scoreTeds(stem: string, truth: readonly TruthTable[], predicted: readonly PredictedTable[]): TedsDoc {
  // Pairs by descending score, each truth and each prediction used once (greedy assignment).
  const pairs: Array<[number, number, number]> = [];
  truth.forEach((t, i) =>
    predicted.forEach((p, j) => {
      if (!p.table || (t.page !== null && p.page !== t.page)) return;
      pairs.push([teds(t.cells, cellsOfStructure(p.table)), i, j]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0]);
  const scores = truth.map(() => 0);
  const usedT = new Set<number>();
  const usedP = new Set<number>();
  for (const [v, i, j] of pairs) {
    if (usedT.has(i) || usedP.has(j)) continue;
    usedT.add(i);
    usedP.add(j);
    scores[i] = v;
  }
  return { stem, scores, pages: truth.map((t) => t.page), predicted: predicted.length };
}

export const hasDoclingTables = (dir: string, stem: string): boolean => readDoclingTables(dir, stem).length > 0;

export async function evaluateTeds(dir: string, runEngine: (pdf: string) => Promise<PredictedTable[]>): Promise<TedsDoc[]> {
  const out: TedsDoc[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const stem = basename(name, '.pdf');
    const truth = readDoclingTables(dir, stem);
    if (truth.length === 0) continue;
    out.push(scoreTeds(stem, truth, await runEngine(join(dir, name))));
  }
  return out;
}

export const meanTeds = (docs: readonly TedsDoc[]): number => {
  const all = docs.flatMap((d) => d.scores);
  return all.length ? all.reduce((a, b) => a + b, 0) / all.length : 0;
};

export const tedsEvaluator: Evaluator = {
  name: 'TEDS (docling tables)',
  appliesTo: (run: DocRun) => hasDoclingTables(run.dir, run.stem),
  evaluate(runs: readonly DocRun[]): Metric[] {
    const docs = runs.map((r) =>
      scoreTeds(
        r.stem,
        readDoclingTables(r.dir, r.stem),
        r.elements.filter((e) => e.type === 'table').map((e) => ({ page: e.properties.page_number, bbox: e.bbox, ...(e.table ? { table: e.table } : {}) })),
      ),
    );
    // Per document, then the ten worst truth tables (a 0 is a table not returned at all).
    const perDoc = docs.map((d) => ({ name: `TEDS ${d.stem} (${d.predicted} predicted)`, value: meanTeds([d]), n: d.scores.length }));
    const worst = docs
      .flatMap((d) => d.scores.map((v, i) => ({ v, label: `${d.stem} table ${i + 1}${d.pages[i] !== null ? ` (page ${d.pages[i]})` : ''}` })))
      .filter((x) => x.v < 1)
      .sort((a, b) => a.v - b.v)
      .slice(0, 10)
      .map((x, k) => ({ name: `TEDS worst ${k + 1}: ${x.label}`, value: x.v, n: 1 }));
    return [{ name: 'TEDS (tables with text, mean over truth tables)', value: meanTeds(docs), n: docs.reduce((a, d) => a + d.scores.length, 0) }, ...perDoc, ...worst];
  },
};

if (process.argv[1] && /teds\.ts$/.test(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: tsx eval/teds.ts <docling group dir>');
    process.exit(2);
  }
  const { runTablesStage } = await import('./run-tables.ts');
  const docs = await evaluateTeds(dir, (pdf) => runTablesStage(pdf).catch((e: unknown) => {
    console.error(`${pdf}: ${String(e)}`);
    return [];
  }));
  console.log(`TEDS on ${dir}: ${meanTeds(docs).toFixed(3)} over ${docs.reduce((a, d) => a + d.scores.length, 0)} truth tables`);
  for (const d of docs) console.log(`  ${d.stem}: ${d.scores.map((s) => s.toFixed(3)).join(' ')} (${d.predicted} predicted tables)`);
}
