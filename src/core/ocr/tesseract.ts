// OCR with tesseract.js. Core does the pooling and turns tesseract's block tree into OcrLines; the
// environment (src/cli/ocr-node.ts, src/worker/ocr-browser.ts) starts the workers, with the worker
// script, wasm core and traineddata read from node_modules or served from the app's own origin.
import { TesseraError } from '../contract/errors.ts';
import { WorkerPool, type PoolWorker } from './pool.ts';
import { encodePgm } from './raster-ops.ts';
import { LANGUAGE_DATA_CODES } from './languages.ts';
import type { OcrEngine, OcrImage, OcrLine, OcrPage, OrientationGuess, PixelBox, Rotation } from './types.ts';

/** The part of a tesseract.js worker this engine uses. */
export interface TesseractWorkerLike extends PoolWorker {
  recognize(image: Uint8Array, options: object, output: object): Promise<{ data: { blocks: TessBlock[] | null } }>;
  detect(image: Uint8Array): Promise<{ data: { orientation_degrees: number | null; orientation_confidence: number | null } }>;
  setParameters(params: Record<string, string>): Promise<unknown>;
}

export interface TesseractHost {
  /**
   * Start a worker: 'text' = the LSTM recogniser loaded with these traineddata codes; 'osd' = the
   * legacy core with osd.traineddata (orientation and script detection).
   */
  createWorker(kind: 'text' | 'osd', codes: readonly string[]): Promise<TesseractWorkerLike>;
  /** Most workers to run at once (sized to the machine). */
  maxWorkers: number;
}

interface TessBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TessWord {
  text: string;
  confidence: number;
  bbox: TessBox;
  is_bold?: boolean;
}
interface TessLine {
  bbox: TessBox;
  words: TessWord[];
  rowAttributes?: { row_height?: number; descenders?: number; ascenders?: number };
}
export interface TessBlock {
  paragraphs: Array<{ lines: TessLine[] }>;
}

/** Workers idle this long are terminated: long enough to outlive rendering the next page. */
const IDLE_MS = 4000;
/** Below this OSD confidence the page is left as it is (tesseract's own advice is about 2). */
const MIN_OSD_CONFIDENCE = 1.5;

const box = (b: TessBox): PixelBox => ({ x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 });

/** tesseract's blocks -> lines of non-empty words, in tesseract's reading order. */
export function linesFromBlocks(blocks: readonly TessBlock[]): OcrLine[] {
  const lines: OcrLine[] = [];
  let paragraph = 0;
  for (const block of blocks) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const words = line.words
          .filter((w) => w.text.trim() !== '')
          .map((w) => ({ text: w.text.trim(), box: box(w.bbox), confidence: w.confidence / 100, ...(w.is_bold ? { bold: true } : {}) }));
        if (!words.length) continue;
        const rowHeight = line.rowAttributes?.row_height;
        lines.push({
          words,
          box: box(line.bbox),
          paragraph,
          ...(rowHeight && rowHeight > 0 ? { textHeight: rowHeight } : {}),
        });
      }
      paragraph++;
    }
  }
  return lines;
}

export class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract';
  readonly #pool: WorkerPool<TesseractWorkerLike>;
  /**
   * Orientation detection has its own worker (legacy engine + osd data): sharing the text pool
   * would stop a text worker and start it again (a second each) around every rotated page.
   */
  readonly #osdPool: WorkerPool<TesseractWorkerLike>;

  constructor(private readonly host: TesseractHost) {
    this.#pool = new WorkerPool(Math.max(1, host.maxWorkers), IDLE_MS);
    this.#osdPool = new WorkerPool(1, IDLE_MS);
  }

  supports(code: string): boolean {
    return LANGUAGE_DATA_CODES.includes(code);
  }

  async #start(kind: 'text' | 'osd', codes: readonly string[]): Promise<TesseractWorkerLike> {
    try {
      return await this.host.createWorker(kind, codes);
    } catch (e) {
      throw new TesseraError('internal', `Could not start the OCR engine (tesseract, ${codes.join('+') || kind}): ${errorText(e)}`);
    }
  }

  prepare(languages: readonly string[]): void {
    this.#pool.warm(`text:${languages.join('+')}`, () => this.#start('text', languages));
  }

  async recognize(image: OcrImage, languages: readonly string[], signal?: AbortSignal): Promise<OcrPage> {
    const pgm = encodePgm(image);
    const key = `text:${languages.join('+')}`;
    const lines = await this.#pool.run(
      key,
      () => this.#start('text', languages),
      async (w) => {
        try {
          // PGM carries no resolution; tesseract's size heuristics need one.
          await w.setParameters({ user_defined_dpi: String(Math.round(image.dpi)) });
          const r = await w.recognize(pgm, {}, { text: false, blocks: true });
          return linesFromBlocks(r.data.blocks ?? []);
        } catch (e) {
          throw new TesseraError('internal', `OCR failed: ${errorText(e)}`);
        }
      },
      signal,
    );
    return { width: image.width, height: image.height, lines };
  }

  async detectOrientation(image: OcrImage, _languages: readonly string[], signal?: AbortSignal): Promise<OrientationGuess> {
    const pgm = encodePgm(image);
    const r = await this.#osdPool.run(
      'osd',
      () => this.#start('osd', ['osd']),
      async (w) => {
        try {
          await w.setParameters({ user_defined_dpi: String(Math.round(image.dpi)) });
          return (await w.detect(pgm)).data;
        } catch (e) {
          // No script found at all (a blank page, a photo): not an error, just no opinion.
          if (/too few characters|Invalid resolution/i.test(errorText(e))) return { orientation_degrees: null, orientation_confidence: null };
          throw new TesseraError('internal', `Orientation detection failed: ${errorText(e)}`);
        }
      },
      signal,
    );
    const deg = r.orientation_degrees;
    const conf = r.orientation_confidence ?? 0;
    if (deg === null || conf < MIN_OSD_CONFIDENCE) return { rotate: 0, confidence: 0 };
    // tesseract.js reports the clockwise turn that makes the page upright (checked on the
    // corpus' ocr_test_rotated_90/180/270 scans).
    const rotate = (((deg % 360) + 360) % 360) as Rotation;
    return { rotate, confidence: Math.min(1, conf / 10) };
  }

  liveWorkers(): number {
    return this.#pool.size + this.#osdPool.size;
  }

  async release(): Promise<void> {
    await Promise.all([this.#pool.terminateAll(), this.#osdPool.terminateAll()]);
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
