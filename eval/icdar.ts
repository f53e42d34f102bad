// ICDAR 2013 table competition measures on a corpus folder of `<stem>.pdf` + `<stem>.gt.str.xml` /
// `<stem>.gt.reg.xml` + `<stem>.pages.json`:
//  - region detection: precision/recall/F1 of table regions, a predicted box matching a truth region
//    (one to one, same page) when their intersection over union is >= 0.5;
//  - structure: the standard adjacency-relation measure: every non-empty cell's nearest non-empty
//    neighbour to the right and below (per row / column it spans), as (text, text, direction)
//    triples with the text normalised (lower case, letters and digits only); precision and recall
//    of the predicted triples against the truth's, over the predicted tables that overlap a truth
//    table ("matched"), and over all predicted tables ("complete process", false tables count).
// Truth coordinates are PDF points of the unrotated page (origin bottom-left); they are mapped to
// the displayed frame with the page's crop box and /Rotate from pages.json.
//
// Standalone: tsx eval/icdar.ts <dir with the icdar files> [--verbose]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Element, NormBBox, TableStructure } from '../src/core/contract/types.ts';
import type { DocRun, Evaluator, Metric } from './types.ts';

export interface PredictedTable {
  page: number;
  bbox: NormBBox;
  table?: TableStructure;
}

interface PageInfo {
  rotate: number;
  cropbox: [number, number, number, number];
}

interface TruthCell {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
  text: string;
}

interface TruthTable {
  page: number;
  bbox: NormBBox;
  cells: TruthCell[];
}

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\b${name}=["']([^"']*)["']`).exec(tag)?.[1];

function decodeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}

/**
 * Truth box (PDF points, origin bottom-left) -> normalised displayed bbox. The corpus README says
 * the unrotated page; on eu-015 (/Rotate 90) the boxes are in fact in the displayed (rotated) frame,
 * origin at its bottom-left: its tables' x ranges match the displayed text exactly. So the box is
 * read in the displayed frame, whose width and height swap for 90 and 270.
 */
export function toDisplayed(b: { x1: number; y1: number; x2: number; y2: number }, info: PageInfo): NormBBox {
  const [cx0, cy0, cx1, cy1] = info.cropbox;
  const turned = info.rotate % 180 !== 0;
  const W = turned ? cy1 - cy0 : cx1 - cx0;
  const H = turned ? cx1 - cx0 : cy1 - cy0;
  const ox = turned ? cy0 : cx0;
  const oy = turned ? cx0 : cy0;
  const x0 = (Math.min(b.x1, b.x2) - ox) / W;
  const x1 = (Math.max(b.x1, b.x2) - ox) / W;
  const y0 = (H - (Math.max(b.y1, b.y2) - oy)) / H;
  const y1 = (H - (Math.min(b.y1, b.y2) - oy)) / H;
  return [x0, y0, x1, y1];
}

function readPages(dir: string, stem: string): PageInfo[] {
  const j = JSON.parse(readFileSync(join(dir, `${stem}.pages.json`), 'utf8')) as { pages: Array<{ rotate: number; cropbox: number[] }> };
  return j.pages.map((p) => ({ rotate: p.rotate, cropbox: p.cropbox as PageInfo['cropbox'] }));
}

/** Truth tables, one per region (a table spanning pages has one region per page). */
export function readTruth(dir: string, stem: string): TruthTable[] {
  const pages = readPages(dir, stem);
  const xml = readFileSync(join(dir, `${stem}.gt.str.xml`), 'utf8');
  const out: TruthTable[] = [];
  for (const region of xml.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)) {
    const page = Number(attr(region[1]!, 'page'));
    const info = pages[page - 1] ?? { rotate: 0, cropbox: [0, 0, 595, 842] };
    const cells: TruthCell[] = [];
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const cell of region[2]!.matchAll(/<cell\b([^>]*)>([\s\S]*?)<\/cell>/g)) {
      const a = cell[1]!;
      const r0 = Number(attr(a, 'start-row'));
      const c0 = Number(attr(a, 'start-col'));
      const r1 = Number(attr(a, 'end-row') ?? r0);
      const c1 = Number(attr(a, 'end-col') ?? c0);
      const text = decodeXml(/<content>([\s\S]*?)<\/content>/.exec(cell[2]!)?.[1] ?? '');
      cells.push({ r0, r1, c0, c1, text });
      const bb = /<bounding-box\b([^>]*)\/?>/.exec(cell[2]!)?.[1];
      if (bb) {
        x0 = Math.min(x0, Number(attr(bb, 'x1')));
        x1 = Math.max(x1, Number(attr(bb, 'x2')));
        y0 = Math.min(y0, Number(attr(bb, 'y1')));
        y1 = Math.max(y1, Number(attr(bb, 'y2')));
      }
    }
    out.push({ page, cells, bbox: toDisplayed({ x1: x0, y1: y0, x2: x1, y2: y1 }, info) });
  }
  // Region boxes from the region file are the official ones; use them when present (same order).
  const regFile = join(dir, `${stem}.gt.reg.xml`);
  if (existsSync(regFile)) {
    const reg = readFileSync(regFile, 'utf8');
    const boxes = [...reg.matchAll(/<region\b([^>]*)>([\s\S]*?)<\/region>/g)].map((m) => {
      const page = Number(attr(m[1]!, 'page'));
      const bb = /<bounding-box\b([^>]*)\/?>/.exec(m[2]!)?.[1] ?? '';
      const info = pages[page - 1] ?? { rotate: 0, cropbox: [0, 0, 595, 842] as PageInfo['cropbox'] };
      return { page, bbox: toDisplayed({ x1: Number(attr(bb, 'x1')), y1: Number(attr(bb, 'y1')), x2: Number(attr(bb, 'x2')), y2: Number(attr(bb, 'y2')) }, info) };
    });
    if (boxes.length === out.length) boxes.forEach((b, i) => Object.assign(out[i]!, b));
  }
  return out;
}

const normText = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Adjacency relations of a table given as cells with inclusive row/column ranges. */
export function adjacency(cells: readonly TruthCell[]): string[] {
  const nonEmpty = cells.filter((c) => normText(c.text) !== '');
  const at = new Map<string, TruthCell>();
  let maxR = 0, maxC = 0;
  for (const c of nonEmpty) {
    for (let r = c.r0; r <= c.r1; r++) for (let k = c.c0; k <= c.c1; k++) at.set(`${r},${k}`, c);
    maxR = Math.max(maxR, c.r1);
    maxC = Math.max(maxC, c.c1);
  }
  const rel = new Set<string>();
  for (const c of nonEmpty) {
    for (let r = c.r0; r <= c.r1; r++) {
      for (let k = c.c1 + 1; k <= maxC; k++) {
        const n = at.get(`${r},${k}`);
        if (n && n !== c) {
          rel.add(`${normText(c.text)}\u0001${normText(n.text)}\u0001h`);
          break;
        }
      }
    }
    for (let k = c.c0; k <= c.c1; k++) {
      for (let r = c.r1 + 1; r <= maxR; r++) {
        const n = at.get(`${r},${k}`);
        if (n && n !== c) {
          rel.add(`${normText(c.text)}\u0001${normText(n.text)}\u0001v`);
          break;
        }
      }
    }
  }
  return [...rel];
}

function fromStructure(t: TableStructure): TruthCell[] {
  return t.cells.map((c) => ({ r0: Math.min(...c.rows), r1: Math.max(...c.rows), c0: Math.min(...c.cols), c1: Math.max(...c.cols), text: c.content }));
}

function bboxIou(a: NormBBox, b: NormBBox): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const inter = ix * iy;
  const ua = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
  return ua > 0 ? inter / ua : 0;
}

function overlapOf(a: NormBBox, b: NormBBox): number {
  const ix = Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]));
  const iy = Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
  const area = (a[2] - a[0]) * (a[3] - a[1]);
  return area > 0 ? (ix * iy) / area : 0;
}

/** Counts of one document (sums make corpus totals). */
export interface IcdarCounts {
  stem: string;
  regions: { truth: number; predicted: number; matched: number };
  /** Structure over matched tables. */
  relations: { truth: number; predicted: number; correct: number };
  /** Structure over every predicted table (complete process). */
  relationsAll: { truth: number; predicted: number; correct: number };
}

function multisetCorrect(pred: readonly string[], truth: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const t of truth) counts.set(t, (counts.get(t) ?? 0) + 1);
  let ok = 0;
  for (const p of pred) {
    const n = counts.get(p) ?? 0;
    if (n > 0) {
      ok++;
      counts.set(p, n - 1);
    }
  }
  return ok;
}

export function scoreDocument(stem: string, truth: readonly TruthTable[], predicted: readonly PredictedTable[]): IcdarCounts {
  // Regions: greedy one-to-one matching by IoU >= 0.5 on the same page.
  const pairs: Array<[number, number, number]> = [];
  truth.forEach((t, i) =>
    predicted.forEach((p, j) => {
      if (p.page !== t.page) return;
      const v = bboxIou(t.bbox, p.bbox);
      if (v >= 0.5) pairs.push([v, i, j]);
    }),
  );
  pairs.sort((a, b) => b[0] - a[0]);
  const usedT = new Set<number>();
  const usedP = new Set<number>();
  for (const [, i, j] of pairs) {
    if (usedT.has(i) || usedP.has(j)) continue;
    usedT.add(i);
    usedP.add(j);
  }
  const truthRel = truth.flatMap((t) => adjacency(t.cells));
  // Structure over matched: predicted tables mostly inside some truth region of their page.
  const matchedPred = predicted.filter((p) => truth.some((t) => t.page === p.page && (overlapOf(p.bbox, t.bbox) > 0.5 || overlapOf(t.bbox, p.bbox) > 0.5)));
  const rel = (ps: readonly PredictedTable[]): string[] => ps.flatMap((p) => (p.table ? adjacency(fromStructure(p.table)) : []));
  const predRel = rel(matchedPred);
  const predAll = rel(predicted);
  return {
    stem,
    regions: { truth: truth.length, predicted: predicted.length, matched: usedT.size },
    relations: { truth: truthRel.length, predicted: predRel.length, correct: multisetCorrect(predRel, truthRel) },
    relationsAll: { truth: truthRel.length, predicted: predAll.length, correct: multisetCorrect(predAll, truthRel) },
  };
}

const f1 = (p: number, r: number): number => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
function prf(c: { truth: number; predicted: number; correct?: number; matched?: number }): { p: number; r: number; f: number } {
  const ok = c.correct ?? c.matched ?? 0;
  const p = c.predicted ? ok / c.predicted : c.truth ? 0 : 1;
  const r = c.truth ? ok / c.truth : 1;
  return { p, r, f: f1(p, r) };
}

export interface IcdarReport {
  documents: IcdarCounts[];
  regionF1: number;
  regionPrecision: number;
  regionRecall: number;
  /** Adjacency F1, corpus totals (micro average), matched tables. */
  structureF1: number;
  structurePrecision: number;
  structureRecall: number;
  /** Mean of the per-document adjacency F1 (matched tables). */
  structureF1PerDocMean: number;
  /** Adjacency F1 over every predicted table (complete process). */
  structureF1All: number;
}

export function summarise(docs: readonly IcdarCounts[]): IcdarReport {
  const sum = <K extends 'regions' | 'relations' | 'relationsAll'>(k: K) =>
    docs.reduce(
      (a, d) => {
        const c = d[k] as { truth: number; predicted: number; correct?: number; matched?: number };
        return { truth: a.truth + c.truth, predicted: a.predicted + c.predicted, correct: a.correct + (c.correct ?? c.matched ?? 0) };
      },
      { truth: 0, predicted: 0, correct: 0 },
    );
  const reg = prf(sum('regions'));
  const str = prf(sum('relations'));
  const all = prf(sum('relationsAll'));
  const perDoc = docs.map((d) => prf(d.relations).f);
  return {
    documents: [...docs],
    regionF1: reg.f,
    regionPrecision: reg.p,
    regionRecall: reg.r,
    structureF1: str.f,
    structurePrecision: str.p,
    structureRecall: str.r,
    structureF1PerDocMean: perDoc.length ? perDoc.reduce((a, b) => a + b, 0) / perDoc.length : 0,
    structureF1All: all.f,
  };
}

export const hasIcdarTruth = (dir: string, stem: string): boolean => existsSync(join(dir, `${stem}.gt.str.xml`)) && existsSync(join(dir, `${stem}.pages.json`));

/** Runs `runEngine` on every PDF of `corpusDir` that has ICDAR truth and scores it. */
export async function evaluateIcdar(corpusDir: string, runEngine: (pdf: string) => Promise<PredictedTable[]>): Promise<IcdarReport> {
  const docs: IcdarCounts[] = [];
  for (const name of readdirSync(corpusDir).filter((f) => f.endsWith('.pdf')).sort()) {
    const stem = basename(name, '.pdf');
    if (!hasIcdarTruth(corpusDir, stem)) continue;
    docs.push(scoreDocument(stem, readTruth(corpusDir, stem), await runEngine(join(corpusDir, name))));
  }
  return summarise(docs);
}

/** The predicted tables of a run's elements. */
export function tablesOfElements(elements: readonly Element[]): PredictedTable[] {
  return elements.filter((e) => e.type === 'table').map((e) => ({ page: e.properties.page_number, bbox: e.bbox, ...(e.table ? { table: e.table } : {}) }));
}

const docF = (d: IcdarCounts): number => prf(d.relations).f;

export function worstDocuments(report: IcdarReport, n = 10): string[] {
  return [...report.documents]
    .sort((a, b) => docF(a) + prf(a.regions).f - (docF(b) + prf(b.regions).f))
    .slice(0, n)
    .map((d) => `${d.stem}: adjacency F1 ${docF(d).toFixed(3)}, region F1 ${prf(d.regions).f.toFixed(3)} (${d.regions.matched}/${d.regions.truth} truth, ${d.regions.predicted} predicted)`);
}

/** For `npm run eval`: the ICDAR measures on the table elements of each run. */
export const icdarEvaluator: Evaluator = {
  name: 'ICDAR-2013 tables',
  appliesTo: (run: DocRun) => hasIcdarTruth(run.dir, run.stem),
  evaluate(runs: readonly DocRun[]): Metric[] {
    const docs = runs.map((r) => scoreDocument(r.stem, readTruth(r.dir, r.stem), tablesOfElements(r.elements)));
    const rep = summarise(docs);
    const n = docs.length;
    return [
      { name: 'table region F1 (IoU>=0.5)', value: rep.regionF1, n },
      { name: 'table adjacency F1 (ICDAR-2013, matched tables)', value: rep.structureF1, n },
      { name: 'table adjacency F1 (complete process)', value: rep.structureF1All, n },
    ];
  },
};

// Standalone run: the tables stage directly on each page (independent of layout).
if (process.argv[1] && /icdar\.ts$/.test(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: tsx eval/icdar.ts <icdar13-eu dir> [--verbose]');
    process.exit(2);
  }
  const { runTablesStage } = await import('./run-tables.ts');
  const t0 = performance.now();
  const rep = await evaluateIcdar(dir, runTablesStage);
  const pct = (v: number): string => v.toFixed(3);
  console.log(`ICDAR-2013 on ${dir} (${rep.documents.length} documents, ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  console.log(`region detection  P ${pct(rep.regionPrecision)}  R ${pct(rep.regionRecall)}  F1 ${pct(rep.regionF1)}  (IoU >= 0.5)`);
  console.log(`adjacency (matched tables)  P ${pct(rep.structurePrecision)}  R ${pct(rep.structureRecall)}  F1 ${pct(rep.structureF1)}  per-doc mean F1 ${pct(rep.structureF1PerDocMean)}`);
  console.log(`adjacency (complete process, all predicted tables)  F1 ${pct(rep.structureF1All)}`);
  console.log('worst documents:');
  for (const line of worstDocuments(rep)) console.log(`  ${line}`);
  if (process.argv.includes('--verbose')) for (const d of rep.documents) console.log(JSON.stringify(d));
}
