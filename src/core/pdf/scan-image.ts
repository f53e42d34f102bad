// Scanned pages, fast: a page that paints nothing but one picture (a scan, possibly under invisible
// OCR text) is rasterized by resampling that picture's decoded pixels straight to the requested
// size, instead of pdf.js drawing it through a canvas. For a 600 dpi A4 scan the canvas route
// costs an RGB -> RGBA copy of 140 MB and a scaled drawImage, about a second a page; resampling is
// a tenth of that. Anything else on the page (visible text, paths, clips, forms, masks, blending)
// keeps the canvas route, as does a picture of lower resolution than asked for (upscaling is what
// the canvas does well).

/* eslint-disable @typescript-eslint/no-explicit-any */
import { mul, type Matrix } from './page-reader.ts';
import type { RasterImage } from './types.ts';

/** The one image a page paints, and where: unit square -> raster pixels. */
export interface SoleImage {
  objId: string;
  matrix: Matrix;
}

/** Decoded image data as pdf.js hands it to the canvas (kind 1 = 1 bit gray, 2 = RGB, 3 = RGBA). */
export interface DecodedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray | null;
}

const GRAY_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;
/** Text rendering mode 3: neither fill nor stroke (the OCR layer of a searchable scan). */
const INVISIBLE = 3;
/** Share of the raster's width or height that may be left out at an edge. */
const EDGE = 0.01;
/** Source pixels averaged per raster pixel along each axis, at most. */
const SAMPLES = 2;

/** Graphics-state keys that cannot change how an image is painted. */
const HARMLESS_GSTATE = new Set(['LW', 'LC', 'LJ', 'ML', 'D', 'RI', 'FL', 'Font', 'CA', 'SA', 'OP', 'op', 'OPM', 'TK', 'HT']);

/**
 * The page's only painting operation, when it is one image XObject drawn axis-aligned (any
 * quarter turn or mirror) over the whole `w` x `h` raster. `device` maps page space to raster
 * pixels (the render transform times the viewport's). Null for anything else.
 */
export function findSoleImage(
  fnArray: ArrayLike<number>,
  argsArray: ArrayLike<any>,
  OPS: Record<string, number>,
  device: Matrix,
  w: number,
  h: number,
): SoleImage | null {
  const op = (name: string): number => OPS[name] ?? -1;
  const neutral = new Set(
    [
      'dependency', 'beginMarkedContent', 'beginMarkedContentProps', 'endMarkedContent', 'beginCompat', 'endCompat',
      'setLineWidth', 'setLineCap', 'setLineJoin', 'setMiterLimit', 'setDash', 'setRenderingIntent', 'setFlatness',
      'beginText', 'endText', 'setCharSpacing', 'setWordSpacing', 'setHScale', 'setLeading', 'setFont', 'setTextRise',
      'moveText', 'setLeadingMoveText', 'setTextMatrix', 'nextLine', 'setCharWidth', 'setCharWidthAndBounds',
      'setStrokeColorSpace', 'setFillColorSpace', 'setStrokeColor', 'setStrokeColorN', 'setFillColor', 'setFillColorN',
      'setStrokeGray', 'setFillGray', 'setStrokeRGBColor', 'setFillRGBColor', 'setStrokeCMYKColor', 'setFillCMYKColor',
      'setStrokeTransparent', 'setFillTransparent',
    ].map(op),
  );
  const showText = new Set(['showText', 'showSpacedText', 'nextLineShowText', 'nextLineSetSpacingShowText'].map(op));
  const [SAVE, RESTORE, TRANSFORM, GSTATE, TEXT_MODE, IMAGE, CLIP, EO_CLIP, PATH, END_PATH, FORM, FORM_END] = [
    'save', 'restore', 'transform', 'setGState', 'setTextRenderingMode', 'paintImageXObject',
    'clip', 'eoClip', 'constructPath', 'endPath', 'paintFormXObjectBegin', 'paintFormXObjectEnd',
  ].map(op);
  // Clips and the picture may miss a sliver at the edges (page boxes rounded to whole points): the
  // margin of a scan, where a few pixels of paper more or less change nothing.
  const mx = Math.max(1, EDGE * w);
  const my = Math.max(1, EDGE * h);
  const covers = (r: { x0: number; y0: number; x1: number; y1: number }): boolean => r.x0 <= mx && r.y0 <= my && r.x1 >= w - mx && r.y1 >= h - my;
  /** A clip (or form bounding box) in user space that leaves the whole raster visible. */
  const clipsNothing = (box: ArrayLike<number> | undefined, m: Matrix): boolean =>
    !!box && box.length >= 4 && covers(transformedBox(mul(device, m), box[0]!, box[1]!, box[2]!, box[3]!));

  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let textMode = 0;
  const stack: Array<{ ctm: Matrix; textMode: number }> = [];
  let found: SoleImage | null = null;
  let clipping = false;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i]!;
    const args = argsArray[i];
    if (neutral.has(fn)) continue;
    if (fn === SAVE) stack.push({ ctm, textMode });
    else if (fn === RESTORE) ({ ctm, textMode } = stack.pop() ?? { ctm, textMode });
    else if (fn === CLIP || fn === EO_CLIP) clipping = true;
    else if (fn === PATH) {
      // Only the path of a pending clip, and only a rectangle around the whole raster.
      if (!clipping || args?.[0] !== END_PATH || !isRectangle(args?.[1]?.[0], args?.[2]) || !clipsNothing(args?.[2], ctm)) return null;
      clipping = false;
    } else if (fn === FORM) {
      stack.push({ ctm, textMode });
      const m = args?.[0];
      if (m && m.length >= 6) ctm = mul(ctm, m);
      if (!clipsNothing(args?.[1], ctm)) return null;
    } else if (fn === FORM_END) ({ ctm, textMode } = stack.pop() ?? { ctm, textMode });
    else if (fn === TRANSFORM) {
      if (!args || args.length < 6) return null;
      ctm = mul(ctm, args);
    } else if (fn === TEXT_MODE) textMode = typeof args?.[0] === 'number' ? args[0] : 0;
    else if (showText.has(fn)) {
      if (textMode !== INVISIBLE) return null;
    } else if (fn === GSTATE) {
      for (const entry of (args?.[0] as unknown[]) ?? []) {
        if (!Array.isArray(entry)) return null;
        const [key, value] = entry as [string, unknown];
        if (HARMLESS_GSTATE.has(key)) continue;
        if (key === 'ca' && value === 1) continue;
        if (key === 'BM' && (value === 'source-over' || value === 'Normal')) continue;
        if (key === 'SMask' && !value) continue;
        return null;
      }
    } else if (fn === IMAGE) {
      if (found || typeof args?.[0] !== 'string') return null;
      found = { objId: args[0], matrix: mul(device, ctm) };
    } else return null; // paths, clips, shadings, forms, masks, inline images, annotations ...
  }
  if (!found) return null;
  const [a, b, c, d, e, f] = found.matrix;
  const scale = Math.max(Math.abs(a), Math.abs(b), Math.abs(c), Math.abs(d));
  const straight = Math.abs(b) <= 1e-6 * scale && Math.abs(c) <= 1e-6 * scale;
  const turned = Math.abs(a) <= 1e-6 * scale && Math.abs(d) <= 1e-6 * scale;
  if (!straight && !turned) return null;
  return covers(transformedBox([a, b, c, d, e, f], 0, 0, 1, 1)) ? found : null;
}

function transformedBox(m: Matrix, x0: number, y0: number, x1: number, y1: number): { x0: number; y0: number; x1: number; y1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [[x0, y0], [x1, y0], [x0, y1], [x1, y1]] as const) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** pdf.js path data (op, x, y, ...: 0 moveTo, 1 lineTo, 4 closePath) of one rectangle filling `box`. */
function isRectangle(data: ArrayLike<number> | undefined, box: ArrayLike<number> | undefined): boolean {
  if (!data || !box || box.length < 4) return false;
  let moves = 0;
  for (let i = 0; i < data.length; ) {
    const o = data[i]!;
    if (o === 4) {
      i++;
      continue;
    }
    if (o !== 0 && o !== 1) return false; // curves
    if (o === 0 && ++moves > 1) return false;
    const x = data[i + 1]!;
    const y = data[i + 2]!;
    if ((x !== box[0] && x !== box[2]) || (y !== box[1] && y !== box[3])) return false;
    i += 3;
  }
  return moves === 1;
}

/**
 * The image resampled onto a `w` x `h` RGBA raster through `matrix` (unit square -> raster
 * pixels, as found by findSoleImage), by averaging the source pixels under each raster pixel.
 * Null when the image has fewer pixels than the raster along either axis, or is not plain pixels.
 */
export function resampleImage(img: DecodedImage, matrix: Matrix, w: number, h: number): RasterImage | null {
  const { width: W, height: H, kind, data } = img;
  if (!data || !(W > 0 && H > 0)) return null;
  const bytesPerRow = kind === GRAY_1BPP ? (W + 7) >> 3 : kind === RGB_24BPP ? W * 3 : kind === RGBA_32BPP ? W * 4 : 0;
  if (!bytesPerRow || data.length < bytesPerRow * H) return null;
  const [a, b, c, d, e, f] = matrix;
  // Raster pixels along the image's columns (u) and rows (v).
  const tw = Math.max(1, Math.round(Math.hypot(a, b)));
  const th = Math.max(1, Math.round(Math.hypot(c, d)));
  if (tw > W || th > H) return null;

  // 1. Average down to tw x th in the image's own orientation, reading the source in order: output
  // pixel (p, q) averages source columns from[p] .. from[p + 1] - 1 and rows likewise, taking at
  // most two of each, evenly spread (enough against aliasing; reading every pixel of a 600 dpi
  // page costs twice as much for no better OCR).
  const from = new Int32Array(tw + 1);
  for (let p = 0; p <= tw; p++) from[p] = Math.floor((p * W) / tw);
  const colStep = Math.max(1, Math.ceil(W / tw / SAMPLES));
  const rowStep = Math.max(1, Math.ceil(H / th / SAMPLES));
  const small = new Uint8ClampedArray(tw * th * 3);
  const acc = new Float64Array(tw * 3);
  for (let q = 0; q < th; q++) {
    const row = Math.floor((q * H) / th);
    const rowEnd = Math.max(row + 1, Math.floor(((q + 1) * H) / th));
    acc.fill(0);
    let rows = 0;
    for (let y = row; y < rowEnd; y += rowStep) {
      rows++;
      const base = y * bytesPerRow;
      for (let p = 0; p < tw; p++) {
        const i0 = from[p]!;
        const i1 = from[p + 1]!;
        let r = 0;
        let g = 0;
        let b = 0;
        if (kind === RGB_24BPP) {
          for (let s = base + i0 * 3, end = base + i1 * 3, step = colStep * 3; s < end; s += step) {
            r += data[s]!;
            g += data[s + 1]!;
            b += data[s + 2]!;
          }
        } else if (kind === RGBA_32BPP) {
          for (let s = base + i0 * 4, end = base + i1 * 4, step = colStep * 4; s < end; s += step) {
            // over white paper
            const alpha = data[s + 3]!;
            const white = 255 * (255 - alpha);
            r += (data[s]! * alpha + white) / 255;
            g += (data[s + 1]! * alpha + white) / 255;
            b += (data[s + 2]! * alpha + white) / 255;
          }
        } else {
          // 1 bit per pixel, most significant bit first, 1 = white (pdf.js has applied /Decode).
          for (let i = i0; i < i1; i += colStep) r += (data[base + (i >> 3)]! >> (7 - (i & 7))) & 1;
          r *= 255;
          g = r;
          b = r;
        }
        acc[p * 3]! += r;
        acc[p * 3 + 1]! += g;
        acc[p * 3 + 2]! += b;
      }
    }
    for (let p = 0, o = q * tw * 3; p < tw; p++) {
      const n = Math.ceil((from[p + 1]! - from[p]!) / colStep) * rows;
      small[o++] = acc[p * 3]! / n;
      small[o++] = acc[p * 3 + 1]! / n;
      small[o++] = acc[p * 3 + 2]! / n;
    }
  }

  // 2. Place it: each raster pixel's centre mapped back into the unit square (a quarter turn or a
  // mirror is a permutation here; nothing is interpolated twice).
  const det = a * d - b * c;
  if (!det) return null;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let Y = 0; Y < h; Y++) {
    const py = Y + 0.5 - f;
    for (let X = 0; X < w; X++) {
      const px = X + 0.5 - e;
      const u = (d * px - c * py) / det;
      const v = (a * py - b * px) / det;
      const p = Math.min(tw - 1, Math.max(0, Math.floor(u * tw)));
      const q = Math.min(th - 1, Math.max(0, Math.floor((1 - v) * th))); // row 0 is the image's top (v = 1)
      const s = (q * tw + p) * 3;
      const o = (Y * w + X) * 4;
      out[o] = small[s]!;
      out[o + 1] = small[s + 1]!;
      out[o + 2] = small[s + 2]!;
      out[o + 3] = 255;
    }
  }
  return { width: w, height: h, data: out };
}
