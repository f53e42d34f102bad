// Small pure helpers on rectangles. A Rect is in points, displayed page frame, origin top-left
// (see ./pdf/types.ts); a NormBBox is the contract's [x1, y1, x2, y2] in 0..1 of the page size.
import type { NormBBox } from './contract/types.ts';
import type { Rect } from './pdf/types.ts';

export function rect(x0: number, y0: number, x1: number, y1: number): Rect {
  return { x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) };
}

export function rectWidth(r: Rect): number {
  return r.x1 - r.x0;
}

export function rectHeight(r: Rect): number {
  return r.y1 - r.y0;
}

export function rectArea(r: Rect): number {
  return Math.max(0, r.x1 - r.x0) * Math.max(0, r.y1 - r.y0);
}

/** Smallest rect holding every point (x, y) given as a flat [x0, y0, x1, y1, ...] list. */
export function boundsOfPoints(xy: ArrayLike<number>): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const x = xy[i]!;
    const y = xy[i + 1]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1 };
}

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0);

/** Normalise a rect to the contract's bbox, clamped to the page. */
export function normalizeRect(r: Rect, pageWidth: number, pageHeight: number): NormBBox {
  return [clamp01(r.x0 / pageWidth), clamp01(r.y0 / pageHeight), clamp01(r.x1 / pageWidth), clamp01(r.y1 / pageHeight)];
}

/** Inverse of normalizeRect. */
export function denormalizeBBox(b: NormBBox, pageWidth: number, pageHeight: number): Rect {
  return { x0: b[0] * pageWidth, y0: b[1] * pageHeight, x1: b[2] * pageWidth, y1: b[3] * pageHeight };
}

/** Union of rects; undefined for an empty list. */
export function unionRects(rects: Iterable<Rect>): Rect | undefined {
  let out: Rect | undefined;
  for (const r of rects) {
    out = out
      ? { x0: Math.min(out.x0, r.x0), y0: Math.min(out.y0, r.y0), x1: Math.max(out.x1, r.x1), y1: Math.max(out.y1, r.y1) }
      : { ...r };
  }
  return out;
}

/** Intersection, or null when the rects do not overlap (touching edges count as no overlap). */
export function intersectRects(a: Rect, b: Rect): Rect | null {
  const x0 = Math.max(a.x0, b.x0);
  const y0 = Math.max(a.y0, b.y0);
  const x1 = Math.min(a.x1, b.x1);
  const y1 = Math.min(a.y1, b.y1);
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}

/** Intersection over union, 0..1. */
export function iou(a: Rect, b: Rect): number {
  const i = intersectRects(a, b);
  if (!i) return 0;
  const inter = rectArea(i);
  const uni = rectArea(a) + rectArea(b) - inter;
  return uni > 0 ? inter / uni : 0;
}

/** Fraction of `a`'s area that lies inside `b`, 0..1. */
export function overlapFraction(a: Rect, b: Rect): number {
  const i = intersectRects(a, b);
  const area = rectArea(a);
  return i && area > 0 ? rectArea(i) / area : 0;
}

/** Normalised bbox helpers, same semantics on [x1, y1, x2, y2]. */
export function bboxIou(a: NormBBox, b: NormBBox): number {
  return iou({ x0: a[0], y0: a[1], x1: a[2], y1: a[3] }, { x0: b[0], y0: b[1], x1: b[2], y1: b[3] });
}

export function bboxUnion(boxes: Iterable<NormBBox>): NormBBox | undefined {
  let out: NormBBox | undefined;
  for (const b of boxes) {
    out = out ? [Math.min(out[0], b[0]), Math.min(out[1], b[1]), Math.max(out[2], b[2]), Math.max(out[3], b[3])] : [b[0], b[1], b[2], b[3]];
  }
  return out;
}

/** Alias of normalizeRect (the name the layout code uses). */
export const normalize = normalizeRect;
