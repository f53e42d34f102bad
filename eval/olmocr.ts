// olmOCR-Bench style unit checks (olmocr group, <stem>.gt.olmocr.jsonl) on the Markdown:
// present / absent (fuzzy within max_diffs, optional case folding, first_n / last_n), order
// (before found before after), table (a cell and its neighbours / headings in a Markdown or HTML
// table), baseline (a blank page yields at most max_length characters). `math` checks need LaTeX
// rendering equivalence, which this evaluator cannot judge: they are counted as not evaluable.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fuzzyFind } from './text-metrics.ts';
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

export function normalizeText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\*\*(.*?)\*\*/g, '$1')
    .replace(/(^|\s)[*_](\S.*?\S|\S)[*_](?=\s|$)/g, '$1$2')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function found(haystack: string, needle: string, maxDiffs: number): number {
  const hit = fuzzyFind(haystack, needle, maxDiffs);
  return hit.distance <= maxDiffs ? hit.end : -1;
}

/** Tables of a Markdown text as grids of normalised cell texts (pipe tables and HTML tables). */
export function parseTables(md: string): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of md.split('\n')) {
    if (/^\s*\|.*\|\s*$/.test(line)) {
      const cells = line.trim().slice(1, -1).split(/(?<!\\)\|/).map((c) => normalizeText(c));
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      (current ??= []).push(cells);
    } else if (current) {
      tables.push(current);
      current = null;
    }
  }
  if (current) tables.push(current);
  for (const t of md.matchAll(/<table[\s\S]*?<\/table>/gi)) {
    const grid: string[][] = [];
    const pending: Array<{ col: number; left: number; text: string }> = [];
    for (const tr of t[0].matchAll(/<tr[\s\S]*?<\/tr>/gi)) {
      const row: string[] = [];
      for (const p of pending) if (p.left > 0) { row[p.col] = p.text; p.left--; }
      let col = 0;
      for (const td of tr[0].matchAll(/<t([dh])([^>]*)>([\s\S]*?)<\/t[dh]>/gi)) {
        while (row[col] !== undefined) col++;
        const text = normalizeText(td[3]!.replace(/<[^>]+>/g, ' '));
        const colspan = Number(/colspan="?(\d+)/i.exec(td[2]!)?.[1] ?? 1);
        const rowspan = Number(/rowspan="?(\d+)/i.exec(td[2]!)?.[1] ?? 1);
        for (let k = 0; k < colspan; k++) {
          row[col + k] = text;
          if (rowspan > 1) pending.push({ col: col + k, left: rowspan - 1, text });
        }
        col += colspan;
      }
      grid.push(Array.from(row, (c) => c ?? ''));
    }
    tables.push(grid);
  }
  return tables;
}

function tableCheck(md: string, c: Check): boolean {
  const eq = (a: string | undefined, b: string) => a !== undefined && fuzzyFind(a, normalizeText(b), c.max_diffs ?? 0).distance <= (c.max_diffs ?? 0) && Math.abs(a.length - normalizeText(b).length) <= (c.max_diffs ?? 0);
  for (const grid of parseTables(md))
    for (let r = 0; r < grid.length; r++)
      for (let k = 0; k < grid[r]!.length; k++) {
        if (!eq(grid[r]![k], c.cell!)) continue;
        if (c.left !== undefined && !eq(grid[r]![k - 1], c.left)) continue;
        if (c.right !== undefined && !eq(grid[r]![k + 1], c.right)) continue;
        if (c.up !== undefined && !eq(grid[r - 1]?.[k], c.up)) continue;
        if (c.down !== undefined && !eq(grid[r + 1]?.[k], c.down)) continue;
        if (c.top_heading !== undefined && !grid.slice(0, r).some((row) => eq(row[k], c.top_heading!))) continue;
        if (c.left_heading !== undefined && !grid[r]!.slice(0, k).some((cell) => eq(cell, c.left_heading!))) continue;
        return true;
      }
  return false;
}

/** true / false, or null when the check cannot be judged here (math). */
export function runCheck(markdown: string, c: Check): boolean | null {
  const fold = (s: string) => (c.case_sensitive === false ? s.toLowerCase() : s);
  let text = normalizeText(markdown);
  if (c.first_n) text = text.slice(0, c.first_n);
  if (c.last_n) text = text.slice(-c.last_n);
  const diffs = c.max_diffs ?? 0;
  switch (c.type) {
    case 'present':
      return found(fold(text), fold(normalizeText(c.text!)), diffs) >= 0;
    case 'absent':
      return found(fold(text), fold(normalizeText(c.text!)), diffs) < 0;
    case 'order': {
      const a = found(text, normalizeText(c.before!), diffs);
      const b = found(text, normalizeText(c.after!), diffs);
      return a >= 0 && b >= 0 && a - normalizeText(c.before!).length < b - normalizeText(c.after!).length;
    }
    case 'table':
      return tableCheck(markdown, c);
    case 'baseline':
      return text.replace(/\s/g, '').length <= (c.max_length ?? 0);
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
