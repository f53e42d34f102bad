// Markdown against the docling group's ground truth (<stem>.gt.md):
//  - NID: normalised Indel similarity of the whole text (rapidfuzz `ratio` / 100), whitespace
//    collapsed and HTML comments (page markers, `<!-- image -->`) removed;
//  - NID-S: the same with tables stripped from both sides (pipe-table lines and <table> blocks);
//  - MHS: heading-level similarity: the same similarity over the documents' heading lines only,
//    each written as `<level> <text>`, so both a wrong level and a missed heading cost.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indelSimilarity } from './text-metrics.ts';
import type { DocRun, Evaluator } from './types.ts';

export function stripTables(md: string): string {
  return md
    .replace(/<table[\s\S]*?<\/table>/gi, ' ')
    .split('\n')
    .filter((line) => !/^\s*\|.*\|\s*$/.test(line))
    .join('\n');
}

export function normalizeMarkdown(md: string): string {
  return md.replace(/<!--[\s\S]*?-->/g, ' ').normalize('NFKC').replace(/\s+/g, ' ').trim();
}

export function headingOutline(md: string): string {
  const lines: string[] = [];
  for (const m of md.matchAll(/^(#{1,6})\s+(.*)$/gm)) lines.push(`${m[1]!.length} ${m[2]!.replace(/\s+/g, ' ').trim()}`);
  return lines.join('\n');
}

function truthFile(run: DocRun): string {
  return join(run.dir, `${run.stem}.gt.md`);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export const doclingMarkdownEvaluator: Evaluator = {
  name: 'Markdown vs docling',
  appliesTo: (run) => run.group === 'docling' && existsSync(truthFile(run)),
  evaluate(runs) {
    const nid: number[] = [];
    const nids: number[] = [];
    const mhs: number[] = [];
    for (const run of runs) {
      const truth = readFileSync(truthFile(run), 'utf8');
      nid.push(indelSimilarity(normalizeMarkdown(truth), normalizeMarkdown(run.markdown)));
      nids.push(indelSimilarity(normalizeMarkdown(stripTables(truth)), normalizeMarkdown(stripTables(run.markdown))));
      const outline = headingOutline(truth);
      if (outline) mhs.push(indelSimilarity(outline, headingOutline(run.markdown)));
    }
    return [
      { name: 'NID (Markdown similarity)', value: mean(nid), n: nid.length },
      { name: 'NID-S (tables stripped)', value: mean(nids), n: nids.length },
      { name: 'MHS (heading-level similarity)', value: mean(mhs), n: mhs.length },
    ];
  },
};
