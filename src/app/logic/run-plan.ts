// How the app runs the engine so that the threshold can be tuned without running it again: the pages
// are partitioned once with threshold 0 (every candidate, with its score), and the user's threshold is
// applied afterwards, with the engine's own applyThreshold, before the document stages and rendering.
import { applyThreshold } from '../../core/layout/index.ts';
import type { Element } from '../../core/contract/types.ts';
import type { OptionsObject } from './options-path.ts';

/** Options that only change what is done with the pages' elements, not the elements themselves. */
export const DOCUMENT_LEVEL_KEYS = ['threshold', 'output_format', 'markdown_options', 'chunking_options'] as const;

/**
 * The options sent to the engine for the page run: the user's, with threshold 0 so every candidate
 * comes back, and JSON output (the outputs are assembled afterwards from the kept candidates). The
 * other keys stay, so that an option the engine cannot honour still fails the run with its message.
 */
export function candidateRunOptions(user: OptionsObject): OptionsObject {
  return { ...user, threshold: 0, output_format: 'json' };
}

/** Options a table-structure re-run may change (core/tables/restructure.ts). */
export const TABLE_KEYS = ['table_mode', 'extract_table_structure', 'table_extraction_options'] as const;

/**
 * The page run made with `before` can serve `after` by re-running table structure alone: nothing
 * but the table options (and document-level ones) differs.
 */
export function tableOnlyChange(before: OptionsObject, after: OptionsObject): boolean {
  const strip = (o: OptionsObject): OptionsObject => {
    const rest: OptionsObject = { ...o };
    for (const k of TABLE_KEYS) delete rest[k];
    return rest;
  };
  return pageRunKey(strip(before)) === pageRunKey(strip(after));
}

/** What must be equal between two option sets for one page run to serve both. */
export function pageRunKey(user: OptionsObject): string {
  const rest: OptionsObject = { ...user };
  for (const k of DOCUMENT_LEVEL_KEYS) delete rest[k];
  return stableJson(rest);
}

export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export type Threshold = 'auto' | number;

/** The user's threshold from the options object; anything the parser would refuse counts as auto. */
export function thresholdOf(user: OptionsObject | undefined): Threshold {
  const t = user?.['threshold'];
  return typeof t === 'number' && t >= 0 && t <= 1 ? t : 'auto';
}

/** The candidates kept at this threshold, in engine order. */
export function keptElements(candidates: readonly Element[], threshold: Threshold): Element[] {
  return applyThreshold(candidates, threshold);
}

/** The engine's error text says what went wrong with a password (see core/pdf/open.ts). */
export function passwordProblem(error: string | null | undefined): 'required' | 'wrong' | undefined {
  if (!error) return undefined;
  if (/password is wrong/i.test(error)) return 'wrong';
  if (/encrypted; give its password/i.test(error)) return 'required';
  return undefined;
}
