// Markdown against the docling group's ground truth (<stem>.gt.md):
//  - NID: normalised Indel similarity of the whole text (rapidfuzz `ratio` / 100), whitespace
//    collapsed and HTML comments (page markers, `<!-- image -->`) removed;
//  - NID-S: the same with tables stripped from both sides (pipe-table lines and <table> blocks),
//    over the documents whose truth has text outside tables; also over born-digital ones alone
//    (MANIFEST.tsv `kind` not "scanned"), since scans give no text when run with --no-ocr;
//  - MHS: heading-level similarity: the same similarity over the documents' heading lines only,
//    each written as `<level> <text>`, so both a wrong level and a missed heading cost.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/**
 * Files MANIFEST.tsv describes as scanned (`kind` column): without OCR they yield no text, so
 * NID-S is also given over the born-digital documents alone.
 */
function scannedFiles(runs: readonly DocRun[]): Set<string> {
  const out = new Set<string>();
  for (const dir of new Set(runs.map((r) => dirname(r.dir)))) {
    const manifest = join(dir, 'MANIFEST.tsv');
    if (!existsSync(manifest)) continue;
    const [head, ...rows] = readFileSync(manifest, 'utf8').split('\n');
    const cols = head!.split('\t');
    const file = cols.indexOf('file');
    const kind = cols.indexOf('kind');
    for (const row of rows) {
      const cells = row.split('\t');
      if (/scan/i.test(cells[kind] ?? '')) out.add(cells[file]!);
    }
  }
  return out;
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
    const nidsBorn: number[] = [];
    const mhs: number[] = [];
    const scanned = scannedFiles(runs);
    for (const run of runs) {
      const truth = readFileSync(truthFile(run), 'utf8');
      nid.push(indelSimilarity(normalizeMarkdown(truth), normalizeMarkdown(run.markdown)));
      // A truth that is all tables has no text left to compare once they are stripped: skipped,
      // rather than scored 0 whatever the output (any caption or title would be "all wrong").
      const strippedTruth = normalizeMarkdown(stripTables(truth));
      if (strippedTruth) {
        const v = indelSimilarity(strippedTruth, normalizeMarkdown(stripTables(run.markdown)));
        nids.push(v);
        if (!scanned.has(`${run.group}/${run.stem}.pdf`)) nidsBorn.push(v);
      }
      const outline = headingOutline(truth);
      if (outline) mhs.push(indelSimilarity(outline, headingOutline(run.markdown)));
    }
    return [
      { name: 'NID (Markdown similarity)', value: mean(nid), n: nid.length },
      { name: 'NID-S (tables stripped)', value: mean(nids), n: nids.length },
      { name: 'NID-S born-digital (no scans)', value: mean(nidsBorn), n: nidsBorn.length },
      { name: 'MHS (heading-level similarity)', value: mean(mhs), n: mhs.length },
    ];
  },
};
