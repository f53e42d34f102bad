import { describe, it, expect } from 'vitest';
import {
  parseOptions,
  toErrorBody,
  TesseraError,
  KNOWN_CLIENT_KEYS,
  DEFAULT_MODEL_SELECTION,
  type ResolvedOptions,
  type ParseOptionsResult,
} from '../../src/core/contract/index.ts';

type Ok = Extract<ParseOptionsResult, { ok: true }>;
type Bad = Extract<ParseOptionsResult, { ok: false }>;

function ok(input: unknown, ctx?: { visionBackend?: boolean }): Ok {
  const r = parseOptions(input, ctx);
  if (!r.ok) throw new Error(`expected options to parse, got: ${r.error.message}`);
  return r;
}
function bad(input: unknown, ctx?: { visionBackend?: boolean }): Bad {
  const r = parseOptions(input, ctx);
  if (r.ok) throw new Error(`expected a 400 for ${JSON.stringify(input)}`);
  return r;
}

const DEFAULTS: ResolvedOptions = {
  selected_pages: null,
  text_mode: 'auto',
  table_mode: 'standard',
  output_format: 'json',
  summarize_images: false,
  table_extraction_options: {
    include_additional_text: true,
    model_selection: {
      rules: [{ metric: 'pixels', op: '>', threshold: 500, model: 'deformable_detr' }],
      fallback: 'table_transformer',
      source: 'pixels > 500 -> deformable_detr; table_transformer',
    },
  },
  ocr_language: 'english',
  text_extraction_options: { remove_line_breaks: true },
  chunking_options: null,
  extract_images: false,
  image_extraction_options: { associate_captions: false, extract_image_format: 'ppm' },
  add_to_docset_id: null,
  threshold: 'auto',
  output_label_options: {
    promote_title: false,
    title_candidate_elements: ['Section-header', 'Caption'],
    orientation_correction: false,
  },
  markdown_options: { include_pagenum: false, include_headers: false, include_footers: false, group_by_page: false },
};

describe('parseOptions: defaults and input forms', () => {
  it('{} resolves to every default of the spec', () => {
    const r = ok({});
    expect(r.options).toEqual(DEFAULTS);
    expect(r.status).toEqual([]);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['empty string', ''],
    ['blank string', '  \n'],
    ['"{}"', '{}'],
    ['"null"', 'null'],
  ])('%s means {}', (_name, input) => {
    expect(ok(input).options).toEqual(DEFAULTS);
  });

  it('accepts a JSON string and an already-parsed object alike', () => {
    const payload = { threshold: 0.32, output_format: 'markdown', chunking_options: {} };
    expect(ok(JSON.stringify(payload)).options).toEqual(ok(payload).options);
  });

  it('defaults are fresh objects per call', () => {
    const a = ok({}).options;
    (a.output_label_options.title_candidate_elements as string[]).push('Title');
    expect(ok({}).options.output_label_options.title_candidate_elements).toEqual(['Section-header', 'Caption']);
  });
});

describe('parseOptions: every example and value of the spec', () => {
  const cases: Array<[string, unknown, Partial<ResolvedOptions>]> = [
    ['selected_pages [1, 10, [15, 20]]', { selected_pages: [1, 10, [15, 20]] }, { selected_pages: [[1, 1], [10, 10], [15, 20]] }],
    ['selected_pages unsorted, adjacent merged', { selected_pages: [[15, 20], 3, 1, 2] }, { selected_pages: [[1, 3], [15, 20]] }],
    ['selected_pages single-page range', { selected_pages: [[4, 4]] }, { selected_pages: [[4, 4]] }],
    ['selected_pages null = all pages', { selected_pages: null }, { selected_pages: null }],
    ['threshold 0.32 (the suggested start)', { threshold: 0.32 }, { threshold: 0.32 }],
    ['threshold auto', { threshold: 'auto' }, { threshold: 'auto' }],
    ['threshold 0 inclusive', { threshold: 0 }, { threshold: 0 }],
    ['threshold 1 inclusive', { threshold: 1 }, { threshold: 1 }],
    ['text_mode auto', { text_mode: 'auto' }, { text_mode: 'auto' }],
    ['text_mode inline_fallback_to_ocr', { text_mode: 'inline_fallback_to_ocr' }, { text_mode: 'inline_fallback_to_ocr' }],
    ['text_mode ocr_standard', { text_mode: 'ocr_standard' }, { text_mode: 'ocr_standard' }],
    ['table_mode standard', { table_mode: 'standard' }, { table_mode: 'standard' }],
    ['table_mode none', { table_mode: 'none' }, { table_mode: 'none' }],
    ['table_mode custom without model_selection uses the default', { table_mode: 'custom' }, { table_mode: 'custom', table_extraction_options: DEFAULTS.table_extraction_options }],
    ['output_format json', { output_format: 'json' }, { output_format: 'json' }],
    ['output_format markdown', { output_format: 'markdown' }, { output_format: 'markdown' }],
    ['output_format html', { output_format: 'html' }, { output_format: 'html' }],
    ['summarize_images false', { summarize_images: false }, { summarize_images: false }],
    [
      'model_selection default expression given explicitly',
      { table_mode: 'custom', table_extraction_options: { model_selection: DEFAULT_MODEL_SELECTION } },
      { table_mode: 'custom', table_extraction_options: DEFAULTS.table_extraction_options },
    ],
    [
      'include_additional_text false',
      { table_extraction_options: { include_additional_text: false } },
      { table_extraction_options: { ...DEFAULTS.table_extraction_options, include_additional_text: false } },
    ],
    ['ocr_language english', { ocr_language: 'english' }, { ocr_language: 'english' }],
    ['ocr_language lower-cased, joined by +', { ocr_language: 'English + German' }, { ocr_language: 'english+german' }],
    ['remove_line_breaks false', { text_extraction_options: { remove_line_breaks: false } }, { text_extraction_options: { remove_line_breaks: false } }],
    [
      'chunking_options {} = chunking with all defaults',
      { chunking_options: {} },
      {
        chunking_options: {
          strategy: 'context_rich',
          max_tokens: 512,
          tokenizer: 'vendor1_tokenizer',
          tokenizer_options: { model_name: 'text-embedding-3-small' },
          merge_across_pages: true,
        },
      },
    ],
    ['chunking_options null = no chunking', { chunking_options: null }, { chunking_options: null }],
    [
      'chunking maximize_within_limit, character_tokenizer takes no options',
      { chunking_options: { strategy: 'maximize_within_limit', max_tokens: 1, tokenizer: 'character_tokenizer', merge_across_pages: false } },
      {
        chunking_options: { strategy: 'maximize_within_limit', max_tokens: 1, tokenizer: 'character_tokenizer', tokenizer_options: {}, merge_across_pages: false },
      },
    ],
    [
      'character_tokenizer with empty tokenizer_options',
      { chunking_options: { tokenizer: 'character_tokenizer', tokenizer_options: {} } },
      { chunking_options: { strategy: 'context_rich', max_tokens: 512, tokenizer: 'character_tokenizer', tokenizer_options: {}, merge_across_pages: true } },
    ],
    [
      'vendor1_tokenizer with another model',
      { chunking_options: { tokenizer_options: { model_name: 'gpt-4o' } } },
      { chunking_options: { strategy: 'context_rich', max_tokens: 512, tokenizer: 'vendor1_tokenizer', tokenizer_options: { model_name: 'gpt-4o' }, merge_across_pages: true } },
    ],
    [
      'vendor2_tokenizer with a model name',
      { chunking_options: { tokenizer: 'vendor2_tokenizer', tokenizer_options: { model_name: 'bert-base-uncased' } } },
      { chunking_options: { strategy: 'context_rich', max_tokens: 512, tokenizer: 'vendor2_tokenizer', tokenizer_options: { model_name: 'bert-base-uncased' }, merge_across_pages: true } },
    ],
    [
      'vendor2_tokenizer gets no vendor1 default model',
      { chunking_options: { tokenizer: 'vendor2_tokenizer' } },
      { chunking_options: { strategy: 'context_rich', max_tokens: 512, tokenizer: 'vendor2_tokenizer', tokenizer_options: {}, merge_across_pages: true } },
    ],
    ['extract_images true', { extract_images: true }, { extract_images: true }],
    [
      'associate_captions (works without extract_images)',
      { image_extraction_options: { associate_captions: true } },
      { image_extraction_options: { associate_captions: true, extract_image_format: 'ppm' } },
    ],
    ['extract_image_format png at top level', { extract_images: true, extract_image_format: 'png' }, { extract_images: true, image_extraction_options: { associate_captions: false, extract_image_format: 'png' } }],
    ['extract_image_format jpeg at top level', { extract_images: true, extract_image_format: 'jpeg' }, { extract_images: true, image_extraction_options: { associate_captions: false, extract_image_format: 'jpeg' } }],
    ['add_to_docset_id "" = do not store', { add_to_docset_id: '' }, { add_to_docset_id: '' }],
    ['add_to_docset_id names a DocSet', { add_to_docset_id: 'my-docset' }, { add_to_docset_id: 'my-docset' }],
    [
      'output_label_options',
      { output_label_options: { promote_title: true, title_candidate_elements: ['Section-header', 'Caption', 'Text'], orientation_correction: true } },
      { output_label_options: { promote_title: true, title_candidate_elements: ['Section-header', 'Caption', 'Text'], orientation_correction: true } },
    ],
    [
      'markdown_options with group_by_page (conventions.md)',
      { output_format: 'markdown', markdown_options: { include_pagenum: true, include_headers: true, include_footers: true, group_by_page: true } },
      { output_format: 'markdown', markdown_options: { include_pagenum: true, include_headers: true, include_footers: true, group_by_page: true } },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const r = ok(input);
    expect(r.options).toEqual({ ...DEFAULTS, ...expected });
  });

  it.each([
    ['text_mode ocr_vision', { text_mode: 'ocr_vision' }, { text_mode: 'ocr_vision' }],
    ['table_mode vision', { table_mode: 'vision' }, { table_mode: 'vision' }],
    ['summarize_images true', { summarize_images: true }, { summarize_images: true }],
  ] as Array<[string, unknown, Partial<ResolvedOptions>]>)('%s is allowed with a vision backend', (_name, input, expected) => {
    expect(ok(input, { visionBackend: true }).options).toEqual({ ...DEFAULTS, ...expected });
  });
});

describe('parseOptions: deprecated keys', () => {
  const cases: Array<[string, unknown, Partial<ResolvedOptions>, string[]]> = [
    ['use_ocr=true', { use_ocr: true }, { text_mode: 'ocr_standard' }, ['Deprecated option use_ocr=true mapped to text_mode="ocr_standard"']],
    ['use_ocr=false', { use_ocr: false }, { text_mode: 'auto' }, ['Deprecated option use_ocr=false mapped to text_mode="auto" (the default)']],
    [
      'extract_table_structure=false',
      { extract_table_structure: false },
      { table_mode: 'none' },
      ['Deprecated option extract_table_structure=false mapped to table_mode="none"'],
    ],
    [
      'extract_table_structure=true',
      { extract_table_structure: true },
      { table_mode: 'standard' },
      ['Deprecated option extract_table_structure=true mapped to table_mode="standard"'],
    ],
    [
      'ocr_text_mode standard',
      { text_extraction_options: { ocr_text_mode: 'standard' } },
      { text_mode: 'ocr_standard' },
      ['Deprecated option text_extraction_options.ocr_text_mode="standard" mapped to text_mode="ocr_standard"'],
    ],
    [
      'nested extract_image_format',
      { extract_images: true, image_extraction_options: { extract_image_format: 'png' } },
      { extract_images: true, image_extraction_options: { associate_captions: false, extract_image_format: 'png' } },
      ['Deprecated option image_extraction_options.extract_image_format="png" mapped to extract_image_format="png"'],
    ],
    [
      'both extract_image_format places agreeing',
      { extract_images: true, extract_image_format: 'jpeg', image_extraction_options: { extract_image_format: 'jpeg' } },
      { extract_images: true, image_extraction_options: { associate_captions: false, extract_image_format: 'jpeg' } },
      ['Deprecated option image_extraction_options.extract_image_format="jpeg" ignored: extract_image_format="jpeg" is given'],
    ],
    // An explicit replacement wins over a deprecated key that does not contradict it.
    [
      'use_ocr=true with text_mode auto: text_mode wins (every text_mode may OCR)',
      { use_ocr: true, text_mode: 'auto' },
      { text_mode: 'auto' },
      ['Deprecated option use_ocr=true ignored: text_mode="auto" is given'],
    ],
    [
      'use_ocr=false with text_mode ocr_standard: text_mode wins',
      { use_ocr: false, text_mode: 'ocr_standard' },
      { text_mode: 'ocr_standard' },
      ['Deprecated option use_ocr=false ignored: text_mode="ocr_standard" is given'],
    ],
    [
      'extract_table_structure=true with table_mode custom',
      { extract_table_structure: true, table_mode: 'custom' },
      { table_mode: 'custom' },
      ['Deprecated option extract_table_structure=true ignored: table_mode="custom" is given'],
    ],
    [
      'extract_table_structure=false with table_mode none',
      { extract_table_structure: false, table_mode: 'none' },
      { table_mode: 'none' },
      ['Deprecated option extract_table_structure=false ignored: table_mode="none" is given'],
    ],
    [
      'ocr_text_mode standard with text_mode auto',
      { text_mode: 'auto', text_extraction_options: { ocr_text_mode: 'standard' } },
      { text_mode: 'auto' },
      ['Deprecated option text_extraction_options.ocr_text_mode="standard" ignored: text_mode="auto" is given'],
    ],
    [
      'use_ocr=true and ocr_text_mode standard',
      { use_ocr: true, text_extraction_options: { ocr_text_mode: 'standard' } },
      { text_mode: 'ocr_standard' },
      [
        'Deprecated option text_extraction_options.ocr_text_mode="standard" mapped to text_mode="ocr_standard"',
        'Deprecated option use_ocr=true ignored: text_extraction_options.ocr_text_mode decides',
      ],
    ],
  ];
  it.each(cases)('%s', (_name, input, expected, status) => {
    const r = ok(input);
    expect(r.options).toEqual({ ...DEFAULTS, ...expected });
    expect(r.status).toEqual(status);
  });

  it('ocr_text_mode vision maps to ocr_vision when a vision backend exists', () => {
    const r = ok({ use_ocr: true, text_extraction_options: { ocr_text_mode: 'vision' } }, { visionBackend: true });
    expect(r.options.text_mode).toBe('ocr_vision');
    expect(r.status).toContain('Deprecated option text_extraction_options.ocr_text_mode="vision" mapped to text_mode="ocr_vision"');
  });

  it('ocr_text_mode vision agreeing with text_mode ocr_vision', () => {
    const r = ok({ text_mode: 'ocr_vision', text_extraction_options: { ocr_text_mode: 'vision' } }, { visionBackend: true });
    expect(r.options.text_mode).toBe('ocr_vision');
    expect(r.status).toEqual(['Deprecated option text_extraction_options.ocr_text_mode="vision" ignored: text_mode="ocr_vision" is given']);
  });
});

describe('parseOptions: harmless settings give a status line, not a 400', () => {
  it.each([
    [
      'table_extraction_options with table_mode none (spec rule 4)',
      { table_mode: 'none', table_extraction_options: { include_additional_text: false } },
      'Option table_extraction_options ignored: table_mode is "none"',
    ],
    [
      'table_extraction_options with extract_table_structure false',
      { extract_table_structure: false, table_extraction_options: { model_selection: 'deformable_detr' } },
      'Option table_extraction_options ignored: table_mode is "none"',
    ],
    [
      'model_selection without table_mode custom',
      { table_extraction_options: { model_selection: 'deformable_detr' } },
      'Option table_extraction_options.model_selection ignored: it is only used when table_mode is "custom"',
    ],
    ['extract_image_format without extract_images', { extract_image_format: 'png' }, 'Option extract_image_format ignored: images are only extracted when extract_images is true'],
    [
      'image_extraction_options.extract_image_format without extract_images',
      { image_extraction_options: { extract_image_format: 'png' } },
      'Option extract_image_format ignored: images are only extracted when extract_images is true',
    ],
    ['markdown_options with json output', { markdown_options: { include_pagenum: true } }, 'Option markdown_options ignored: output_format is "json"'],
    [
      'promote_title with no candidates',
      { output_label_options: { promote_title: true, title_candidate_elements: [] } },
      'Option output_label_options.promote_title has no effect: title_candidate_elements is empty',
    ],
  ])('%s', (_name, input, line) => {
    const r = ok(input);
    expect(r.status.some((s) => s.startsWith(line))).toBe(true);
  });

  it('table_mode custom without model_selection: no status line, default program', () => {
    const r = ok({ table_mode: 'custom' });
    expect(r.status).toEqual([]);
    expect(r.options.table_extraction_options.model_selection.source).toBe(DEFAULT_MODEL_SELECTION);
  });

  it('image_extraction_options with extract_images false: associate_captions still applies', () => {
    const r = ok({ image_extraction_options: { associate_captions: true } });
    expect(r.status).toEqual([]);
    expect(r.options.image_extraction_options.associate_captions).toBe(true);
  });
});

describe('parseOptions: unknown top-level keys', () => {
  it.each(KNOWN_CLIENT_KEYS.map((k) => [k]))('client key %s is ignored with a status line', (key) => {
    const r = ok({ [key]: 'x', threshold: 0.4 });
    expect(r.status).toEqual([`Ignored unknown option "${key}"`]);
    expect(r.options.threshold).toBe(0.4);
  });

  it('all the well-known client keys together', () => {
    const r = ok({ source: 'client-sdk', return_pdf_base64: true, pipeline: 'default', trace_id: 'abc', property_extraction_options: { schema: {} } });
    expect(r.status).toEqual([
      'Ignored unknown option "source"',
      'Ignored unknown option "return_pdf_base64"',
      'Ignored unknown option "pipeline"',
      'Ignored unknown option "trace_id"',
      'Ignored unknown option "property_extraction_options"',
    ]);
  });

  it.each([['foo'], ['webhook_url'], ['use_gpu'], ['language'], ['ocr'], ['mode'], ['options'], ['callback']])('unrelated key %s is ignored', (key) => {
    expect(ok({ [key]: 1 }).status).toEqual([`Ignored unknown option "${key}"`]);
  });

  it.each([
    ['treshold', 'threshold'],
    ['output_fromat', 'output_format'],
    ['selected_page', 'selected_pages'],
    ['chunking_option', 'chunking_options'],
    ['Threshold', 'threshold'],
    ['output-format', 'output_format'],
    ['text_modes', 'text_mode'],
    ['tabel_mode', 'table_mode'],
    ['extract_image', 'extract_images'],
    ['markdown_option', 'markdown_options'],
    ['ocr_langauge', 'ocr_language'],
    ['chunking_opitons', 'chunking_options'],
  ])('typo %s is a 400 suggesting %s', (typo, right) => {
    const r = bad({ [typo]: 1 });
    expect(r.error.statusCode).toBe(400);
    expect(r.problems).toEqual([{ path: typo, message: `unknown option; did you mean "${right}"?` }]);
    expect(r.error.message).toBe(`${typo}: unknown option; did you mean "${right}"?`);
  });

  it('a nested key given at the top level is a 400 naming its map', () => {
    const r = bad({ model_selection: 'deformable_detr' });
    expect(r.error.message).toContain('model_selection: unknown top-level option');
    expect(r.error.message).toContain('"table_extraction_options.model_selection"');
  });
});

// Each row: payload, a substring of the offending key path, optionally a hint the message must hold.
const BAD: Array<[unknown, string, string?]> = [
  // General
  [{ text_mode: 'fast' }, 'text_mode', 'must be one of auto, inline_fallback_to_ocr, ocr_standard, ocr_vision; got "fast"'],
  [{ text_mode: 3 }, 'text_mode', 'must be one of'],
  [{ table_mode: 'fancy' }, 'table_mode', 'standard, vision, none, custom'],
  [{ output_format: 'pdf' }, 'output_format', 'json, markdown, html'],
  [{ output_format: null }, 'output_format', 'got null'],
  [{ summarize_images: 'yes' }, 'summarize_images', 'true or false'],
  [{ use_ocr: 'true' }, 'use_ocr', 'without quotes'],
  [{ extract_table_structure: 0 }, 'extract_table_structure', 'true or false'],
  [{ selected_pages: '1-3' }, 'selected_pages', 'must be an array'],
  [{ selected_pages: 3 }, 'selected_pages', 'must be an array'],
  [{ selected_pages: [0] }, 'selected_pages[0]', 'numbered from 1'],
  [{ selected_pages: [2, -2] }, 'selected_pages[1]', 'page -2'],
  [{ selected_pages: [1.5] }, 'selected_pages[0]', 'not an integer'],
  [{ selected_pages: [[5, 3]] }, 'selected_pages[0]', 'range [5, 3] is reversed'],
  [{ selected_pages: [1, 2, [5, 3]] }, 'selected_pages[2]', 'range [5, 3] is reversed'],
  [{ selected_pages: [[1, 2, 3]] }, 'selected_pages[0]', 'two page numbers'],
  [{ selected_pages: [[0, 3]] }, 'selected_pages[0]', 'range start 0'],
  [{ selected_pages: [1, 1] }, 'selected_pages[1]', 'repeats selected_pages[0]'],
  [{ selected_pages: [[1, 5], [4, 8]] }, 'selected_pages[1]', 'overlaps selected_pages[0]'],
  [{ selected_pages: [[10, 20], 15] }, 'selected_pages[1]', 'overlaps selected_pages[0]'],
  [{ selected_pages: [] }, 'selected_pages', 'at least one page'],
  [{ selected_pages: ['3'] }, 'selected_pages[0]', 'a page number or a [first, last] range'],
  // Advanced: threshold and friends
  [{ threshold: '0.3' }, 'threshold', 'send the number without quotes'],
  [{ threshold: 1.5 }, 'threshold', '"auto" or a number from 0 to 1 inclusive'],
  [{ threshold: -0.1 }, 'threshold', 'from 0 to 1'],
  [{ threshold: 'high' }, 'threshold', 'got "high"'],
  [{ threshold: null }, 'threshold', '"auto" or a number'],
  [{ add_to_docset_id: 42 }, 'add_to_docset_id', 'must be a string'],
  [{ output_label_options: { promote_title: 'yes' } }, 'output_label_options.promote_title', 'true or false'],
  [{ output_label_options: { title_candidate_elements: ['Header'] } }, 'output_label_options.title_candidate_elements[0]', 'Section-header'],
  [{ output_label_options: { title_candidate_elements: 'Title' } }, 'output_label_options.title_candidate_elements', 'must be an array'],
  [{ output_label_options: { promote: true } }, 'output_label_options.promote', 'did you mean "promote_title"'],
  [{ output_label_options: true }, 'output_label_options', 'must be a JSON object'],
  [{ markdown_options: { include_pagenum: 1 } }, 'markdown_options.include_pagenum', 'true or false'],
  [{ markdown_options: { page_numbers: true } }, 'markdown_options.page_numbers', 'allowed keys: include_pagenum, include_headers, include_footers, group_by_page'],
  // Tables
  [{ table_extraction_options: { include_additional_text: 'no' } }, 'table_extraction_options.include_additional_text', 'true or false'],
  [{ table_extraction_options: { model_selection: 5 } }, 'table_extraction_options.model_selection', 'must be a string'],
  [{ table_extraction_options: { model_selection: 'pixels > 500 -> resnet' } }, 'table_extraction_options.model_selection', 'unknown model "resnet"'],
  [{ table_extraction_options: { model_selection: 'width > 500 -> deformable_detr' } }, 'table_extraction_options.model_selection', 'unknown metric "width"'],
  [{ table_extraction_options: { model_selection: '500 < pixels -> deformable_detr' } }, 'table_extraction_options.model_selection', 'reversed comparison'],
  [{ table_extraction_options: { model_selection: '100 < pixels < 500 -> deformable_detr' } }, 'table_extraction_options.model_selection', 'chained comparisons'],
  [{ table_extraction_options: { model_selection: 'pixels > 500 deformable_detr' } }, 'table_extraction_options.model_selection', 'missing "->"'],
  [{ table_extraction_options: { model_selection: 'pixels > big -> deformable_detr' } }, 'table_extraction_options.model_selection', 'threshold "big" is not a number'],
  [{ table_extraction_options: { model_selection: 'pixels => 5 -> deformable_detr' } }, 'table_extraction_options.model_selection', 'unknown comparison "=>"'],
  [
    { table_extraction_options: { model_selection: 'pixels > 1 -> table_transformer; chars >> 5 -> deformable_detr' } },
    'table_extraction_options.model_selection',
    'statement 2 "chars >> 5 -> deformable_detr": unknown comparison ">>"',
  ],
  [{ table_extraction_options: { modelselection: 'x' } }, 'table_extraction_options.modelselection', 'did you mean "model_selection"'],
  [{ table_extraction_options: 'none' }, 'table_extraction_options', 'must be a JSON object'],
  // Text
  [{ ocr_language: '' }, 'ocr_language', 'language names'],
  [{ ocr_language: 'eng3' }, 'ocr_language', 'joined by "+"'],
  [{ ocr_language: 'english++german' }, 'ocr_language', 'joined by "+"'],
  [{ ocr_language: 5 }, 'ocr_language', 'must be a string'],
  [{ text_extraction_options: { remove_line_breaks: 'yes' } }, 'text_extraction_options.remove_line_breaks', 'true or false'],
  [{ text_extraction_options: { ocr_text_mode: 'fast' } }, 'text_extraction_options.ocr_text_mode', 'standard, vision'],
  [{ text_extraction_options: { strip: true } }, 'text_extraction_options.strip', 'allowed keys: remove_line_breaks, ocr_text_mode'],
  // Chunking
  [{ chunking_options: { max_tokens: 0 } }, 'chunking_options.max_tokens', 'must be an integer >= 1, got 0'],
  [{ chunking_options: { max_tokens: -5 } }, 'chunking_options.max_tokens', '>= 1'],
  [{ chunking_options: { max_tokens: 12.5 } }, 'chunking_options.max_tokens', 'must be an integer >= 1, got 12.5'],
  [{ chunking_options: { max_tokens: '512' } }, 'chunking_options.max_tokens', 'without quotes'],
  [{ chunking_options: { strategy: 'semantic' } }, 'chunking_options.strategy', 'context_rich, maximize_within_limit'],
  [{ chunking_options: { tokenizer: 'bpe' } }, 'chunking_options.tokenizer', 'vendor1_tokenizer, character_tokenizer, vendor2_tokenizer'],
  [{ chunking_options: { max_token: 10 } }, 'chunking_options.max_token', 'did you mean "max_tokens"'],
  [{ chunking_options: { overlap: 10 } }, 'chunking_options.overlap', 'allowed keys: strategy, max_tokens, tokenizer, tokenizer_options, merge_across_pages'],
  [
    { chunking_options: { tokenizer: 'character_tokenizer', tokenizer_options: { model_name: 'x' } } },
    'chunking_options.tokenizer_options',
    'character_tokenizer takes no options',
  ],
  [{ chunking_options: { tokenizer_options: { model_name: '' } } }, 'chunking_options.tokenizer_options.model_name', 'must not be empty'],
  [{ chunking_options: { tokenizer_options: { model: 'gpt' } } }, 'chunking_options.tokenizer_options.model', 'allowed keys: model_name'],
  [{ chunking_options: { tokenizer_options: 'gpt' } }, 'chunking_options.tokenizer_options', 'must be a JSON object'],
  [{ chunking_options: [] }, 'chunking_options', 'must be a JSON object'],
  [{ chunking_options: true }, 'chunking_options', 'must be a JSON object'],
  [{ chunking_options: { merge_across_pages: 'no' } }, 'chunking_options.merge_across_pages', 'true or false'],
  // Images
  [{ extract_images: 1 }, 'extract_images', 'true or false'],
  [{ extract_image_format: 'gif' }, 'extract_image_format', 'ppm, png, jpeg'],
  [{ image_extraction_options: { extract_image_format: 'tiff' } }, 'image_extraction_options.extract_image_format', 'ppm, png, jpeg'],
  [{ image_extraction_options: { associate_captions: 'yes' } }, 'image_extraction_options.associate_captions', 'true or false'],
  [{ image_extraction_options: { caption: true } }, 'image_extraction_options.caption', 'allowed keys: associate_captions, extract_image_format'],
  [
    { extract_images: true, extract_image_format: 'png', image_extraction_options: { extract_image_format: 'jpeg' } },
    'image_extraction_options.extract_image_format',
    'disagrees with extract_image_format "png"',
  ],
  // Unknown and misplaced top-level keys
  [{ treshold: 0.3 }, 'treshold', 'did you mean "threshold"'],
  [{ output_fromat: 'json' }, 'output_fromat', 'did you mean "output_format"'],
  [{ selected_page: [1] }, 'selected_page', 'did you mean "selected_pages"'],
  [{ chunking_option: {} }, 'chunking_option', 'did you mean "chunking_options"'],
  [{ max_tokens: 100 }, 'max_tokens', 'chunking_options.max_tokens'],
  [{ remove_line_breaks: false }, 'remove_line_breaks', 'text_extraction_options.remove_line_breaks'],
  // Contradictions
  [{ extract_table_structure: false, table_mode: 'custom' }, 'extract_table_structure', 'contradicts table_mode "custom"'],
  [{ extract_table_structure: false, table_mode: 'standard' }, 'extract_table_structure', 'contradicts table_mode "standard"'],
  [{ extract_table_structure: true, table_mode: 'none' }, 'extract_table_structure', 'contradicts table_mode "none"'],
  [{ text_mode: 'ocr_standard', text_extraction_options: { ocr_text_mode: 'vision' } }, 'text_extraction_options.ocr_text_mode', 'contradicts text_mode "ocr_standard"'],
  [{ text_mode: 'auto', text_extraction_options: { ocr_text_mode: 'vision' } }, 'text_extraction_options.ocr_text_mode', 'contradicts text_mode "auto"'],
  // Pay-as-you-go settings without a vision backend
  [{ text_mode: 'ocr_vision' }, 'text_mode', 'text_mode "ocr_vision" needs a vision backend, and none is configured; use "ocr_standard" or "auto"'],
  [{ table_mode: 'vision' }, 'table_mode', 'needs a vision backend'],
  [{ summarize_images: true }, 'summarize_images', 'needs a vision backend'],
  [{ text_extraction_options: { ocr_text_mode: 'vision' } }, 'text_extraction_options.ocr_text_mode', 'needs a vision backend'],
  // The input itself
  ['[1, 2]', 'options', 'must be a JSON object'],
  ['{"threshold": }', 'options', 'not valid JSON'],
  ['auto', 'options', 'not valid JSON'],
  [42, 'options', 'must be a JSON object'],
  [true, 'options', 'must be a JSON object'],
  [[{ threshold: 0.3 }], 'options', 'got an array'],
];

describe('parseOptions: bad payloads are 400s naming the key', () => {
  it('has a large table of distinct bad payloads', () => {
    expect(new Set(BAD.map(([p]) => JSON.stringify(p))).size).toBe(BAD.length);
    expect(BAD.length).toBeGreaterThanOrEqual(45);
  });

  it.each(BAD.map(([payload, path, hint]) => [JSON.stringify(payload), payload, path, hint] as const))(
    '%s',
    (_label, payload, path, hint) => {
      const r = bad(payload);
      expect(r.error).toBeInstanceOf(TesseraError);
      expect(r.error.statusCode).toBe(400);
      expect(r.problems.some((p) => p.path.includes(path))).toBe(true);
      expect(r.error.message).toContain(`${path}`);
      if (hint !== undefined) expect(r.error.message).toContain(hint);
      expect(toErrorBody(r.error).error.startsWith('400: ')).toBe(true);
    },
  );
});

describe('parseOptions: every problem at once', () => {
  it('a payload with 3 problems yields 3 problems, each with its path', () => {
    const r = bad({ text_mode: 'fast', chunking_options: { max_tokens: 0 }, selected_pages: [1, [5, 3]] });
    expect(r.problems).toHaveLength(3);
    expect(r.problems.map((p) => p.path).sort()).toEqual(['chunking_options.max_tokens', 'selected_pages[1]', 'text_mode']);
    expect(r.error.code).toBe('bad_option');
    expect(r.error.message).toContain('3 option problems');
    for (const p of r.problems) expect(r.error.message).toContain(`${p.path}: ${p.message}`);
    expect(r.error.details).toEqual({ problems: r.problems });
  });

  it('typos, bad values and contradictions are reported together', () => {
    const r = bad({
      treshold: 0.3,
      output_format: 'pdf',
      extract_table_structure: false,
      table_mode: 'custom',
      table_extraction_options: { model_selection: 'chars >> 5 -> deformable_detr; bogus' },
      source: 'sdk',
    });
    expect(r.problems.map((p) => p.path)).toEqual([
      'treshold',
      'output_format',
      'table_extraction_options.model_selection',
      'table_extraction_options.model_selection',
      'extract_table_structure',
    ]);
  });

  it('several bad entries of selected_pages are each reported', () => {
    const r = bad({ selected_pages: [0, [5, 3], 2.5, 'x'] });
    expect(r.problems.map((p) => p.path)).toEqual(['selected_pages[0]', 'selected_pages[1]', 'selected_pages[2]', 'selected_pages[3]']);
  });

  it('missing vision backend alone is code unsupported; mixed with bad options it is bad_option', () => {
    const vision = bad({ text_mode: 'ocr_vision', table_mode: 'vision', summarize_images: true });
    expect(vision.problems).toHaveLength(3);
    expect(vision.error.code).toBe('unsupported');
    expect(vision.error.statusCode).toBe(400);
    expect(bad({ text_mode: 'ocr_vision', threshold: 2 }).error.code).toBe('bad_option');
  });

  it('a single problem is the whole message', () => {
    expect(bad({ text_mode: 'fast' }).error.message).toBe(
      'text_mode: must be one of auto, inline_fallback_to_ocr, ocr_standard, ocr_vision; got "fast"',
    );
    expect(bad({ chunking_options: { max_tokens: 0 } }).error.message).toBe('chunking_options.max_tokens: must be an integer >= 1, got 0');
    expect(bad({ selected_pages: [1, 2, [5, 3]] }).error.message).toBe('selected_pages[2]: range [5, 3] is reversed; write [3, 5]');
  });
});
