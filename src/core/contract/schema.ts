// The options object of partition-interface.md as ONE zod schema. Each field carries its type,
// bounds, default and, in `optionMeta`, its group, one-line description and deprecation. Everything
// else is derived from it: parse.ts validates with it (key by key, so that one bad key does not hide
// the others) and describeOptions() walks it for `--help-options` and the app's options form.
import * as z from 'zod';
import { describeValue, quotedHint } from './messages.ts';
import { DEFAULT_MODEL_SELECTION, parseModelSelection } from './model-selection.ts';
import type {
  ChunkingOptions,
  ChunkStrategy,
  ImageFormat,
  OutputFormat,
  TableMode,
  TextMode,
  Tokenizer,
} from './options.ts';
import { normalisePages } from './pages.ts';
import { languageProblems, SUPPORTED_LANGUAGES } from '../ocr/languages.ts';
import { ELEMENT_TYPES } from './types.ts';

export const TEXT_MODES = ['auto', 'inline_fallback_to_ocr', 'ocr_standard', 'ocr_vision'] as const satisfies readonly TextMode[];
export const TABLE_MODES = ['standard', 'vision', 'none', 'custom'] as const satisfies readonly TableMode[];
export const OUTPUT_FORMATS = ['json', 'markdown', 'html'] as const satisfies readonly OutputFormat[];
export const IMAGE_FORMATS = ['ppm', 'png', 'jpeg'] as const satisfies readonly ImageFormat[];
export const CHUNK_STRATEGIES = ['context_rich', 'maximize_within_limit'] as const satisfies readonly ChunkStrategy[];
export const TOKENIZERS = ['vendor1_tokenizer', 'character_tokenizer', 'vendor2_tokenizer'] as const satisfies readonly Tokenizer[];
export const OCR_TEXT_MODES = ['standard', 'vision'] as const;
export const DEFAULT_TOKENIZER_MODEL = 'text-embedding-3-small';
export const DEFAULT_TITLE_CANDIDATES = ['Section-header', 'Caption'] as const;

// The lists above must name every member of the option types, not just some.
type Covers<List extends readonly string[], T extends string> = [T] extends [List[number]] ? true : never;
const covered: [
  Covers<typeof TEXT_MODES, TextMode>,
  Covers<typeof TABLE_MODES, TableMode>,
  Covers<typeof OUTPUT_FORMATS, OutputFormat>,
  Covers<typeof IMAGE_FORMATS, ImageFormat>,
  Covers<typeof CHUNK_STRATEGIES, ChunkStrategy>,
  Covers<typeof TOKENIZERS, Tokenizer>,
] = [true, true, true, true, true, true];
void covered;

export const OPTION_GROUPS = ['General', 'Tables', 'Text', 'Chunking', 'Images', 'Advanced'] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

export interface OptionMeta {
  /** Required on top-level keys; a nested key inherits its map's group. */
  group?: OptionGroup;
  /** One line, from the spec. */
  description: string;
  deprecated?: { replacement: string };
  /** For the fields whose zod type does not say what they are (a custom parse). */
  kind?: 'pages' | 'threshold' | 'expression';
  /** The default to show when it depends on another option, so no zod default can hold it. */
  shownDefault?: unknown;
}

/** Private to the options (not zod's global registry), so nobody else's metadata mixes in. */
export const optionMeta = z.registry<OptionMeta>();
const field = <T extends z.ZodType>(schema: T, meta: OptionMeta): T => {
  optionMeta.add(schema, meta);
  return schema;
};

type Ctx = z.core.$RefinementCtx;

// --- field types whose parse is more than a zod primitive ---------------------------------------

const selectedPages = z.array(z.unknown()).transform((entries, ctx: Ctx) => {
  const r = normalisePages(entries);
  if (r.ok) return r.pages;
  for (const p of r.problems) {
    ctx.issues.push({ code: 'custom', message: p.message, input: entries, path: p.index >= 0 ? [p.index] : [] });
  }
  return z.NEVER;
});

const thresholdError = (iss: { input?: unknown }): string =>
  `must be "auto" or a number from 0 to 1 inclusive, got ${describeValue(iss.input)}${quotedHint(iss.input)}`;
const threshold = z.union(
  [z.literal('auto'), z.number({ error: thresholdError }).min(0, { error: thresholdError }).max(1, { error: thresholdError })],
  { error: thresholdError },
);

const modelSelection = z.string().transform((src, ctx: Ctx) => {
  const r = parseModelSelection(src);
  if (r.ok) return r.program;
  for (const message of r.errors) ctx.issues.push({ code: 'custom', message, input: src });
  return z.NEVER;
});

// Names of letters, `_` and spaces, joined by `+`, lower-cased so `English+German` works; each
// name must be one the OCR engine has language data for (../ocr/languages.ts).
const ocrLanguage = z.string().transform((s, ctx: Ctx) => {
  const names = s.toLowerCase().split('+').map((n) => n.trim().replace(/\s+/g, ' '));
  if (names.every((n) => /^[a-z_ ]+$/.test(n))) {
    const problems = languageProblems(names.join('+'));
    if (!problems.length) return names.join('+');
    for (const message of problems) ctx.issues.push({ code: 'custom', input: s, message });
    return z.NEVER;
  }
  ctx.issues.push({
    code: 'custom',
    input: s,
    message: `must be language names (letters, "_", spaces) joined by "+", e.g. "english" or "english+german"; got ${describeValue(s)}`,
  });
  return z.NEVER;
});

const intAtLeast = (min: number) => {
  const error = (iss: { input?: unknown }): string => `must be an integer >= ${min}, got ${describeValue(iss.input)}${quotedHint(iss.input)}`;
  return z.int({ error }).min(min, { error });
};

// Which model names a tokenizer accepts is the chunking code's business (it owns the tokenizers);
// here model_name is only required to be a non-empty string.
const tokenizerOptions = z.strictObject({
  model_name: field(z.string().min(1).optional(), {
    description: 'Tokenizer model (vendor1_tokenizer: any model its tokenizer library supports; vendor2_tokenizer: a Hugging Face model).',
    shownDefault: DEFAULT_TOKENIZER_MODEL,
  }),
});

const chunking = z
  .strictObject({
    strategy: field(z.enum(CHUNK_STRATEGIES).default('context_rich'), {
      description: 'context_rich: evenly sized chunks under their section header (for retrieval); maximize_within_limit: chunks as large as max_tokens allows.',
    }),
    max_tokens: field(intAtLeast(1).default(512), { description: 'Token cutoff above which a chunk is split.' }),
    tokenizer: field(z.enum(TOKENIZERS).default('vendor1_tokenizer'), { description: 'Tokenizer that counts the tokens of a chunk.' }),
    tokenizer_options: field(tokenizerOptions.optional(), {
      description: 'Tokenizer settings: model_name for vendor1_tokenizer and vendor2_tokenizer; character_tokenizer takes none.',
      shownDefault: { model_name: DEFAULT_TOKENIZER_MODEL },
    }),
    merge_across_pages: field(z.boolean().default(true), { description: 'Let a chunk merge elements of different pages.' }),
  })
  .transform((c, ctx: Ctx): ChunkingOptions => {
    const given = c.tokenizer_options ?? {};
    // The default tokenizer_options belong to vendor1_tokenizer only; the others get none by default.
    let tokenizer_options: ChunkingOptions['tokenizer_options'] = { ...given };
    if (c.tokenizer === 'character_tokenizer' && Object.keys(given).length > 0) {
      ctx.issues.push({
        code: 'custom',
        path: ['tokenizer_options'],
        input: given,
        message: `character_tokenizer takes no options; remove tokenizer_options (got ${describeValue(given)})`,
      });
      return z.NEVER;
    }
    if (c.tokenizer === 'vendor1_tokenizer') tokenizer_options = { model_name: given.model_name ?? DEFAULT_TOKENIZER_MODEL };
    return { ...c, tokenizer_options };
  });

// --- the options object --------------------------------------------------------------------------

export const OptionsSchema = z.object({
  // General
  selected_pages: field(selectedPages.nullable().default(null), {
    group: 'General',
    description: 'Pages to process: 1-based page numbers and inclusive [first, last] ranges, e.g. [1, 10, [15, 20]]; absent means every page.',
    kind: 'pages',
  }),
  text_mode: field(z.enum(TEXT_MODES).default('auto'), {
    group: 'General',
    description: 'How text is read: auto (best mix of OCR and embedded text), inline_fallback_to_ocr (embedded text, else OCR), ocr_standard (classical OCR), ocr_vision (vision model, pay-as-you-go).',
  }),
  table_mode: field(z.enum(TABLE_MODES).default('standard'), {
    group: 'General',
    description: 'Table structure: standard (hybrid pipeline), vision (vision model, pay-as-you-go), none (tables without cells), custom (table_extraction_options.model_selection decides).',
  }),
  output_format: field(z.enum(OUTPUT_FORMATS).default('json'), {
    group: 'General',
    description: 'Result as json elements, or the whole document as one markdown or html string.',
  }),
  summarize_images: field(z.boolean().default(false), {
    group: 'General',
    description: "Generate image summaries and return them as the image elements' text (pay-as-you-go).",
  }),
  use_ocr: field(z.boolean().default(false), {
    group: 'General',
    description: 'Deprecated, use text_mode: true forces OCR text extraction, false extracts embedded text.',
    deprecated: { replacement: 'text_mode' },
  }),
  extract_table_structure: field(z.boolean().default(true), {
    group: 'General',
    description: 'Deprecated, use table_mode: false still detects tables but returns no cells or cell boxes.',
    deprecated: { replacement: 'table_mode' },
  }),

  // Tables
  table_extraction_options: field(
    z
      .strictObject({
        include_additional_text: field(z.boolean().default(true), {
          description: 'Merge tokens from text extraction into the table structure (helps tables with missing or misaligned text).',
        }),
        model_selection: field(modelSelection.prefault(DEFAULT_MODEL_SELECTION), {
          description: 'Table model per table when table_mode is custom: `metric op number -> model; ...; model`, metrics pixels/chars, models table_transformer/deformable_detr.',
          kind: 'expression',
        }),
      })
      .prefault({}),
    { group: 'Tables', description: 'Table structure settings, applied only when table structure is extracted (table_mode not none).' },
  ),

  // Text
  ocr_language: field(ocrLanguage.default('english'), {
    group: 'Text',
    description: `Language model for OCR; several languages joined by +, e.g. english+german. Supported: ${SUPPORTED_LANGUAGES.join(', ')}.`,
  }),
  text_extraction_options: field(
    z
      .strictObject({
        remove_line_breaks: field(z.boolean().default(true), { description: 'Remove line breaks inside the text of an element.' }),
        ocr_text_mode: field(z.enum(OCR_TEXT_MODES).default('standard'), {
          description: 'Deprecated, use text_mode: standard (classical OCR) or vision (vision model, pay-as-you-go).',
          deprecated: { replacement: 'text_mode' },
        }),
      })
      .prefault({}),
    { group: 'Text', description: 'Text extraction settings.' },
  ),

  // Chunking
  chunking_options: field(chunking.nullable().default(null), {
    group: 'Chunking',
    description: 'Chunk the elements: absent means no chunking, {} means chunking with every default.',
  }),

  // Images
  extract_images: field(z.boolean().default(false), {
    group: 'Images',
    description: 'Extract images from the document; they are returned base64 encoded in extract_image_format.',
  }),
  extract_image_format: field(z.enum(IMAGE_FORMATS).default('ppm'), {
    group: 'Images',
    description: 'Format of extracted images (always base64 encoded).',
  }),
  image_extraction_options: field(
    z
      .strictObject({
        associate_captions: field(z.boolean().default(false), { description: 'Associate captions with images.' }),
        extract_image_format: field(z.enum(IMAGE_FORMATS).default('ppm'), {
          description: 'Deprecated in this map, use the top-level extract_image_format.',
          deprecated: { replacement: 'extract_image_format' },
        }),
      })
      .prefault({}),
    { group: 'Images', description: 'Image extraction settings.' },
  ),

  // Advanced
  add_to_docset_id: field(z.string().nullable().default(null), {
    group: 'Advanced',
    description: 'DocSet to store the parsed document in: absent means the default DocSet vendor_storage, "" means do not store.',
  }),
  threshold: field(threshold.default('auto'), {
    group: 'Advanced',
    description: 'Confidence cutoff for detected boxes: auto picks the best prediction per box; a number keeps boxes scoring above it (0.32 is a good start).',
    kind: 'threshold',
  }),
  output_label_options: field(
    z
      .strictObject({
        promote_title: field(z.boolean().default(false), { description: 'Promote an element to Title when the output has no title.' }),
        title_candidate_elements: field(z.array(z.enum(ELEMENT_TYPES)).default(() => [...DEFAULT_TITLE_CANDIDATES]), {
          description: 'Element types that may be promoted to Title.',
        }),
        orientation_correction: field(z.boolean().default(false), {
          description: 'Correct the orientation of rotated pages during preprocessing.',
        }),
      })
      .prefault({}),
    { group: 'Advanced', description: 'Heuristics that enforce label outputs; absent means none is applied.' },
  ),
  markdown_options: field(
    z
      .strictObject({
        include_pagenum: field(z.boolean().default(false), { description: 'Write a page marker between pages.' }),
        include_headers: field(z.boolean().default(false), { description: 'Keep Page-header text.' }),
        include_footers: field(z.boolean().default(false), { description: 'Keep Page-footer text.' }),
        group_by_page: field(z.boolean().default(false), { description: 'Return markdown as a list with one string per page.' }),
      })
      .prefault({}),
    { group: 'Advanced', description: 'What the Markdown output includes.' },
  ),
});

export type OptionKey = keyof typeof OptionsSchema.shape & string;
/** The options as the schema alone parses them (before deprecations and cross-key rules). */
export type SchemaOutput = z.output<typeof OptionsSchema>;
