// The small uniform contract every step of the pipeline follows. A page passes through the page
// stages in order (reading -> OCR -> tables -> layout -> images ...); then the document stages run
// over all pages' elements (chunking ...). A stage whose option is off returns its input unchanged.
import type { ResolvedOptions } from './contract/options.ts';
import type { Element, LayoutType, TableStructure } from './contract/types.ts';
import type { OpenedDocument, PageContent, Rect } from './pdf/types.ts';

/**
 * A region found by a detector before layout (a table, a figure found in a scan): layout places it
 * in reading order and keeps the text inside it out of the other elements.
 */
export interface Region {
  type: Extract<LayoutType, 'table' | 'Image'>;
  rect: Rect;
  score: number;
  /** The region's text, when the detector has it (a table's cells in reading order). */
  text?: string;
  properties?: Record<string, unknown>;
  table?: TableStructure;
}

export interface PageState {
  content: PageContent;
  regions: Region[];
  /** Filled by layout; refined by later stages. */
  elements: Element[];
}

/** What document stages get: no open document, since the pages may have been read elsewhere. */
export interface DocumentContext {
  options: ResolvedOptions;
  signal?: AbortSignal;
  /** Adds a status line to the response (T+ prefix added). */
  status(message: string): void;
}

export interface StageContext extends DocumentContext {
  doc: OpenedDocument;
}

export interface PageStage {
  name: string;
  run(state: PageState, ctx: StageContext): Promise<PageState> | PageState;
}

export interface DocumentStage {
  name: string;
  run(elements: Element[], ctx: DocumentContext): Promise<Element[]> | Element[];
}
