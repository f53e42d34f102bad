// Turns one pdf.js page into plain PageContent: text runs from getTextContent(), vector paths and
// image placements from getOperatorList(). No rendering. Everything is mapped into the displayed
// page frame (rotation and view box applied, origin top-left, y down, points) with the scale-1
// viewport transform.

/* eslint-disable @typescript-eslint/no-explicit-any */
import type { PdfjsPage, PdfjsTextContent, PdfjsTextItem, PdfjsViewport } from './pdfjs-env.ts';
import type { ImagePlacement, PageContent, Rect, TextRun, VectorPath } from './types.ts';

export type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** m1 x m2 in pdf.js's convention (Util.transform): points go through m2 first, then m1. */
export function mul(m1: ArrayLike<number>, m2: ArrayLike<number>): Matrix {
  const a1 = m1[0]!, b1 = m1[1]!, c1 = m1[2]!, d1 = m1[3]!, e1 = m1[4]!, f1 = m1[5]!;
  const a2 = m2[0]!, b2 = m2[1]!, c2 = m2[2]!, d2 = m2[3]!, e2 = m2[4]!, f2 = m2[5]!;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

function bboxOfTransformed(m: ArrayLike<number>, xy: number[]): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const a = m[0]!, b = m[1]!, c = m[2]!, d = m[3]!, e = m[4]!, f = m[5]!;
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const x = xy[i]!, y = xy[i + 1]!;
    const X = a * x + c * y + e;
    const Y = b * x + d * y + f;
    if (X < x0) x0 = X;
    if (X > x1) x1 = X;
    if (Y < y0) y0 = Y;
    if (Y > y1) y1 = Y;
  }
  return { x0, y0, x1, y1 };
}

const round = (v: number): number => Math.round(v * 1000) / 1000;
const roundRect = (r: Rect): Rect => ({ x0: round(r.x0), y0: round(r.y0), x1: round(r.x1), y1: round(r.y1) });

function finiteRect(r: Rect): boolean {
  return Number.isFinite(r.x0) && Number.isFinite(r.y0) && Number.isFinite(r.x1) && Number.isFinite(r.y1);
}

/** False for things lying entirely outside the displayed page (1 pt tolerance). */
/** The part of `r` inside `clip` (all of it without a clip); null when nothing is left. */
function clipTo(r: Rect, clip: Rect | undefined): Rect | null {
  if (!clip) return r;
  const out = { x0: Math.max(r.x0, clip.x0), y0: Math.max(r.y0, clip.y0), x1: Math.min(r.x1, clip.x1), y1: Math.min(r.y1, clip.y1) };
  return out.x1 > out.x0 && out.y1 > out.y0 ? out : null;
}

function onPage(r: Rect, w: number, h: number): boolean {
  return finiteRect(r) && r.x1 >= -1 && r.y1 >= -1 && r.x0 <= w + 1 && r.y0 <= h + 1;
}

// ---------------------------------------------------------------------------------------------
// Fonts

export interface FontStyle {
  name: string;
  bold: boolean;
  italic: boolean;
}

const BOLD_RE = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|[-,](demi|bd|blk|hv)\b|\bdemi\b/i;
const ITALIC_RE = /italic|oblique|slanted|kursiv|inclined/i;
/** Adobe-style short suffixes: `MinionPro-It`, `MinionPro-BoldIt`, `Foo-SemiboldIt`. */
const ITALIC_SUFFIX_RE = /[-,][A-Za-z]*It$/;

/** TeX's Computer Modern / EC / CM-Super names: CMBX10, SFBX1440 (bold), CMTI10, SFSL1200 (italic/slanted). */
const TEX_BOLD_RE = /^(?:CM|SF|EC|TC|LM)[A-Z]*BX/i;
const TEX_ITALIC_RE = /^(?:CM|SF|EC|TC)(?:BX)?(?:TI|SL|MI|IT|SO)\d/i;

export function styleFromFontName(name: string): { bold: boolean; italic: boolean } {
  const base = name.replace(/^[A-Z]{6}\+/, '');
  return {
    bold: BOLD_RE.test(base) || TEX_BOLD_RE.test(base),
    italic: ITALIC_RE.test(base) || ITALIC_SUFFIX_RE.test(base) || TEX_ITALIC_RE.test(base),
  };
}

function makeFontLookup(page: PdfjsPage, tc: PdfjsTextContent): (loadedName: string) => FontStyle {
  const memo = new Map<string, FontStyle>();
  return (loadedName) => {
    let s = memo.get(loadedName);
    if (s) return s;
    let font: any = null;
    try {
      if (page.commonObjs.has(loadedName)) font = page.commonObjs.get(loadedName);
    } catch {
      font = null;
    }
    let name = '';
    try {
      if (typeof font?.name === 'string') name = font.name;
    } catch {
      name = '';
    }
    if (!name) name = tc.styles[loadedName]?.fontFamily ?? loadedName;
    const fromName = styleFromFontName(name);
    let bold = fromName.bold;
    let italic = fromName.italic;
    try {
      if (font?.bold === true || font?.black === true) bold = true;
      if (font?.italic === true) italic = true;
    } catch {
      /* font info unreadable: the name decides */
    }
    s = { name, bold, italic };
    memo.set(loadedName, s);
    return s;
  };
}

// ---------------------------------------------------------------------------------------------
// Text

const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;

function isTextItem(it: unknown): it is PdfjsTextItem {
  return typeof (it as PdfjsTextItem).str === 'string' && Array.isArray((it as PdfjsTextItem).transform);
}

function normAngle(deg: number): number {
  let a = Math.round(deg * 100) / 100;
  a %= 360;
  if (a < 0) a += 360;
  return a === 360 ? 0 : a + 0; // +0 turns -0 into 0
}

export function extractTextRuns(
  page: PdfjsPage,
  tc: PdfjsTextContent,
  vt: ArrayLike<number>,
  width: number,
  height: number,
): TextRun[] {
  const fontOf = makeFontLookup(page, tc);
  const runs: TextRun[] = [];
  for (const item of tc.items) {
    if (!isTextItem(item)) continue;
    if (item.str.trim() === '') {
      // Whitespace-only and empty runs are dropped; their end-of-line mark moves to the run before.
      const last = runs[runs.length - 1];
      if (item.hasEOL && last) last.hasEOL = true;
      continue;
    }
    const t = item.transform;
    const ux = t[0]!, uy = t[1]!, vx = t[2]!, vy = t[3]!, ox = t[4]!, oy = t[5]!;
    const lenU = Math.hypot(ux, uy);
    const lenV = Math.hypot(vx, vy);
    if (!(lenV > 0) && !(lenU > 0)) continue;
    // Unit vectors along the baseline (u) and up the glyphs (v), in PDF user space.
    let dux: number, duy: number;
    if (lenU > 0) {
      dux = ux / lenU;
      duy = uy / lenU;
    } else {
      dux = vy / lenV;
      duy = -vx / lenV;
    }
    const size = lenV > 0 ? lenV : lenU;
    let dvx: number, dvy: number;
    if (lenV > 0) {
      dvx = vx / lenV;
      dvy = vy / lenV;
    } else {
      dvx = -duy;
      dvy = dux;
    }
    const style = tc.styles[item.fontName];
    let asc = style?.ascent;
    let desc = style?.descent;
    if (typeof asc !== 'number' || !(asc >= 0.5 && asc <= 1.2)) asc = DEFAULT_ASCENT;
    if (typeof desc !== 'number' || !(desc <= 0 && desc >= -0.5)) desc = DEFAULT_DESCENT;
    const vertical = style?.vertical === true;
    let pts: number[];
    if (!vertical) {
      const w = Number.isFinite(item.width) ? item.width : 0;
      const bx = ox + dvx * desc * size, by = oy + dvy * desc * size;
      const tx = ox + dvx * asc * size, ty = oy + dvy * asc * size;
      pts = [bx, by, bx + dux * w, by + duy * w, tx + dux * w, ty + duy * w, tx, ty];
    } else {
      // Vertical writing: the origin is the top centre of the column; the run goes down by `height`
      // and is `width` wide (approximate: pdf.js reports these for vertical fonts).
      const h = Number.isFinite(item.height) ? item.height : 0;
      const half = (Number.isFinite(item.width) && item.width > 0 ? item.width : size) / 2;
      pts = [
        ox - dux * half, oy - duy * half,
        ox + dux * half, oy + duy * half,
        ox + dux * half - dvx * h, oy + duy * half - dvy * h,
        ox - dux * half - dvx * h, oy - duy * half - dvy * h,
      ];
    }
    const rect = bboxOfTransformed(vt, pts);
    if (!onPage(rect, width, height)) continue;
    // Baseline direction in the displayed frame (y down), as degrees counter-clockwise.
    const ddx = vt[0]! * dux + vt[2]! * duy;
    const ddy = vt[1]! * dux + vt[3]! * duy;
    const angle = normAngle((Math.atan2(-ddy, ddx) * 180) / Math.PI);
    const font = fontOf(item.fontName);
    runs.push({
      text: item.str,
      rect: roundRect(rect),
      fontName: font.name,
      fontSize: round(size),
      bold: font.bold,
      italic: font.italic,
      dir: vertical ? 'ttb' : item.dir === 'rtl' ? 'rtl' : 'ltr',
      angle,
      hasEOL: item.hasEOL === true,
    });
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------
// Operator list: paths and images

/** pdf.js's packed path commands (DrawOPS in pdf.js 5). */
const DRAW_MOVE = 0, DRAW_LINE = 1, DRAW_CURVE = 2, DRAW_QUAD = 3, DRAW_CLOSE = 4;

interface SubPath {
  /** Display-frame points of the on-curve vertices (and control points for curves). */
  pts: number[];
  curve: boolean;
  closed: boolean;
}

function splitSubPaths(path: ArrayLike<number>, m: Matrix): SubPath[] | null {
  const out: SubPath[] = [];
  let cur: SubPath | null = null;
  const a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5];
  const push = (x: number, y: number): void => {
    cur!.pts.push(a * x + c * y + e, b * x + d * y + f);
  };
  /** A segment continues the current sub-path, or starts one when no move came first. */
  const segment = (curve: boolean): void => {
    if (!cur) {
      cur = { pts: [], curve, closed: false };
      out.push(cur);
    }
    if (curve) cur.curve = true;
  };
  for (let i = 0; i < path.length; ) {
    const op = path[i++];
    switch (op) {
      case DRAW_MOVE:
        cur = { pts: [], curve: false, closed: false };
        out.push(cur);
        push(path[i++]!, path[i++]!);
        break;
      case DRAW_LINE:
        segment(false);
        push(path[i++]!, path[i++]!);
        break;
      case DRAW_CURVE:
        segment(true);
        push(path[i++]!, path[i++]!);
        push(path[i++]!, path[i++]!);
        push(path[i++]!, path[i++]!);
        break;
      case DRAW_QUAD:
        segment(true);
        push(path[i++]!, path[i++]!);
        push(path[i++]!, path[i++]!);
        break;
      case DRAW_CLOSE:
        if (cur) cur.closed = true;
        break;
      default:
        return null; // unknown encoding: caller falls back to the bounding box
    }
  }
  return out;
}

/** Consecutive-duplicate-free vertices; drops a final vertex equal to the first. */
function distinctVertices(pts: number[]): number[] {
  const out: number[] = [];
  const eps = 1e-3;
  for (let i = 0; i + 1 < pts.length; i += 2) {
    const x = pts[i]!, y = pts[i + 1]!;
    const n = out.length;
    if (n >= 2 && Math.abs(out[n - 2]! - x) < eps && Math.abs(out[n - 1]! - y) < eps) continue;
    out.push(x, y);
  }
  const n = out.length;
  if (n >= 4 && Math.abs(out[0]! - out[n - 2]!) < eps && Math.abs(out[1]! - out[n - 1]!) < eps) out.length = n - 2;
  return out;
}

function isAxisAlignedRect(v: number[]): boolean {
  if (v.length !== 8) return false;
  const eps = 0.01;
  for (let i = 0; i < 4; i++) {
    const x0 = v[2 * i]!, y0 = v[2 * i + 1]!;
    const x1 = v[(2 * i + 2) % 8]!, y1 = v[(2 * i + 3) % 8]!;
    const horizontal = Math.abs(y1 - y0) < eps;
    const vertical = Math.abs(x1 - x0) < eps;
    if (horizontal === vertical) return false; // diagonal edge, or a zero-length one
  }
  return true;
}

/** A rectangle this thin (points) and this elongated is a ruling, not a box. */
const THIN = 2.5;
const ELONGATION = 3;

export function isThin(r: Rect): boolean {
  const w = r.x1 - r.x0, h = r.y1 - r.y0;
  const lo = Math.min(w, h), hi = Math.max(w, h);
  return lo <= THIN && hi >= ELONGATION * Math.max(lo, 0.1);
}

function grow(r: Rect, by: number): Rect {
  return by > 0 ? { x0: r.x0 - by, y0: r.y0 - by, x1: r.x1 + by, y1: r.y1 + by } : r;
}

interface GState {
  ctm: Matrix;
  lineWidth: number;
  /** Bounding box of the clipping path, in the displayed frame (none: the page). */
  clip?: Rect;
}

export interface OpsResult {
  paths: VectorPath[];
  images: ImagePlacement[];
}

export function extractOps(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<any>,
  OPS: Record<string, number>,
  vt: ArrayLike<number>,
  width: number,
  height: number,
): OpsResult {
  const paths: VectorPath[] = [];
  const images: ImagePlacement[] = [];
  const op = (name: string): number => OPS[name] ?? -1;
  const O = {
    save: op('save'),
    restore: op('restore'),
    transform: op('transform'),
    setLineWidth: op('setLineWidth'),
    setGState: op('setGState'),
    constructPath: op('constructPath'),
    formBegin: op('paintFormXObjectBegin'),
    formEnd: op('paintFormXObjectEnd'),
    beginGroup: op('beginGroup'),
    endGroup: op('endGroup'),
    beginAnnotation: op('beginAnnotation'),
    endAnnotation: op('endAnnotation'),
    stroke: op('stroke'),
    closeStroke: op('closeStroke'),
    fill: op('fill'),
    eoFill: op('eoFill'),
    fillStroke: op('fillStroke'),
    eoFillStroke: op('eoFillStroke'),
    closeFillStroke: op('closeFillStroke'),
    closeEOFillStroke: op('closeEOFillStroke'),
    rawFillPath: op('rawFillPath'),
    image: op('paintImageXObject'),
    inlineImage: op('paintInlineImageXObject'),
    inlineImageGroup: op('paintInlineImageXObjectGroup'),
    imageRepeat: op('paintImageXObjectRepeat'),
    mask: op('paintImageMaskXObject'),
    maskGroup: op('paintImageMaskXObjectGroup'),
    maskRepeat: op('paintImageMaskXObjectRepeat'),
    solidMask: op('paintSolidColorImageMask'),
    clip: op('clip'),
    eoClip: op('eoClip'),
  };
  const strokeOps = new Set([O.stroke, O.closeStroke, O.fillStroke, O.eoFillStroke, O.closeFillStroke, O.closeEOFillStroke]);
  const fillOps = new Set([O.fill, O.eoFill, O.fillStroke, O.eoFillStroke, O.closeFillStroke, O.closeEOFillStroke, O.rawFillPath]);

  let gs: GState = { ctm: IDENTITY, lineWidth: 1 };
  const stack: GState[] = [];
  const push = (): void => {
    stack.push(gs);
    gs = { ...gs };
  };
  const pop = (): void => {
    gs = stack.pop() ?? gs;
  };
  const UNIT = [0, 0, 1, 0, 0, 1, 1, 1];
  // A clip operator applies to the path that follows it (W n): its box narrows the clip until restore.
  let clipPending = false;

  const addImage = (m: Matrix, pw: unknown, ph: unknown): void => {
    // Pictures are often placed larger than the frame that clips them: their visible part is what
    // a reader sees (and what sits beside the next column's text).
    const r = clipTo(bboxOfTransformed(mul(vt, m), UNIT), gs.clip);
    if (!r || !onPage(r, width, height)) return;
    const ok = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
    images.push({ rect: roundRect(r), pixelWidth: ok(pw), pixelHeight: ok(ph) });
  };

  const addPath = (kind: VectorPath['kind'], r: Rect, stroked: boolean, filled: boolean, lw: number): void => {
    const rr = clipTo(stroked ? grow(r, lw / 2) : r, gs.clip);
    if (!rr || !onPage(rr, width, height)) return;
    paths.push({ kind, rect: roundRect(rr), stroked, filled, lineWidth: round(lw) });
  };

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i];
    if (fn === O.save) push();
    else if (fn === O.restore) pop();
    else if (fn === O.transform) {
      if (args && args.length >= 6) gs.ctm = mul(gs.ctm, args);
    } else if (fn === O.setLineWidth) {
      if (typeof args?.[0] === 'number') gs.lineWidth = args[0];
    } else if (fn === O.setGState) {
      for (const entry of (args?.[0] as unknown[]) ?? []) {
        if (Array.isArray(entry) && entry[0] === 'LW' && typeof entry[1] === 'number') gs.lineWidth = entry[1];
      }
    } else if (fn === O.formBegin) {
      push();
      const m = args?.[0];
      if (m && m.length >= 6) gs.ctm = mul(gs.ctm, m);
    } else if (fn === O.formEnd) pop();
    else if (fn === O.beginGroup) {
      push();
      const m = args?.[0]?.matrix;
      if (m && m.length >= 6) gs.ctm = mul(gs.ctm, m);
    } else if (fn === O.endGroup) pop();
    else if (fn === O.beginAnnotation) {
      push();
      const t = args?.[2];
      const m = args?.[3];
      gs.ctm = IDENTITY;
      if (t && t.length >= 6) gs.ctm = mul(gs.ctm, t);
      if (m && m.length >= 6) gs.ctm = mul(gs.ctm, m);
      gs.lineWidth = 1;
    } else if (fn === O.endAnnotation) pop();
    else if (fn === O.clip || fn === O.eoClip) clipPending = true;
    else if (fn === O.constructPath) {
      const paintOp = args?.[0];
      const minMaxArgs = args?.[2];
      if (clipPending && minMaxArgs && minMaxArgs.length >= 4 && Number.isFinite(minMaxArgs[0])) {
        const box = bboxOfTransformed(mul(vt, gs.ctm), [minMaxArgs[0], minMaxArgs[1], minMaxArgs[2], minMaxArgs[1], minMaxArgs[0], minMaxArgs[3], minMaxArgs[2], minMaxArgs[3]]);
        gs.clip = clipTo(box, gs.clip) ?? { x0: box.x0, y0: box.y0, x1: box.x0, y1: box.y0 };
      }
      clipPending = false;
      const stroked = strokeOps.has(paintOp);
      const filled = fillOps.has(paintOp);
      if (!stroked && !filled) continue; // endPath (clipping) and friends paint nothing
      const data = args?.[1]?.[0];
      const minMax = args?.[2];
      const full = mul(vt, gs.ctm);
      const scale = Math.sqrt(Math.abs(full[0] * full[3] - full[1] * full[2]));
      // A zero line width is the thinnest line the device can draw: count it as 1/72 in.
      const lw = (gs.lineWidth > 0 ? gs.lineWidth : 1) * scale;
      const subs = data && typeof data.length === 'number' ? splitSubPaths(data, full) : null;
      if (!subs) {
        if (minMax && minMax.length >= 4 && Number.isFinite(minMax[0])) {
          const r = bboxOfTransformed(full, [minMax[0], minMax[1], minMax[2], minMax[1], minMax[0], minMax[3], minMax[2], minMax[3]]);
          addPath('curve', r, stroked, filled, lw);
        }
        continue;
      }
      let curveBox: Rect | null = null;
      const addCurve = (r: Rect): void => {
        curveBox = curveBox
          ? { x0: Math.min(curveBox.x0, r.x0), y0: Math.min(curveBox.y0, r.y0), x1: Math.max(curveBox.x1, r.x1), y1: Math.max(curveBox.y1, r.y1) }
          : r;
      };
      for (const sp of subs) {
        if (sp.pts.length < 2) continue;
        const r = bboxOfTransformed(IDENTITY, sp.pts);
        const degenerate = r.x1 - r.x0 < 1e-3 && r.y1 - r.y0 < 1e-3;
        if (degenerate && !stroked) continue;
        if (sp.curve) {
          addCurve(r);
          continue;
        }
        const v = distinctVertices(sp.pts);
        if (v.length <= 2) {
          if (stroked) addPath('line', r, true, filled, lw); // a dot, with round caps
          continue;
        }
        if (v.length === 4) {
          // a single straight segment; filling it paints nothing
          if (stroked) addPath('line', r, true, false, lw);
          continue;
        }
        if (isAxisAlignedRect(v)) {
          if (!stroked && (r.x1 - r.x0 < 1e-3 || r.y1 - r.y0 < 1e-3)) continue;
          const painted = stroked ? grow(r, lw / 2) : r;
          addPath(isThin(painted) ? 'line' : 'rect', r, stroked, filled, lw);
          continue;
        }
        if (stroked && !filled) {
          // an open or closed polyline that is only stroked: one ruling per segment
          const n = v.length / 2;
          const segs = sp.closed ? n : n - 1;
          for (let k = 0; k < segs; k++) {
            const j = (k + 1) % n;
            addPath('line', bboxOfTransformed(IDENTITY, [v[2 * k]!, v[2 * k + 1]!, v[2 * j]!, v[2 * j + 1]!]), true, false, lw);
          }
          continue;
        }
        addCurve(r);
      }
      if (curveBox) addPath('curve', curveBox, stroked, filled, lw);
    } else if (fn === O.image) {
      addImage(gs.ctm, args?.[1], args?.[2]);
    } else if (fn === O.inlineImage || fn === O.mask) {
      addImage(gs.ctm, args?.[0]?.width, args?.[0]?.height);
    } else if (fn === O.inlineImageGroup) {
      const img = args?.[0];
      for (const e of (args?.[1] as any[]) ?? []) {
        if (e?.transform) addImage(mul(gs.ctm, e.transform), e.w ?? img?.width, e.h ?? img?.height);
      }
    } else if (fn === O.maskGroup) {
      for (const e of (args?.[0] as any[]) ?? []) {
        if (e?.transform) addImage(mul(gs.ctm, e.transform), e.width, e.height);
      }
    } else if (fn === O.imageRepeat) {
      const [, sx, sy, pos] = args ?? [];
      for (let k = 0; pos && k + 1 < pos.length; k += 2) addImage(mul(gs.ctm, [sx, 0, 0, sy, pos[k], pos[k + 1]]), null, null);
    } else if (fn === O.maskRepeat) {
      const [img, sx, skx, sky, sy, pos] = args ?? [];
      for (let k = 0; pos && k + 1 < pos.length; k += 2) {
        addImage(mul(gs.ctm, [sx, skx ?? 0, sky ?? 0, sy, pos[k], pos[k + 1]]), img?.width, img?.height);
      }
    } else if (fn === O.solidMask) {
      // a 1x1 image mask: pdf.js paints it as a filled unit square
      const r = bboxOfTransformed(mul(vt, gs.ctm), UNIT);
      addPath(isThin(r) ? 'line' : 'rect', r, false, true, 0);
    }
  }
  return { paths, images };
}

// ---------------------------------------------------------------------------------------------

export function normalizeRotate(r: number): 0 | 90 | 180 | 270 {
  const n = (((Math.round(r / 90) * 90) % 360) + 360) % 360;
  return n as 0 | 90 | 180 | 270;
}

/** Assemble a page from what pdf.js returned (pure: no pdf.js calls besides font look-ups). */
export function buildPageContent(
  page: PdfjsPage,
  pageNumber: number,
  vp: PdfjsViewport,
  ops: { fnArray: ArrayLike<number>; argsArray: ArrayLike<unknown> },
  tc: PdfjsTextContent,
  OPS: Record<string, number>,
): PageContent {
  const vt = vp.transform;
  const textRuns = extractTextRuns(page, tc, vt, vp.width, vp.height);
  const { paths, images } = extractOps(ops.fnArray, ops.argsArray, OPS, vt, vp.width, vp.height);
  return { pageNumber, width: round(vp.width), height: round(vp.height), rotate: normalizeRotate(vp.rotation), textRuns, paths, images };
}
