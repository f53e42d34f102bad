// olmOCR-Bench style unit checks (olmocr group, <stem>.gt.olmocr.jsonl) on the Markdown:
// present / absent (fuzzy within max_diffs, optional case folding, first_n / last_n), order
// (before found before after), table (a cell and its neighbours / headings in a Markdown or HTML
// table), baseline (a blank page yields at most max_length characters). `math` checks need LaTeX
// rendering equivalence, which this evaluator cannot judge: they are counted as not evaluable.
// The rules follow olmOCR-Bench's tests.py and table_parsing.py: its normalisation, rapidfuzz
// partial_ratio >= 1 - max_diffs/len for present/absent, fuzzysearch (Levenshtein <= max_diffs) for
// order, ratio >= max(0.5, 1 - max_diffs/len) for table cells, first row/column as Markdown headings.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuzzyStarts, partialRatio, ratio } from './text-metrics.ts';
import type { DocRun, Evaluator } from './types.ts';

interface Check {
  type: string;
  page?: number;
  text?: string;
  before?: string;
  after?: string;
  cell?: string;
  left?: string;
  right?: string;
  up?: string;
  down?: string;
  top_heading?: string;
  left_heading?: string;
  max_diffs?: number;
  case_sensitive?: boolean;
  first_n?: number;
  last_n?: number;
  max_length?: number;
}

/**
 * olmOCR-Bench's normalize_text (olmocr/bench/tests.py): `<br>` to a space, bold and italic markers
 * dropped, whitespace collapsed, NFC, curly quotes / dashes / micro sign to their plain forms.
 * Nothing else: Markdown escapes, heading marks and HTML comments stay, as they do there.
 */
export function normalizeText(s: string): string {
  return s
    .replace(/<br\/?>/g, ' ')
    .replace(/\*\*(.*?)\*\*/g, '$1')
    .replace(/__(.*?)__/g, '$1')
    .replace(/<\/?b>/g, '')
    .replace(/<\/?i>/g, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/(\*|_)(.*?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201a]/g, "'")
    .replace(/[\u201c\u201d\u201e]/g, '"')
    .replace(/\uff3f/g, '_')
    .replace(/[\u2013\u2014\u2011\u2012\u2212]/g, '-')
    .replace(/\u00b5/g, '\u03bc');
}

/** Python's `c.isalnum()` count, as the baseline check measures a page's output. */
const alnumCount = (s: string) => (s.match(/[\p{L}\p{N}]/gu) ?? []).length;

/** The cells of a table and their neighbours, as olmOCR-Bench's table_parsing builds them. */
interface TableData {
  text: Map<string, string>;
  heading: Set<string>;
  up: Map<string, Set<string>>;
  down: Map<string, Set<string>>;
  left: Map<string, Set<string>>;
  right: Map<string, Set<string>>;
}

interface CellSpec {
  text: string;
  rowspan: number;
  colspan: number;
  heading: boolean;
}

function buildTable(rows: CellSpec[][]): TableData | null {
  const text = new Map<string, string>();
  const heading = new Set<string>();
  const meta = new Map<string, { row: number; col: number; rowspan: number; colspan: number }>();
  const occupancy: (string | null)[][] = [];
  const active: ({ id: string; left: number } | null)[] = [];
  rows.forEach((cells, r) => {
    const entries: (string | null)[] = [];
    let col = 0;
    let k = 0;
    while (k < cells.length || col < active.length) {
      const a = active[col];
      if (col < active.length && a) {
        entries.push(a.id);
        active[col] = a.left > 1 ? { id: a.id, left: a.left - 1 } : null;
        col++;
        continue;
      }
      if (k >= cells.length) {
        entries.push(null);
        col++;
        continue;
      }
      const spec = cells[k++]!;
      const id = `${r},${col}`;
      text.set(id, spec.text);
      if (spec.heading) heading.add(id);
      meta.set(id, { row: r, col, rowspan: spec.rowspan, colspan: spec.colspan });
      while (active.length < col + spec.colspan) active.push(null);
      for (let o = 0; o < spec.colspan; o++) {
        entries.push(id);
        active[col + o] = spec.rowspan > 1 ? { id, left: spec.rowspan - 1 } : null;
      }
      col += spec.colspan;
    }
    occupancy.push(entries);
  });
  while (active.some((a) => a)) {
    occupancy.push(active.map((a) => a?.id ?? null));
    active.forEach((a, i) => (active[i] = a && a.left > 1 ? { id: a.id, left: a.left - 1 } : null));
  }
  if (text.size === 0) return null;
  const width = Math.max(0, ...occupancy.map((row) => row.reduce((w, v, i) => (v !== null ? i + 1 : w), 0)));
  if (width === 0) return null;
  for (const row of occupancy) row.length = width;
  const at = (r: number, c: number) => occupancy[r]?.[c] ?? null;
  const rel = () => new Map([...text.keys()].map((id) => [id, new Set<string>()]));
  const [up, down, left, right] = [rel(), rel(), rel(), rel()];
  const walk = (id: string, set: Set<string>, cells: Iterable<[number, number]>) => {
    for (const [r, c] of cells) {
      const n = at(r, c);
      if (n === null || n === id) continue;
      set.add(n);
      return;
    }
  };
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
  for (const [id, m] of meta) {
    const rowEnd = m.row + m.rowspan - 1;
    const colEnd = m.col + m.colspan - 1;
    for (const r of range(m.row, rowEnd + 1)) {
      walk(id, right.get(id)!, range(colEnd + 1, width).map((c) => [r, c] as [number, number]));
      walk(id, left.get(id)!, range(0, m.col).reverse().map((c) => [r, c] as [number, number]));
    }
    for (const c of range(m.col, colEnd + 1)) {
      walk(id, down.get(id)!, range(rowEnd + 1, occupancy.length).map((r) => [r, c] as [number, number]));
      walk(id, up.get(id)!, range(0, m.row).reverse().map((r) => [r, c] as [number, number]));
    }
  }
  return { text, heading, up, down, left, right };
}

/** Heading cells reached by walking up (or left); the cells at the table's edge when there are none. */
function headingRelations(t: TableData, start: string, relation: Map<string, Set<string>>): Set<string> {
  const headings = new Set<string>();
  const ends = new Set<string>();
  const visited = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const cur = todo.pop()!;
    if (visited.has(cur)) continue;
    visited.add(cur);
    if (t.heading.has(cur)) headings.add(cur);
    const next = relation.get(cur);
    if (!next || next.size === 0) ends.add(cur);
    else todo.push(...next);
  }
  headings.delete(start);
  ends.delete(start);
  return headings.size ? headings : ends;
}

/**
 * Tables of a Markdown text, as olmOCR-Bench reads them: runs of lines holding a `|` (two lines at
 * least; the separator row dropped; first row and first column are headings) and HTML tables
 * (`<th>` cells and `<thead>` rows are headings; row and column spans).
 */
export function parseTables(md: string): TableData[] {
  const tables: TableData[] = [];
  const flush = (lines: string[]) => {
    if (lines.length < 2) return;
    const sep = lines.findIndex((l) => {
      const c = l.replace(/\|/g, '').trim();
      return c.length > 0 && /^[- :]+$/.test(c);
    });
    const rows: string[][] = [];
    lines.forEach((l, i) => {
      if (i === sep || (l.trim() && /^[- :|]+$/.test(l))) return;
      const cells = l.split('|').map((c) => c.trim());
      if (cells[0] === '') cells.shift();
      if (cells.length && cells[cells.length - 1] === '') cells.pop();
      if (cells.length) rows.push(cells);
    });
    const t = buildTable(rows.map((cells, r) => cells.map((text, c) => ({ text, rowspan: 1, colspan: 1, heading: r === 0 || c === 0 }))));
    if (t) tables.push(t);
  };
  let current: string[] = [];
  for (const line of md.trim().split('\n')) {
    if (line.includes('|')) current.push(line);
    else {
      flush(current);
      current = [];
    }
  }
  flush(current);
  for (const t of md.matchAll(/<table[\s\S]*?<\/table>/gi)) {
    const rows: CellSpec[][] = [];
    const trs = [...t[0].matchAll(/<tr[\s\S]*?<\/tr>/gi)];
    for (const tr of trs) {
      const inHead = /<thead[\s\S]*$/i.test(t[0].slice(0, tr.index)) && !/<\/thead>/i.test(t[0].slice(t[0].slice(0, tr.index).lastIndexOf('<thead'), tr.index));
      const row: CellSpec[] = [];
      for (const td of tr[0].matchAll(/<t([dh])([^>]*)>([\s\S]*?)<\/t[dh]>/gi)) {
        const span = (name: string) => Math.max(1, Number(new RegExp(`${name}="?(\\d+)`, 'i').exec(td[2]!)?.[1] ?? 1) || 1);
        const text = td[3]!.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '').trim();
        row.push({ text, rowspan: span('rowspan'), colspan: span('colspan'), heading: td[1]!.toLowerCase() === 'h' || inHead });
      }
      rows.push(row);
    }
    const table = buildTable(rows);
    if (table) tables.push(table);
  }
  return tables;
}

function tableCheck(md: string, c: Check): boolean {
  const diffs = c.max_diffs ?? 0;
  const cell = normalizeText(c.cell!);
  const threshold = (s: string) => Math.max(0.5, 1 - diffs / (s.length || 1));
  for (const t of parseTables(md)) {
    for (const [id, content] of t.text) {
      if (ratio(cell, normalizeText(content)) < threshold(cell)) continue;
      const holds = (want: string | undefined, related: Set<string>) => {
        if (!want) return true;
        const w = normalizeText(want);
        return [...related].some((r) => ratio(w, normalizeText(t.text.get(r)!)) >= threshold(w));
      };
      if (
        holds(c.up, t.up.get(id)!) &&
        holds(c.down, t.down.get(id)!) &&
        holds(c.left, t.left.get(id)!) &&
        holds(c.right, t.right.get(id)!) &&
        holds(c.left_heading, headingRelations(t, id, t.left)) &&
        holds(c.top_heading, headingRelations(t, id, t.up))
      )
        return true;
    }
  }
  return false;
}

/** true / false, or null when the check cannot be judged here (math). */
export function runCheck(markdown: string, c: Check): boolean | null {
  const diffs = c.max_diffs ?? 0;
  switch (c.type) {
    case 'present':
    case 'absent': {
      let query = normalizeText(c.text!);
      let text = normalizeText(markdown);
      if (c.case_sensitive === false) {
        query = query.toLowerCase();
        text = text.toLowerCase();
      }
      if (c.first_n && c.last_n) text = text.slice(0, c.first_n) + text.slice(-c.last_n);
      else if (c.first_n) text = text.slice(0, c.first_n);
      else if (c.last_n) text = text.slice(-c.last_n);
      // Output too short to hold the text: not present (and so absent).
      if (text.length < query.length - diffs) return c.type === 'absent';
      const hit = partialRatio(query, text) >= 1 - diffs / (query.length || 1);
      return c.type === 'present' ? hit : !hit;
    }
    case 'order': {
      // Some match of `before` starts before some match of `after` (fuzzysearch, Levenshtein).
      const text = normalizeText(markdown);
      const before = fuzzyStarts(text, normalizeText(c.before!), diffs);
      const after = fuzzyStarts(text, normalizeText(c.after!), diffs);
      return before.length > 0 && after.length > 0 && Math.min(...before) < Math.max(...after);
    }
    case 'table':
      return tableCheck(markdown, c);
    case 'baseline':
      return c.max_length === undefined ? alnumCount(markdown) > 0 : alnumCount(markdown) <= c.max_length;
    default:
      return null;
  }
}

function truthFile(run: DocRun): string {
  return join(run.dir, `${run.stem}.gt.olmocr.jsonl`);
}

export const olmocrEvaluator: Evaluator = {
  name: 'olmOCR checks',
  appliesTo: (run) => existsSync(truthFile(run)),
  evaluate(runs) {
    const byType = new Map<string, { pass: number; n: number }>();
    let notEvaluable = 0;
    for (const run of runs) {
      const checks = readFileSync(truthFile(run), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Check);
      for (const check of checks) {
        const ok = run.error ? false : runCheck(run.markdown, check);
        if (ok === null) {
          notEvaluable++;
          continue;
        }
        const t = byType.get(check.type) ?? { pass: 0, n: 0 };
        t.n++;
        if (ok) t.pass++;
        byType.set(check.type, t);
      }
    }
    const all = [...byType.values()].reduce((s, t) => ({ pass: s.pass + t.pass, n: s.n + t.n }), { pass: 0, n: 0 });
    return [
      { name: 'olmOCR pass rate (evaluable checks)', value: all.n ? all.pass / all.n : null, n: all.n },
      ...[...byType].sort().map(([type, t]) => ({ name: `olmOCR ${type}`, value: t.pass / t.n, n: t.n })),
      { name: 'olmOCR math checks (not evaluable)', value: null, n: notEvaluable },
    ];
  },
};
