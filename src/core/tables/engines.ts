// Which structure engine builds a table: table_mode standard uses the built-in hybrid engine;
// custom evaluates model_selection per table and resolves the chosen model through the registry
// in models/. A model whose engine is not installed falls back to the built-in engine, and the
// caller reports that in a status line (never silently).
import { TABLE_MODEL_REGISTRY } from '../../../models/table-models.ts';
import { selectModel } from '../contract/model-selection.ts';
import type { ResolvedOptions, TableModel } from '../contract/options.ts';

export const BUILTIN_ENGINE = 'tessera-hybrid';

/**
 * Resolution at which a table's `pixels` metric is measured (conventions.md: "the larger side of
 * the table's box in pixels at the rendering resolution"). 150 dpi is the resolution Tessera renders
 * pages at for raster work on tables, so a 500-pixel table is about 240 pt (a third of a page) wide.
 */
export const TABLE_PIXELS_DPI = 150;

export interface EngineChoice {
  /** The model asked for by model_selection (custom mode), else null. */
  requested: TableModel | null;
  /** The engine that actually runs. */
  engine: string;
  /** Set when a requested model is not installed and the built-in engine stands in. */
  fallback: string | null;
}

export function chooseEngine(options: ResolvedOptions, table: { pixels: number; chars: number }): EngineChoice {
  if (options.table_mode !== 'custom') return { requested: null, engine: BUILTIN_ENGINE, fallback: null };
  const model = selectModel(options.table_extraction_options.model_selection, table);
  const entry = TABLE_MODEL_REGISTRY[model];
  if (entry.engine) return { requested: model, engine: entry.engine, fallback: null };
  return {
    requested: model,
    engine: BUILTIN_ENGINE,
    fallback: `Table model ${model} is not installed (no ${entry.files.join(', ')} under models/); tables it was selected for were structured by the built-in engine (${BUILTIN_ENGINE})`,
  };
}
