import { describe, it, expect } from 'vitest';
import { describeOptions, optionsJsonSchema, parseOptions, OPTION_GROUPS, ELEMENT_TYPES, type OptionField } from '../../src/core/contract/index.ts';

// Every key of partition-interface.md's options tables (plus markdown_options.group_by_page from
// conventions.md), with the group of the spec section it is listed in.
const SPEC_KEYS: Array<[string, OptionField['group']]> = [
  ['selected_pages', 'General'],
  ['text_mode', 'General'],
  ['table_mode', 'General'],
  ['output_format', 'General'],
  ['summarize_images', 'General'],
  ['use_ocr', 'General'],
  ['extract_table_structure', 'General'],
  ['table_extraction_options', 'Tables'],
  ['table_extraction_options.include_additional_text', 'Tables'],
  ['table_extraction_options.model_selection', 'Tables'],
  ['ocr_language', 'Text'],
  ['text_extraction_options', 'Text'],
  ['text_extraction_options.remove_line_breaks', 'Text'],
  ['text_extraction_options.ocr_text_mode', 'Text'],
  ['chunking_options', 'Chunking'],
  ['chunking_options.strategy', 'Chunking'],
  ['chunking_options.max_tokens', 'Chunking'],
  ['chunking_options.tokenizer', 'Chunking'],
  ['chunking_options.tokenizer_options', 'Chunking'],
  ['chunking_options.tokenizer_options.model_name', 'Chunking'],
  ['chunking_options.merge_across_pages', 'Chunking'],
  ['extract_images', 'Images'],
  ['extract_image_format', 'Images'],
  ['image_extraction_options', 'Images'],
  ['image_extraction_options.associate_captions', 'Images'],
  ['image_extraction_options.extract_image_format', 'Images'],
  ['add_to_docset_id', 'Advanced'],
  ['threshold', 'Advanced'],
  ['output_label_options', 'Advanced'],
  ['output_label_options.promote_title', 'Advanced'],
  ['output_label_options.title_candidate_elements', 'Advanced'],
  ['output_label_options.orientation_correction', 'Advanced'],
  ['markdown_options', 'Advanced'],
  ['markdown_options.include_pagenum', 'Advanced'],
  ['markdown_options.include_headers', 'Advanced'],
  ['markdown_options.include_footers', 'Advanced'],
  ['markdown_options.group_by_page', 'Advanced'],
];

const rows = describeOptions();
const row = (path: string): OptionField => {
  const r = rows.find((f) => f.path === path);
  if (r === undefined) throw new Error(`no row for ${path}`);
  return r;
};

describe('describeOptions', () => {
  it('lists exactly the spec keys, in spec order', () => {
    expect(rows.map((r) => r.path)).toEqual(SPEC_KEYS.map(([p]) => p));
  });

  it.each(SPEC_KEYS)('%s: group %s, a one-line description and a default', (path, group) => {
    const r = row(path);
    expect(r.group).toBe(group);
    expect(OPTION_GROUPS).toContain(r.group);
    expect(r.description.length).toBeGreaterThan(10);
    expect(r.description).not.toContain('\n');
    expect(Object.hasOwn(r, 'default')).toBe(true);
    expect(r.default).not.toBeUndefined();
  });

  it.each<[string, Partial<OptionField>]>([
    ['selected_pages', { type: 'pages', default: null }],
    ['text_mode', { type: 'enum', default: 'auto', allowed: ['auto', 'inline_fallback_to_ocr', 'ocr_standard', 'ocr_vision'] }],
    ['table_mode', { type: 'enum', default: 'standard', allowed: ['standard', 'vision', 'none', 'custom'] }],
    ['output_format', { type: 'enum', default: 'json', allowed: ['json', 'markdown', 'html'] }],
    ['summarize_images', { type: 'boolean', default: false }],
    ['use_ocr', { type: 'boolean', default: false, deprecated: { replacement: 'text_mode' } }],
    ['extract_table_structure', { type: 'boolean', default: true, deprecated: { replacement: 'table_mode' } }],
    ['table_extraction_options', { type: 'object', default: {} }],
    ['table_extraction_options.include_additional_text', { type: 'boolean', default: true }],
    ['table_extraction_options.model_selection', { type: 'expression', default: 'pixels > 500 -> deformable_detr; table_transformer' }],
    ['ocr_language', { type: 'string', default: 'english' }],
    ['text_extraction_options.remove_line_breaks', { type: 'boolean', default: true }],
    [
      'text_extraction_options.ocr_text_mode',
      { type: 'enum', default: 'standard', allowed: ['standard', 'vision'], deprecated: { replacement: 'text_mode' } },
    ],
    ['chunking_options', { type: 'object', default: null }],
    ['chunking_options.strategy', { type: 'enum', default: 'context_rich', allowed: ['context_rich', 'maximize_within_limit'] }],
    ['chunking_options.max_tokens', { type: 'integer', default: 512, min: 1 }],
    ['chunking_options.tokenizer', { type: 'enum', default: 'vendor1_tokenizer', allowed: ['vendor1_tokenizer', 'character_tokenizer', 'vendor2_tokenizer'] }],
    ['chunking_options.tokenizer_options', { type: 'object', default: { model_name: 'text-embedding-3-small' } }],
    ['chunking_options.tokenizer_options.model_name', { type: 'string', default: 'text-embedding-3-small' }],
    ['chunking_options.merge_across_pages', { type: 'boolean', default: true }],
    ['extract_images', { type: 'boolean', default: false }],
    ['extract_image_format', { type: 'enum', default: 'ppm', allowed: ['ppm', 'png', 'jpeg'] }],
    ['image_extraction_options.associate_captions', { type: 'boolean', default: false }],
    [
      'image_extraction_options.extract_image_format',
      { type: 'enum', default: 'ppm', allowed: ['ppm', 'png', 'jpeg'], deprecated: { replacement: 'extract_image_format' } },
    ],
    ['add_to_docset_id', { type: 'string', default: null }],
    ['threshold', { type: 'threshold', default: 'auto', min: 0, max: 1 }],
    ['output_label_options.promote_title', { type: 'boolean', default: false }],
    ['output_label_options.title_candidate_elements', { type: 'string[]', default: ['Section-header', 'Caption'], allowed: [...ELEMENT_TYPES] }],
    ['output_label_options.orientation_correction', { type: 'boolean', default: false }],
    ['markdown_options', { type: 'object', default: {} }],
    ['markdown_options.include_pagenum', { type: 'boolean', default: false }],
    ['markdown_options.group_by_page', { type: 'boolean', default: false }],
  ])('%s', (path, expected) => {
    expect(row(path)).toMatchObject(expected);
  });

  it('marks exactly the four deprecated keys of the spec', () => {
    expect(rows.filter((r) => r.deprecated).map((r) => [r.path, r.deprecated?.replacement])).toEqual([
      ['use_ocr', 'text_mode'],
      ['extract_table_structure', 'table_mode'],
      ['text_extraction_options.ocr_text_mode', 'text_mode'],
      ['image_extraction_options.extract_image_format', 'extract_image_format'],
    ]);
  });

  it('agrees with what the parser resolves for {}', () => {
    const resolved = parseOptions({});
    if (!resolved.ok) throw new Error('defaults must parse');
    const at = (path: string): unknown =>
      path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null | undefined)?.[k], resolved.options);
    const checked = rows.filter((r) => !r.deprecated && r.type !== 'object' && !r.path.startsWith('chunking_options.'));
    expect(checked.length).toBeGreaterThan(15);
    // ResolvedOptions keeps the image format where the engine reads it, inside image_extraction_options.
    const resolvedPath = (p: string): string => (p === 'extract_image_format' ? 'image_extraction_options.extract_image_format' : p);
    for (const r of checked) {
      const value = at(resolvedPath(r.path));
      if (r.type === 'expression') expect((value as { source: string }).source).toBe(r.default);
      else expect(value, r.path).toEqual(r.default);
    }
  });

  it('the documented chunking defaults are what {} chunking resolves to', () => {
    const r = parseOptions({ chunking_options: {} });
    if (!r.ok) throw new Error('must parse');
    const c = r.options.chunking_options as unknown as Record<string, unknown>;
    for (const f of rows.filter((x) => x.path.split('.').length === 2 && x.path.startsWith('chunking_options.'))) {
      expect(c[f.path.split('.')[1] as string], f.path).toEqual(f.default);
    }
  });

  it('every enum value it lists is accepted by the parser', () => {
    for (const r of rows.filter((x) => x.type === 'enum' && !x.deprecated)) {
      for (const value of r.allowed ?? []) {
        const payload = r.path.split('.').reduceRight<unknown>((v, k) => ({ [k]: v }), value);
        const res = parseOptions(payload, { visionBackend: true });
        expect(res.ok, `${r.path}=${value}`).toBe(true);
      }
    }
  });

  it('returns fresh copies', () => {
    const a = describeOptions();
    (a[0] as OptionField).description = 'changed';
    expect(describeOptions()[0]?.description).not.toBe('changed');
  });
});

describe('optionsJsonSchema', () => {
  it('is derived from the same schema: same top-level keys, strict maps, defaults and metadata', () => {
    const js = optionsJsonSchema() as { properties: Record<string, Record<string, unknown>> };
    const top = rows.filter((r) => !r.path.includes('.'));
    expect(Object.keys(js.properties)).toEqual(top.map((r) => r.path));
    expect(js.properties['text_mode']).toMatchObject({ default: 'auto', group: 'General', enum: ['auto', 'inline_fallback_to_ocr', 'ocr_standard', 'ocr_vision'] });
    expect(js.properties['chunking_options']).toMatchObject({ group: 'Chunking' });
    expect(js.properties['markdown_options']).toMatchObject({ additionalProperties: false });
  });
});
