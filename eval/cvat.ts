// Layout boxes and reading order against CVAT annotations (the layout-cvat group).
//
// A CVAT `<image>` holds all pages of one PDF side by side, each drawn at 2x PDF points; page k of
// n spans x in [k·W/n, (k+1)·W/n) (corpus README), so a box normalises to the page as
// ((x - k·W/n)/(W/n), y/H), which is the contract's bbox frame (displayed page, top-left origin).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Element, NormBBox } from '../src/core/index.ts';
import { kendallTau } from './text-metrics.ts';
import type { DocRun, Evaluator, Metric } from './types.ts';

/** CVAT label -> Tessera element type; labels not listed (relations, key_value_region) are not boxes we score. */
export const CVAT_LABELS: Record<string, string> = {
  title: 'Title',
  section_header: 'Section-header',
  text: 'Text',
  list_item: 'List-item',
  caption: 'Caption',
  footnote: 'Footnote',
  formula: 'Formula',
  page_header: 'Page-header',
  page_footer: 'Page-footer',
  picture: 'Image',
  chart: 'Image',
  table: 'table',
};

export interface TruthBox {
  page: number;
  type: string;
  bbox: NormBBox;
}

export interface CvatTruth {
  boxes: TruthBox[];
  /** Indices into `boxes`, in reading order; empty when the file has no reading_order polyline. */
  order: number[];
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function area(b: NormBBox): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

function intersection(a: NormBBox, b: NormBBox): number {
  return Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
}

export function iou(a: NormBBox, b: NormBBox): number {
  const i = intersection(a, b);
  return i > 0 ? i / (area(a) + area(b) - i) : 0;
}

export function parseCvat(xml: string, numPages: number): CvatTruth {
  const image = /<image\s[^>]*>/.exec(xml)?.[0];
  if (!image) return { boxes: [], order: [] };
  const W = Number(attr(image, 'width'));
  const H = Number(attr(image, 'height'));
  const pw = W / numPages;
  const boxes: TruthBox[] = [];
  for (const m of xml.matchAll(/<box\s[^>]*>/g)) {
    const type = CVAT_LABELS[attr(m[0], 'label') ?? ''];
    if (!type) continue;
    const [xtl, ytl, xbr, ybr] = ['xtl', 'ytl', 'xbr', 'ybr'].map((k) => Number(attr(m[0], k)));
    const page = Math.min(numPages - 1, Math.max(0, Math.floor((xtl! + xbr!) / 2 / pw)));
    const x0 = page * pw;
    boxes.push({ page: page + 1, type, bbox: [(xtl! - x0) / pw, ytl! / H, (xbr! - x0) / pw, ybr! / H] });
  }
  const order: number[] = [];
  const polyline = /<polyline\s[^>]*label="reading_order"[^>]*>/.exec(xml)?.[0];
  for (const pt of (polyline && attr(polyline, 'points')?.split(';')) || []) {
    const [x, y] = pt.split(',').map(Number);
    const page = Math.min(numPages - 1, Math.floor(x! / pw));
    const nx = (x! - page * pw) / pw;
    const ny = y! / H;
    let best = -1;
    boxes.forEach((b, i) => {
      if (b.page !== page + 1 || nx < b.bbox[0] || nx > b.bbox[2] || ny < b.bbox[1] || ny > b.bbox[3]) return;
      if (best < 0 || area(b.bbox) < area(boxes[best]!.bbox)) best = i;
    });
    if (best >= 0 && !order.includes(best)) order.push(best);
  }
  return { boxes, order };
}

export interface LabelCounts {
  tp: number;
  fp: number;
  fn: number;
}

/** Greedy one-to-one matching per page and label at IoU >= 0.5; counts per label. */
export function matchLayout(truth: readonly TruthBox[], elements: readonly Element[], counts: Map<string, LabelCounts>): void {
  const get = (t: string) => counts.get(t) ?? (counts.set(t, { tp: 0, fp: 0, fn: 0 }), counts.get(t)!);
  const labels = new Set(Object.values(CVAT_LABELS));
  const preds = elements.filter((e) => labels.has(e.type));
  const keys = new Set([...truth.map((b) => `${b.page}|${b.type}`), ...preds.map((e) => `${e.properties.page_number}|${e.type}`)]);
  for (const key of keys) {
    const [page, type] = key.split('|') as [string, string];
    const gts = truth.filter((b) => b.page === Number(page) && b.type === type);
    const ps = preds.filter((e) => e.properties.page_number === Number(page) && e.type === type);
    const pairs: Array<[number, number, number]> = [];
    gts.forEach((g, i) => ps.forEach((p, j) => {
      const v = iou(g.bbox, p.bbox);
      if (v >= 0.5) pairs.push([v, i, j]);
    }));
    pairs.sort((a, b) => b[0] - a[0]);
    const usedG = new Set<number>();
    const usedP = new Set<number>();
    for (const [, i, j] of pairs) {
      if (usedG.has(i) || usedP.has(j)) continue;
      usedG.add(i);
      usedP.add(j);
    }
    const c = get(type);
    c.tp += usedG.size;
    c.fn += gts.length - usedG.size;
    c.fp += ps.length - usedP.size;
  }
}

/**
 * Reading order: each truth box on the polyline takes the rank (index in the output) of the
 * element covering most of it; Kendall's tau-a between those ranks and the polyline's order.
 */
export function readingOrderTau(truth: CvatTruth, elements: readonly Element[]): number | null {
  const ranks: number[] = [];
  for (const i of truth.order) {
    const box = truth.boxes[i]!;
    let best = -1;
    let bestArea = 0;
    elements.forEach((e, k) => {
      if (e.properties.page_number !== box.page) return;
      const a = intersection(box.bbox, e.bbox);
      if (a > bestArea) [best, bestArea] = [k, a];
    });
    if (best >= 0) ranks.push(best);
  }
  return kendallTau(ranks);
}

function truthFile(run: DocRun): string {
  return join(run.dir, `${run.stem}.gt.cvat.xml`);
}

function numPages(run: DocRun): number {
  const pages = JSON.parse(readFileSync(join(run.dir, `${run.stem}.pages.json`), 'utf8')) as { pages: unknown[] };
  return pages.pages.length;
}

export const cvatEvaluator: Evaluator = {
  name: 'layout (CVAT boxes)',
  appliesTo: (run) => existsSync(truthFile(run)),
  evaluate(runs) {
    const counts = new Map<string, LabelCounts>();
    const taus: number[] = [];
    for (const run of runs) {
      const truth = parseCvat(readFileSync(truthFile(run), 'utf8'), numPages(run));
      matchLayout(truth.boxes, run.elements, counts);
      const tau = truth.order.length > 1 ? readingOrderTau(truth, run.elements) : null;
      if (tau !== null) taus.push(tau);
    }
    const out: Metric[] = [];
    const f1s: number[] = [];
    let gtTotal = 0;
    for (const [label, c] of [...counts].sort()) {
      const gt = c.tp + c.fn;
      gtTotal += gt;
      const p = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 0;
      const r = gt ? c.tp / gt : 0;
      const f1 = p + r ? (2 * p * r) / (p + r) : 0;
      if (gt > 0) f1s.push(f1);
      out.push({ name: `F1 ${label} (P ${p.toFixed(2)} R ${r.toFixed(2)})`, value: gt > 0 ? f1 : null, n: gt });
    }
    out.unshift({ name: 'layout F1 @IoU0.5, mean over labels', value: f1s.length ? f1s.reduce((a, b) => a + b) / f1s.length : null, n: gtTotal });
    out.push({ name: 'reading order Kendall tau', value: taus.length ? taus.reduce((a, b) => a + b) / taus.length : null, n: taus.length });
    return out;
  },
};
