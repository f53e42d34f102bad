// The complete, defaulted options object that the engine consumes. parseOptions (./parse.ts) turns
// the spec's `options` JSON into this; nothing downstream ever sees raw user options.
import type { LayoutType } from './types.ts';

export type TextMode = 'auto' | 'inline_fallback_to_ocr' | 'ocr_standard' | 'ocr_vision';
export type TableMode = 'standard' | 'vision' | 'none' | 'custom';
export type OutputFormat = 'json' | 'markdown' | 'html';
export type ImageFormat = 'ppm' | 'png' | 'jpeg';
export type ChunkStrategy = 'context_rich' | 'maximize_within_limit';
export type Tokenizer = 'vendor1_tokenizer' | 'character_tokenizer' | 'vendor2_tokenizer';

/** Inclusive 1-based page ranges, sorted, non-overlapping; a single page n is [n, n]. */
export type PageRanges = ReadonlyArray<readonly [number, number]>;

export type TableModel = 'table_transformer' | 'deformable_detr';
export type SelectionMetric = 'pixels' | 'chars';
export type SelectionOp = '<' | '>' | '<=' | '>=' | '==' | '!=';
/** model_selection parsed: conditional rules tried in order, then the default. */
export interface ModelSelectionProgram {
  rules: Array<{ metric: SelectionMetric; op: SelectionOp; threshold: number; model: TableModel }>;
  /** The unconditional statement's model, or table_transformer when there is none (spec rule 7). */
  fallback: TableModel;
  /** The expression as given, for status lines and round trips. */
  source: string;
}

export interface ChunkingOptions {
  strategy: ChunkStrategy;
  max_tokens: number;
  tokenizer: Tokenizer;
  tokenizer_options: { model_name?: string };
  merge_across_pages: boolean;
}

export interface ResolvedOptions {
  selected_pages: PageRanges | null;
  text_mode: TextMode;
  table_mode: TableMode;
  output_format: OutputFormat;
  summarize_images: boolean;
  table_extraction_options: {
    include_additional_text: boolean;
    model_selection: ModelSelectionProgram;
  };
  /** Language names joined by '+', e.g. `english+german`, lower-cased. */
  ocr_language: string;
  text_extraction_options: { remove_line_breaks: boolean };
  /** null: no chunking (the key was absent). */
  chunking_options: ChunkingOptions | null;
  extract_images: boolean;
  image_extraction_options: { associate_captions: boolean; extract_image_format: ImageFormat };
  /** null: the default DocSet; '' : do not store. */
  add_to_docset_id: string | null;
  threshold: 'auto' | number;
  output_label_options: {
    promote_title: boolean;
    title_candidate_elements: LayoutType[];
    orientation_correction: boolean;
  };
  markdown_options: {
    include_pagenum: boolean;
    include_headers: boolean;
    include_footers: boolean;
    group_by_page: boolean;
  };
}
