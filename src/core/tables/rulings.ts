// Vector paths -> rulings: horizontal and vertical line segments (stroked lines, hairline filled
// rectangles, the edges of stroked rectangles), merged where collinear, grouped into connected
// components. A component with rulings both ways is a ruled table's frame; horizontal rules alone
// (booktabs, financial statements) are hints for the alignment engine.
import type { Rect, VectorPath } from '../pdf/types.ts';

export interface Ruling {
  /** Horizontal: y is the position, from/to along x. Vertical: x is the position, from/to along y. */
  horizontal: boolean;
  pos: number;
  from: number;
  to: number;
}

/** A path thinner than this (points) is a line, not an area. */
const HAIRLINE = 2.5;
/** Rulings shorter than this are tick marks, bullets or glyph parts. */
const MIN_LENGTH = 4;
/** Collinear rulings closer than this along their axis join; crossing tolerance likewise. */
const JOIN = 2;

export function rulingsOf(paths: readonly VectorPath[], page: { width: number; height: number }): Ruling[] {
  const out: Ruling[] = [];
  const pageArea = page.width * page.height;
  for (const p of paths) {
    if (p.kind === 'curve') continue;
    const r = p.rect;
    const w = r.x1 - r.x0;
    const h = r.y1 - r.y0;
    if (h <= HAIRLINE && w >= MIN_LENGTH) out.push({ horizontal: true, pos: (r.y0 + r.y1) / 2, from: r.x0, to: r.x1 });
    else if (w <= HAIRLINE && h >= MIN_LENGTH) out.push({ horizontal: false, pos: (r.x0 + r.x1) / 2, from: r.y0, to: r.y1 });
    else if (p.kind === 'rect' && w > HAIRLINE && h > HAIRLINE && p.stroked && w * h < 0.8 * pageArea) {
      // A stroked box: its four edges (cell borders drawn as rectangles, or a frame).
      out.push({ horizontal: true, pos: r.y0, from: r.x0, to: r.x1 }, { horizontal: true, pos: r.y1, from: r.x0, to: r.x1 });
      out.push({ horizontal: false, pos: r.x0, from: r.y0, to: r.y1 }, { horizontal: false, pos: r.x1, from: r.y0, to: r.y1 });
    }
  }
  return mergeCollinear(out);
}

/**
 * Edges of filled (not hairline) rectangles: cell shading that marks rows and columns. A fill lying
 * inside another (a cell's padded text area over its background) adds no border of its own.
 */
export function fillEdgesOf(paths: readonly VectorPath[], page: { width: number; height: number }): Ruling[] {
  const pageArea = page.width * page.height;
  const fills = paths
    .filter((p) => p.kind === 'rect' && p.filled)
    .map((p) => p.rect)
    .filter((r) => r.x1 - r.x0 > HAIRLINE && r.y1 - r.y0 > HAIRLINE && (r.x1 - r.x0) * (r.y1 - r.y0) <= 0.25 * pageArea);
  const inside = (a: Rect, b: Rect): boolean => a !== b && a.x0 >= b.x0 - 0.5 && a.x1 <= b.x1 + 0.5 && a.y0 >= b.y0 - 0.5 && a.y1 <= b.y1 + 0.5;
  const out: Ruling[] = [];
  for (const r of fills) {
    if (fills.some((o) => inside(r, o) && !inside(o, r))) continue;
    out.push({ horizontal: true, pos: r.y0, from: r.x0, to: r.x1 }, { horizontal: true, pos: r.y1, from: r.x0, to: r.x1 });
    out.push({ horizontal: false, pos: r.x0, from: r.y0, to: r.y1 }, { horizontal: false, pos: r.x1, from: r.y0, to: r.y1 });
  }
  return mergeCollinear(out);
}

export function mergeCollinear(rulings: readonly Ruling[]): Ruling[] {
  const out: Ruling[] = [];
  for (const horizontal of [true, false]) {
    const list = rulings.filter((r) => r.horizontal === horizontal).sort((a, b) => a.pos - b.pos || a.from - b.from);
    // Bucket by position (within JOIN), then merge overlapping spans inside each bucket.
    let bucket: Ruling[] = [];
    const flush = (): void => {
      bucket.sort((a, b) => a.from - b.from);
      let cur: Ruling | undefined;
      let weight = 0;
      for (const r of bucket) {
        if (cur && r.from <= cur.to + JOIN) {
          cur.pos = (cur.pos * weight + r.pos) / (weight + 1);
          weight++;
          cur.to = Math.max(cur.to, r.to);
        } else {
          if (cur) out.push(cur);
          cur = { ...r };
          weight = 1;
        }
      }
      if (cur) out.push(cur);
      bucket = [];
    };
    for (const r of list) {
      if (bucket.length && r.pos - bucket[0]!.pos > JOIN) flush();
      bucket.push(r);
    }
    flush();
  }
  return out;
}

function touches(h: Ruling, v: Ruling, tol: number): boolean {
  return v.pos >= h.from - tol && v.pos <= h.to + tol && h.pos >= v.from - tol && h.pos <= v.to + tol;
}

export interface RulingGroup {
  rulings: Ruling[];
  rect: Rect;
}

/** Connected components: rulings that cross or touch (within a small tolerance) are connected. */
export function groupRulings(rulings: readonly Ruling[], tol = 3): RulingGroup[] {
  const parent = rulings.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const hs = rulings.map((r, i) => [r, i] as const).filter(([r]) => r.horizontal);
  const vs = rulings.map((r, i) => [r, i] as const).filter(([r]) => !r.horizontal);
  for (const [h, i] of hs) for (const [v, j] of vs) if (touches(h, v, tol)) parent[find(i)] = find(j);
  const groups = new Map<number, Ruling[]>();
  rulings.forEach((r, i) => {
    const k = find(i);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  });
  return [...groups.values()].map((g) => ({ rulings: g, rect: rulingsRect(g) }));
}

export function rulingsRect(g: readonly Ruling[]): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const r of g) {
    const [rx0, rx1, ry0, ry1] = r.horizontal ? [r.from, r.to, r.pos, r.pos] : [r.pos, r.pos, r.from, r.to];
    x0 = Math.min(x0, rx0);
    x1 = Math.max(x1, rx1);
    y0 = Math.min(y0, ry0);
    y1 = Math.max(y1, ry1);
  }
  return { x0, y0, x1, y1 };
}

/** Positions clustered within `tol`, each cluster's mean, sorted. */
export function clusterPositions(values: readonly number[], tol: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  let sum = 0;
  let n = 0;
  let last = -Infinity;
  for (const v of sorted) {
    if (n && v - last > tol) {
      out.push(sum / n);
      sum = 0;
      n = 0;
    }
    sum += v;
    n++;
    last = v;
  }
  if (n) out.push(sum / n);
  return out;
}
