// The one message protocol between the app (main thread) and the engine's Web Worker.
import type { PartitionEvent } from '../core/partition.ts';
import type { Element, PartitionResponse } from '../core/contract/types.ts';
import type { TablePage, TableRerunResponse } from '../core/tables/restructure.ts';

export type ToWorker =
  | {
      type: 'partition';
      id: number;
      /** Transferred, not copied. */
      file: ArrayBuffer;
      options: unknown;
      password?: string;
      filename?: string;
      /** Send back, with the result, what a table-structure re-run of this run needs (KeptTables). */
      keepTables?: boolean;
      /** The app's OCR engine setting (`tesseract`, `ppocr`); absent: chosen by language. */
      ocrEngine?: string;
    }
  /**
   * The document stages and rendering over page elements already partitioned (the app re-assembles
   * after filtering candidates by threshold, without reading the pages again).
   */
  | { type: 'assemble'; id: number; elements: Element[]; options: unknown; filename?: string }
  /**
   * Table structure again over a finished run (tables/restructure.ts): its kept pages and page
   * elements, the options it was made with and the new ones. Answered by 'tables-result'.
   */
  | { type: 'tables'; id: number; pages: TablePage[]; elements: Element[]; runOptions: unknown; options: unknown }
  | { type: 'cancel'; id: number };

/** What a run sends back for a later table-structure re-run: its options and its pages with tables. */
export interface KeptTables {
  options: unknown;
  pages: TablePage[];
}

/** Every output of one set of page elements: the response as asked for, and all three formats. */
export interface Assembled {
  /** The response body in the requested output_format (status lines are the caller's). */
  response: PartitionResponse;
  /** The final elements (after the document stages, e.g. chunking). */
  elements: Element[];
  markdown: string | string[];
  html: string;
}

export type FromWorker =
  | { channel: typeof CHANNEL; type: 'event'; id: number; event: PartitionEvent }
  | { channel: typeof CHANNEL; type: 'result'; id: number; response: PartitionResponse; kept?: KeptTables }
  | { channel: typeof CHANNEL; type: 'tables-result'; id: number; response: TableRerunResponse }
  | { channel: typeof CHANNEL; type: 'assembled'; id: number; assembled: Assembled };

/**
 * Marks our messages: pdf.js, when it runs its worker code inside this worker's thread, talks to
 * the main thread over the same `self.postMessage`, and those messages must be told apart.
 */
export const CHANNEL = 'tessera-engine';

export function isFromWorker(data: unknown): data is FromWorker {
  return typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CHANNEL;
}
