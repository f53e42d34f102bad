// The public surface of the contract: response types, errors, the options schema and its parser.
export * from './types.ts';
export * from './errors.ts';
export type * from './options.ts';
export {
  OptionsSchema,
  optionMeta,
  OPTION_GROUPS,
  TEXT_MODES,
  TABLE_MODES,
  OUTPUT_FORMATS,
  IMAGE_FORMATS,
  CHUNK_STRATEGIES,
  TOKENIZERS,
  OCR_TEXT_MODES,
  DEFAULT_TOKENIZER_MODEL,
  DEFAULT_TITLE_CANDIDATES,
  type OptionGroup,
  type OptionMeta,
  type OptionKey,
  type SchemaOutput,
} from './schema.ts';
export { describeOptions, optionsJsonSchema, type OptionField, type OptionType } from './describe.ts';
export {
  parseOptions,
  formatPath,
  KNOWN_CLIENT_KEYS,
  type OptionProblem,
  type ParseOptionsResult,
  type ParseOptionsContext,
} from './parse.ts';
export {
  parseModelSelection,
  selectModel,
  DEFAULT_MODEL_SELECTION,
  FALLBACK_TABLE_MODEL,
  TABLE_MODELS,
  SELECTION_METRICS,
  SELECTION_OPS,
  type ModelSelectionResult,
} from './model-selection.ts';
export { normalisePages, checkPagesAgainst, expandPages, type PageProblem } from './pages.ts';
export { editDistance, closestName } from './typo.ts';
