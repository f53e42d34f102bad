// The registry of table structure models named by the contract (`table_extraction_options.
// model_selection`). Each name resolves to a structure engine; a model-based engine needs its
// weights under models/<name>/ (served from the app's own origin, read from disk in Node). None is
// installed in this build, so every name resolves to the built-in hybrid engine and the response
// says so in a status line (src/core/tables/engines.ts).
import type { TableModel } from '../src/core/contract/options.ts';

export interface TableModelEntry {
  name: TableModel;
  /** What the model is, for status lines and docs. */
  description: string;
  /** Files the model-based engine would load, relative to models/. */
  files: string[];
  /** The engine that runs it when installed; null: no engine for it ships in this build. */
  engine: string | null;
}

export const TABLE_MODEL_REGISTRY: Readonly<Record<TableModel, TableModelEntry>> = {
  table_transformer: {
    name: 'table_transformer',
    description: 'Table Transformer (DETR) structure recognition, better for smaller tables',
    files: ['table_transformer/model.onnx'],
    engine: null,
  },
  deformable_detr: {
    name: 'deformable_detr',
    description: 'Deformable DETR structure recognition, better for larger tables',
    files: ['deformable_detr/model.onnx'],
    engine: null,
  },
};
