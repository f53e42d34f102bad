// parseOptions: the spec's `options` JSON -> ResolvedOptions, or a 400 listing every problem at once.
//
// Order of work:
//   1. read the input (a JSON string or a parsed value; empty means {}) and insist on an object;
//   2. unknown top-level keys: a likely typo of a known key is a 400 naming it, a known key placed at
//      the top level instead of inside its map is a 400 naming the map, anything else is ignored with
//      a status line (clients add keys of their own: `source`, `pipeline`, ...);
//   3. each known key parsed on its own with the schema (./schema.ts), so one bad key neither hides
//      the problems of another nor stops the cross-key rules of the good ones;
//   4. cross-key rules: deprecated keys mapped onto their replacements (status line each), real
//      contradictions (400), settings that need a vision backend (400 unless one is configured),
//      harmless settings that will have no effect (status line).
import type * as z from 'zod';
import { schemaAt, shapeOf, describeOptions } from './describe.ts';
import { TesseraError } from './errors.ts';
import { describeValue, issueMessage } from './messages.ts';
import type { ResolvedOptions, TableMode, TextMode } from './options.ts';
import { OptionsSchema, type OptionKey, type SchemaOutput } from './schema.ts';
import { closestName } from './typo.ts';

export interface OptionProblem {
  /** Key path of the offending value: `chunking_options.max_tokens`, `selected_pages[2]`, `options`. */
  path: string;
  /** What is wrong and what is allowed, without the path. */
  message: string;
}

export type ParseOptionsResult =
  | { ok: true; options: ResolvedOptions; status: string[] }
  | { ok: false; error: TesseraError; problems: OptionProblem[] };

export interface ParseOptionsContext {
  /** A vision model is configured: ocr_vision, table_mode vision and image summaries are allowed. */
  visionBackend?: boolean;
}

/**
 * Keys that clients of the hosted service add of their own (conventions.md names source,
 * return_pdf_base64, pipeline, property_extraction_options; trace_id is a common tracing key).
 * They are never read as typos, however close they come to an option name.
 */
export const KNOWN_CLIENT_KEYS: readonly string[] = [
  'source',
  'return_pdf_base64',
  'pipeline',
  'trace_id',
  'property_extraction_options',
  // A client library's own partition() argument (partition-interface.md), not an HTTP option.
  'pages_per_call',
];

const OPTION_KEYS = Object.keys(OptionsSchema.shape) as OptionKey[];
const isOptionKey = (k: string): k is OptionKey => (OPTION_KEYS as string[]).includes(k);

type Problem = OptionProblem & { vision?: true };

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `options` form field as an object, or the problem with it. */
function readInput(input: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; problem: Problem } {
  let value = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return { ok: true, value: {} };
    try {
      value = JSON.parse(input) as unknown;
    } catch (e) {
      return { ok: false, problem: { path: 'options', message: `is not valid JSON (${e instanceof Error ? e.message : String(e)})` } };
    }
  }
  if (value === undefined || value === null) return { ok: true, value: {} };
  if (isPlainObject(value)) return { ok: true, value };
  return { ok: false, problem: { path: 'options', message: `must be a JSON object of option keys and values, got ${describeValue(value)}` } };
}

/**
 * Where keys that only exist inside a map live (`max_tokens` -> `chunking_options.max_tokens`), to
 * catch a nested key sent at the top level: silently ignoring it would change the result.
 */
function nestedHomes(): Map<string, string> {
  const homes = new Map<string, string>();
  for (const f of describeOptions()) {
    const dot = f.path.lastIndexOf('.');
    if (dot < 0) continue;
    const leaf = f.path.slice(dot + 1);
    if (!isOptionKey(leaf) && !homes.has(leaf)) homes.set(leaf, f.path);
  }
  return homes;
}
let homesCache: Map<string, string> | undefined;

function unknownTopLevelKey(key: string, problems: Problem[], status: string[]): void {
  if (KNOWN_CLIENT_KEYS.includes(key)) {
    status.push(`Ignored unknown option "${key}"`);
    return;
  }
  const home = (homesCache ??= nestedHomes()).get(key);
  if (home !== undefined) {
    problems.push({ path: key, message: `unknown top-level option; it belongs inside ${home.slice(0, home.lastIndexOf('.'))}: did you mean "${home}"?` });
    return;
  }
  const near = closestName(key, OPTION_KEYS);
  if (near !== undefined) {
    problems.push({ path: key, message: `unknown option; did you mean "${near}"?` });
    return;
  }
  status.push(`Ignored unknown option "${key}"`);
}

/** zod issues of one top-level key -> problems; unknown keys of a map become one problem each. */
function issuesToProblems(key: OptionKey, issues: readonly z.core.$ZodIssue[], problems: Problem[]): void {
  const fieldSchema = OptionsSchema.shape[key] as z.core.$ZodType;
  for (const iss of issues) {
    if (iss.code === 'unrecognized_keys') {
      const shape = shapeOf(schemaAt(fieldSchema, iss.path) ?? fieldSchema) ?? {};
      const allowed = Object.keys(shape);
      for (const k of iss.keys) {
        const near = closestName(k, allowed, { prefixes: true });
        problems.push({
          path: formatPath([key, ...iss.path, k]),
          message: `unknown key${near !== undefined ? `; did you mean "${near}"?` : ''}; allowed keys: ${allowed.join(', ')}`,
        });
      }
      continue;
    }
    problems.push({ path: formatPath([key, ...iss.path]), message: iss.message });
  }
}

/** The raw value at a key path when every map on the way is an object, else undefined. */
function rawAt(raw: Record<string, unknown>, ...path: string[]): unknown {
  let v: unknown = raw;
  for (const k of path) v = isPlainObject(v) ? v[k] : undefined;
  return v;
}
const given = (raw: Record<string, unknown>, ...path: string[]): boolean => rawAt(raw, ...path) !== undefined;
const nonEmptyMap = (v: unknown): boolean => isPlainObject(v) && Object.keys(v).length > 0;

const q = (v: unknown): string => JSON.stringify(v);
const visionMessage = (what: string): string =>
  `${what} needs a vision backend, and none is configured`;

/**
 * text_mode from text_mode, use_ocr and text_extraction_options.ocr_text_mode.
 * - An explicit text_mode always decides; the deprecated keys then only add a status line, except
 *   that ocr_text_mode naming the other OCR engine (`vision` with any text_mode but ocr_vision,
 *   `standard` with ocr_vision) is a 400: one of the two requests would be silently dropped.
 * - use_ocr never conflicts: every text_mode may run OCR, and use_ocr=false is the old default
 *   ("no change"), which clients send without meaning anything by it.
 * - Without text_mode, ocr_text_mode maps to ocr_standard / ocr_vision, else use_ocr=true to ocr_standard.
 */
function resolveTextMode(
  raw: Record<string, unknown>,
  v: Partial<SchemaOutput>,
  problems: Problem[],
  status: string[],
): { mode: TextMode; from: string } | undefined {
  if (v.text_mode === undefined) return undefined;
  const useOcr = given(raw, 'use_ocr') ? v.use_ocr : undefined;
  const ocrTextMode = given(raw, 'text_extraction_options', 'ocr_text_mode') ? v.text_extraction_options?.ocr_text_mode : undefined;
  const OTM = 'text_extraction_options.ocr_text_mode';

  if (given(raw, 'text_mode')) {
    const mode = v.text_mode;
    if (useOcr !== undefined) status.push(`Deprecated option use_ocr=${useOcr} ignored: text_mode=${q(mode)} is given`);
    if (ocrTextMode !== undefined) {
      const clash = (ocrTextMode === 'vision') !== (mode === 'ocr_vision');
      if (clash) {
        problems.push({
          path: OTM,
          message: `${q(ocrTextMode)} contradicts text_mode ${q(mode)}; drop ocr_text_mode (deprecated) and set text_mode alone`,
        });
      } else {
        status.push(`Deprecated option ${OTM}=${q(ocrTextMode)} ignored: text_mode=${q(mode)} is given`);
      }
    }
    return { mode, from: 'text_mode' };
  }
  if (ocrTextMode !== undefined) {
    const mode: TextMode = ocrTextMode === 'vision' ? 'ocr_vision' : 'ocr_standard';
    status.push(`Deprecated option ${OTM}=${q(ocrTextMode)} mapped to text_mode=${q(mode)}`);
    if (useOcr !== undefined) status.push(`Deprecated option use_ocr=${useOcr} ignored: ${OTM} decides`);
    return { mode, from: OTM };
  }
  if (useOcr === true) {
    status.push('Deprecated option use_ocr=true mapped to text_mode="ocr_standard"');
    return { mode: 'ocr_standard', from: 'use_ocr' };
  }
  if (useOcr === false) status.push('Deprecated option use_ocr=false mapped to text_mode="auto" (the default)');
  return { mode: v.text_mode, from: 'text_mode' };
}

/**
 * table_mode from table_mode and extract_table_structure. An explicit table_mode decides; the
 * deprecated key agreeing with it adds a status line, contradicting it is a 400 (`false` with a mode
 * that extracts cells, `true` with none): the response shape (cells or not) depends on which wins.
 */
function resolveTableMode(raw: Record<string, unknown>, v: Partial<SchemaOutput>, problems: Problem[], status: string[]): TableMode | undefined {
  if (v.table_mode === undefined) return undefined;
  const ets = given(raw, 'extract_table_structure') ? v.extract_table_structure : undefined;
  if (given(raw, 'table_mode')) {
    const mode = v.table_mode;
    if (ets !== undefined) {
      if (ets !== (mode !== 'none')) {
        problems.push({
          path: 'extract_table_structure',
          message: ets
            ? `true contradicts table_mode "none"; drop extract_table_structure (deprecated) and set table_mode alone`
            : `false contradicts table_mode ${q(mode)}, which extracts table structure; drop extract_table_structure (deprecated) and set table_mode alone (use "none" to skip table structure)`,
        });
      } else {
        status.push(`Deprecated option extract_table_structure=${ets} ignored: table_mode=${q(mode)} is given`);
      }
    }
    return mode;
  }
  if (ets !== undefined) {
    const mode: TableMode = ets ? 'standard' : 'none';
    status.push(`Deprecated option extract_table_structure=${ets} mapped to table_mode=${q(mode)}`);
    return mode;
  }
  return v.table_mode;
}

/**
 * extract_image_format lives at the top level; inside image_extraction_options it is deprecated
 * (partition-interface.md). Both are accepted; both given and different is a 400.
 */
function resolveImageFormat(raw: Record<string, unknown>, v: Partial<SchemaOutput>, problems: Problem[], status: string[]) {
  const top = given(raw, 'extract_image_format') ? v.extract_image_format : undefined;
  const nested = given(raw, 'image_extraction_options', 'extract_image_format') ? v.image_extraction_options?.extract_image_format : undefined;
  const NESTED = 'image_extraction_options.extract_image_format';
  if (nested !== undefined) {
    if (top !== undefined && top !== nested) {
      problems.push({ path: NESTED, message: `${q(nested)} disagrees with extract_image_format ${q(top)}; give the format once, as the top-level extract_image_format` });
    } else if (top !== undefined) {
      status.push(`Deprecated option ${NESTED}=${q(nested)} ignored: extract_image_format=${q(top)} is given`);
    } else {
      status.push(`Deprecated option ${NESTED}=${q(nested)} mapped to extract_image_format=${q(nested)}`);
    }
  }
  return top ?? nested ?? v.extract_image_format;
}

export function parseOptions(input: unknown, ctx: ParseOptionsContext = {}): ParseOptionsResult {
  const problems: Problem[] = [];
  const status: string[] = [];
  const read = readInput(input);
  if (!read.ok) return fail([read.problem]);
  const obj = read.value;

  for (const key of Object.keys(obj)) if (!isOptionKey(key)) unknownTopLevelKey(key, problems, status);

  const v: Partial<SchemaOutput> = {};
  for (const key of OPTION_KEYS) {
    const r = OptionsSchema.shape[key].safeParse(obj[key], { error: issueMessage });
    if (r.success) (v as Record<string, unknown>)[key] = r.data;
    else issuesToProblems(key, r.error.issues, problems);
  }

  // Cross-key rules, each only over the keys that parsed.
  const text = resolveTextMode(obj, v, problems, status);
  const tableMode = resolveTableMode(obj, v, problems, status);
  const imageFormat = resolveImageFormat(obj, v, problems, status);

  if (!ctx.visionBackend) {
    // Pay-as-you-go settings of the hosted service (spec rule 5): here they need a vision model.
    if (text?.mode === 'ocr_vision') {
      const what = text.from === 'text_mode' ? 'text_mode "ocr_vision"' : `${text.from} "vision"`;
      problems.push({ path: text.from, vision: true, message: `${visionMessage(what)}; use "ocr_standard" or "auto"` });
    }
    if (tableMode === 'vision') {
      problems.push({ path: 'table_mode', vision: true, message: `${visionMessage('table_mode "vision"')}; use "standard" or "custom"` });
    }
    if (v.summarize_images === true) {
      problems.push({ path: 'summarize_images', vision: true, message: `${visionMessage('summarize_images=true')}; leave it false` });
    }
  }

  // Settings that will have no effect: say so, do not fail (spec rule 4 and friends).
  if (tableMode === 'none' && nonEmptyMap(obj['table_extraction_options'])) {
    status.push('Option table_extraction_options ignored: table_mode is "none" (no table structure is extracted)');
  } else if (tableMode !== undefined && tableMode !== 'custom' && given(obj, 'table_extraction_options', 'model_selection')) {
    status.push(`Option table_extraction_options.model_selection ignored: it is only used when table_mode is "custom" (table_mode is ${q(tableMode)})`);
  }
  if (v.extract_images === false && (given(obj, 'extract_image_format') || given(obj, 'image_extraction_options', 'extract_image_format'))) {
    status.push('Option extract_image_format ignored: images are only extracted when extract_images is true');
  }
  if (v.output_format !== undefined && v.output_format !== 'markdown' && nonEmptyMap(obj['markdown_options'])) {
    status.push(`Option markdown_options ignored: output_format is ${q(v.output_format)}`);
  }
  const olo = v.output_label_options;
  if (olo?.promote_title && olo.title_candidate_elements.length === 0) {
    status.push('Option output_label_options.promote_title has no effect: title_candidate_elements is empty');
  }

  if (problems.length > 0 || text === undefined || tableMode === undefined || imageFormat === undefined) return fail(problems);
  const p = v as SchemaOutput;
  const options: ResolvedOptions = {
    selected_pages: p.selected_pages,
    text_mode: text.mode,
    table_mode: tableMode,
    output_format: p.output_format,
    summarize_images: p.summarize_images,
    table_extraction_options: p.table_extraction_options,
    ocr_language: p.ocr_language,
    text_extraction_options: { remove_line_breaks: p.text_extraction_options.remove_line_breaks },
    chunking_options: p.chunking_options,
    extract_images: p.extract_images,
    image_extraction_options: { associate_captions: p.image_extraction_options.associate_captions, extract_image_format: imageFormat },
    add_to_docset_id: p.add_to_docset_id,
    threshold: p.threshold,
    output_label_options: p.output_label_options,
    markdown_options: p.markdown_options,
  };
  return { ok: true, options, status };
}

/**
 * One TesseraError for all problems; its message names every key path and what it allows. The code
 * is 'unsupported' when the only problems are missing-vision-backend ones (the request is valid,
 * this deployment cannot serve it), else 'bad_option'. Both are HTTP 400.
 */
function fail(all: Problem[]): ParseOptionsResult {
  const problems = all.map(({ path, message }) => ({ path, message }));
  const lines = problems.map((p) => `${p.path}: ${p.message}`);
  const code = all.length > 0 && all.every((p) => p.vision) ? 'unsupported' : 'bad_option';
  const message = lines.length === 1 ? (lines[0] ?? '') : `${lines.length} option problems: ${lines.join(' | ')}`;
  return { ok: false, error: new TesseraError(code, message, { problems }), problems };
}
