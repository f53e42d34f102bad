// describeOptions(): the options schema (./schema.ts) flattened into one row per key, for the CLI's
// `--help-options` and the app's options form. Derived by walking the zod schema and its `optionMeta`
// entries, so the help can never disagree with what the parser accepts.
import * as z from 'zod';
import { OptionsSchema, optionMeta, type OptionGroup, type OptionMeta } from './schema.ts';

export type OptionType =
  | 'boolean'
  | 'enum'
  | 'integer'
  | 'number'
  | 'string'
  /** selected_pages: page numbers and [first, last] ranges. */
  | 'pages'
  /** threshold: "auto" or a number in [min, max]. */
  | 'threshold'
  /** model_selection: a selection expression (a string with a grammar). */
  | 'expression'
  | 'object'
  | 'string[]';

export interface OptionField {
  /** Dotted key path, e.g. `table_extraction_options.model_selection`. */
  path: string;
  group: OptionGroup;
  type: OptionType;
  description: string;
  /** What an absent key means; null where absence itself is the meaning (no chunking, all pages). */
  default: unknown;
  /** Values of an enum, or of the items of a string[]. */
  allowed?: string[];
  min?: number;
  max?: number;
  deprecated?: { replacement: string };
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.core.$ZodType): Def => s._zod.def as unknown as Def;
const WRAPPERS = new Set(['default', 'prefault', 'optional', 'nullable', 'readonly', 'nonoptional', 'catch']);

/** Peels defaults, optionals and pipes off a field; returns the core type and the first default met. */
export function unwrap(schema: z.core.$ZodType): { core: z.core.$ZodType; default?: { value: unknown } } {
  let s = schema;
  let dflt: { value: unknown } | undefined;
  for (;;) {
    const def = defOf(s);
    if ((def.type === 'default' || def.type === 'prefault') && dflt === undefined) dflt = { value: def['defaultValue'] };
    if (WRAPPERS.has(def.type)) s = def['innerType'] as z.core.$ZodType;
    else if (def.type === 'pipe') s = def['in'] as z.core.$ZodType;
    else return dflt === undefined ? { core: s } : { core: s, default: dflt };
  }
}

/** The keys of an object schema (after unwrapping), or undefined if it is not one. */
export function shapeOf(schema: z.core.$ZodType): Record<string, z.core.$ZodType> | undefined {
  const { core } = unwrap(schema);
  const def = defOf(core);
  return def.type === 'object' ? (def['shape'] as Record<string, z.core.$ZodType>) : undefined;
}

/** The schema at a key path below `schema` (object keys only), or undefined. */
export function schemaAt(schema: z.core.$ZodType, path: readonly PropertyKey[]): z.core.$ZodType | undefined {
  let s: z.core.$ZodType | undefined = schema;
  for (const key of path) {
    s = s === undefined ? undefined : shapeOf(s)?.[String(key)];
  }
  return s;
}

const SAFE = Number.MAX_SAFE_INTEGER;
const bounds = (core: z.core.$ZodType): { min?: number; max?: number } => {
  const n = core as unknown as { minValue?: number | null; maxValue?: number | null };
  const out: { min?: number; max?: number } = {};
  if (typeof n.minValue === 'number' && Math.abs(n.minValue) < SAFE) out.min = n.minValue;
  if (typeof n.maxValue === 'number' && Math.abs(n.maxValue) < SAFE) out.max = n.maxValue;
  return out;
};
const enumValues = (core: z.core.$ZodType): string[] => Object.values(defOf(core)['entries'] as Record<string, string>);

function typeOf(core: z.core.$ZodType, meta: OptionMeta): Pick<OptionField, 'type' | 'allowed' | 'min' | 'max'> {
  const def = defOf(core);
  if (meta.kind === 'threshold') {
    const numeric = (def['options'] as z.core.$ZodType[]).find((o) => defOf(o).type === 'number');
    return { type: 'threshold', ...(numeric ? bounds(numeric) : {}) };
  }
  if (meta.kind !== undefined) return { type: meta.kind };
  switch (def.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string' };
    case 'enum':
      return { type: 'enum', allowed: enumValues(core) };
    case 'number': {
      const isInt = (core as unknown as { isInt?: boolean }).isInt === true;
      return { type: isInt ? 'integer' : 'number', ...bounds(core) };
    }
    case 'object':
      return { type: 'object' };
    case 'array': {
      const item = unwrap(def['element'] as z.core.$ZodType).core;
      const itemDef = defOf(item);
      if (itemDef.type === 'enum') return { type: 'string[]', allowed: enumValues(item) };
      if (itemDef.type === 'string') return { type: 'string[]' };
      break;
    }
  }
  throw new Error(`describeOptions: no option type for zod type "${def.type}"; add a kind to its optionMeta`);
}

function walk(shape: Record<string, z.core.$ZodType>, prefix: string, parentGroup: OptionGroup | undefined, out: OptionField[]): void {
  for (const [key, schema] of Object.entries(shape)) {
    const path = prefix + key;
    const meta = optionMeta.get(schema);
    if (meta === undefined) throw new Error(`describeOptions: option ${path} has no optionMeta`);
    const group = meta.group ?? parentGroup;
    if (group === undefined) throw new Error(`describeOptions: option ${path} has no group`);
    const { core, default: d } = unwrap(schema);
    const row: OptionField = {
      path,
      group,
      ...typeOf(core, meta),
      description: meta.description,
      default: 'shownDefault' in meta ? meta.shownDefault : d?.value,
    };
    if (meta.deprecated) row.deprecated = { ...meta.deprecated };
    out.push(row);
    const children = shapeOf(core);
    if (children !== undefined) walk(children, `${path}.`, group, out);
  }
}

let cache: readonly OptionField[] | undefined;

/** Every option key, spec order, maps followed by their keys. Fresh copies: callers may mutate. */
export function describeOptions(): OptionField[] {
  if (cache === undefined) {
    const rows: OptionField[] = [];
    walk(OptionsSchema.shape, '', undefined, rows);
    cache = rows;
  }
  return structuredClone(cache as OptionField[]);
}

/**
 * The options as JSON Schema (draft 2020-12), for editors and form libraries that speak it. Input
 * side: what a client may send; each property carries its optionMeta (group, description, ...).
 * Entries that only the parser can check (page entries, the model_selection grammar) are loose here.
 */
export function optionsJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(OptionsSchema, { io: 'input', unrepresentable: 'any', metadata: optionMeta }) as Record<string, unknown>;
}
