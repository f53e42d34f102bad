// What an OCR engine hands to the rest of the engine: words with pixel boxes, grouped in lines and
// paragraphs. Engines (tesseract.js, PP-OCR on onnxruntime-web) live behind OcrEngine; the
// environment (Node or a Web Worker) supplies what they need to run (workers, wasm, model files).
import type { RasterImage } from '../pdf/types.ts';

/** A box in raster pixels, origin top-left. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A raster to read, with the resolution it was rendered at. */
export interface OcrImage extends RasterImage {
  dpi: number;
}

export interface OcrWord {
  text: string;
  box: PixelBox;
  /** 0..1 */
  confidence: number;
  /** Only when the engine reports it (tesseract's LSTM models do not). */
  bold?: boolean;
}

export interface OcrLine {
  words: OcrWord[];
  box: PixelBox;
  /** Height of the line's letters in pixels (x-height + ascenders), when the engine knows it. */
  textHeight?: number;
  /** Index of the paragraph (block of lines) the line belongs to, unique within a page. */
  paragraph: number;
}

export interface OcrPage {
  width: number;
  height: number;
  lines: OcrLine[];
}

export type Rotation = 0 | 90 | 180 | 270;

export interface OrientationGuess {
  /**
   * Clockwise rotation that makes the page upright (rotate the raster by this many degrees
   * clockwise to read it).
   */
  rotate: Rotation;
  /** 0..1: how sure the engine is (1 = certain). */
  confidence: number;
}

export interface OcrEngine {
  readonly name: string;
  /** Language codes this engine can read (tesseract traineddata codes: eng, deu, chi_sim ...). */
  supports(code: string): boolean;
  recognize(image: OcrImage, languages: readonly string[], signal?: AbortSignal): Promise<OcrPage>;
  /**
   * Get ready to read these languages (start a worker, load models) while the caller renders the
   * page. Optional; never fails (the next recognize() reports what went wrong).
   */
  prepare?(languages: readonly string[]): void;
  /** Detect 90/180/270 rotated pages. */
  detectOrientation(image: OcrImage, languages: readonly string[], signal?: AbortSignal): Promise<OrientationGuess>;
  /** Terminate every worker the engine has started. Safe to call twice; the engine restarts on use. */
  release(): Promise<void>;
  /** How many workers the engine has running right now (for tests and the bench). */
  liveWorkers(): number;
}
