// The response shape of the partitioning service (../shared/spec/partition-interface.md and
// conventions.md). Everything Tessera returns, renders or stores is built from these types.

export const ELEMENT_TYPES = [
  'Title',
  'Section-header',
  'Text',
  'List-item',
  'Caption',
  'Footnote',
  'Formula',
  'Page-header',
  'Page-footer',
  'Image',
  'table',
] as const;
export type LayoutType = (typeof ELEMENT_TYPES)[number];
/** `Section` only comes out of chunking (a merged run of elements). */
export type ElementType = LayoutType | 'Section';

/** [x1, y1, x2, y2] normalised to 0..1 by the displayed page's size, origin top-left. */
export type NormBBox = [number, number, number, number];

export interface ElementProperties {
  score: number;
  page_number: number;
  [key: string]: unknown;
}

export interface TableCell {
  content: string;
  rows: number[];
  cols: number[];
  is_header: boolean;
  bbox: { x1: number; y1: number; x2: number; y2: number };
  properties: Record<string, unknown>;
}

export interface TableStructure {
  cells: TableCell[];
  caption: string | null;
  num_rows: number;
  num_cols: number;
  column_headers: string[];
}

export interface Element {
  type: ElementType;
  bbox: NormBBox;
  properties: ElementProperties;
  text_representation: string;
  binary_representation?: string;
  table?: TableStructure;
}

export interface PartitionResponse {
  status: string[];
  status_code: number;
  error?: string;
  elements?: Element[];
  markdown?: string | string[];
  html?: string;
}
