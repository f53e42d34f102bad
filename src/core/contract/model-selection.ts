// `table_extraction_options.model_selection`: the small expression language that picks a table
// structure model per table (partition-interface.md "Selection expression grammar", made precise by
// conventions.md). Parsed once at option time so that a bad expression is a 400 before any work starts,
// and evaluated per table by selectModel.
import type { ModelSelectionProgram, SelectionMetric, SelectionOp, TableModel } from './options.ts';

export const TABLE_MODELS = ['table_transformer', 'deformable_detr'] as const satisfies readonly TableModel[];
export const SELECTION_METRICS = ['pixels', 'chars'] as const satisfies readonly SelectionMetric[];
/** Longest first, the order conventions.md gives (so `<=` is never read as `<` followed by `=`). */
export const SELECTION_OPS = ['<=', '>=', '==', '!=', '<', '>'] as const satisfies readonly SelectionOp[];
export const DEFAULT_MODEL_SELECTION = 'pixels > 500 -> deformable_detr; table_transformer';
/** Spec rule 7: no default statement and no matching condition. */
export const FALLBACK_TABLE_MODEL: TableModel = 'table_transformer';

export type ModelSelectionResult =
  | { ok: true; program: ModelSelectionProgram }
  /** One message per bad statement, each naming it: `statement 2 "chars >> 5 -> deformable_detr": ...`. */
  | { ok: false; errors: string[] };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const WORD = /^[A-Za-z_][A-Za-z0-9_]*/;
const OP_RUN = /^[<>=!]+/;

const isModel = (s: string): s is TableModel => (TABLE_MODELS as readonly string[]).includes(s);
const isMetric = (s: string): s is SelectionMetric => (SELECTION_METRICS as readonly string[]).includes(s);
const isOp = (s: string): s is SelectionOp => (SELECTION_OPS as readonly string[]).includes(s);
const countOps = (s: string): number => s.match(/[<>]=?|[=!]=/g)?.length ?? 0;

const MODELS_HINT = `models are ${TABLE_MODELS.join(', ')}`;
const OPS_HINT = `use one of ${SELECTION_OPS.join(', ')}`;

type Rule = ModelSelectionProgram['rules'][number];

/** Parses one conditional statement `metric op number -> model`; a string is the problem. */
function parseConditional(stmt: string): Rule | string {
  const arrow = stmt.indexOf('->');
  const left = stmt.slice(0, arrow).trim();
  const right = stmt.slice(arrow + 2).trim();
  if (right.includes('->')) return 'more than one "->"; write one condition per statement';
  if (left === '') return 'missing condition before "->" (write `pixels > 500 -> model`, or the model alone for a default)';

  let model: TableModel | undefined;
  if (right === '') return `missing model after "->"; ${MODELS_HINT}`;
  if (isModel(right)) model = right;
  else return `unknown model "${right}"; ${MODELS_HINT}`;

  // `500 < pixels` and `100 < pixels < 500` start with the number: say which mistake it is.
  if (/^[+-]?[\d.]/.test(left)) {
    return countOps(left) >= 2
      ? 'chained comparisons are not supported; write one condition per statement, e.g. `pixels > 100 -> ...`'
      : 'reversed comparison; write the metric first, e.g. `pixels > 500 -> deformable_detr`';
  }
  const word = WORD.exec(left)?.[0];
  if (word === undefined) return `expected a metric (${SELECTION_METRICS.join(' or ')}) before the comparison`;
  if (!isMetric(word)) return `unknown metric "${word}"; metrics are ${SELECTION_METRICS.join(', ')}`;
  const afterMetric = left.slice(word.length).trim();
  // Take the whole run of operator characters so that `>>` or `=<` is reported as itself rather
  // than read as `>` followed by a strange number.
  const op = OP_RUN.exec(afterMetric)?.[0];
  if (op === undefined) return `expected a comparison after "${word}"; ${OPS_HINT}`;
  if (!isOp(op)) return `unknown comparison "${op}"; ${OPS_HINT}`;
  const thresholdText = afterMetric.slice(op.length).trim();
  if (countOps(thresholdText) > 0) return 'chained comparisons are not supported; write one condition per statement';
  if (thresholdText === '') return `missing threshold after "${op}"`;
  if (!NUMBER.test(thresholdText)) return `threshold "${thresholdText}" is not a number`;
  return { metric: word, op, threshold: Number(thresholdText), model };
}

/**
 * Statements are split on `;`, evaluated left to right; empty statements are allowed; a bare model
 * name is the default and ends the expression (whatever follows it, even in the same statement, is
 * not processed: spec rule 6). Every bad statement before the default is reported, not just the first.
 */
export function parseModelSelection(src: string): ModelSelectionResult {
  const rules: Rule[] = [];
  const errors: string[] = [];
  let fallback: TableModel = FALLBACK_TABLE_MODEL;
  const statements = src.split(';');
  for (let i = 0; i < statements.length; i++) {
    const stmt = (statements[i] ?? '').trim();
    if (stmt === '') continue;
    const where = `statement ${i + 1} "${stmt}"`;
    if (stmt.includes('->')) {
      const r = parseConditional(stmt);
      if (typeof r === 'string') errors.push(`${where}: ${r}`);
      else rules.push(r);
      continue;
    }
    const word = WORD.exec(stmt)?.[0];
    if (word !== undefined && isModel(word) && !/^[A-Za-z0-9_]/.test(stmt.slice(word.length))) {
      fallback = word;
      break; // the default ends the expression
    }
    errors.push(
      `${where}: ` +
        (countOps(stmt) > 0 || (word !== undefined && isMetric(word))
          ? `missing "->" and a model after the condition (e.g. \`pixels > 500 -> deformable_detr\`)`
          : `unknown model "${stmt}"; ${MODELS_HINT}`),
    );
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, program: { rules, fallback, source: src } };
}

function holds(value: number, op: SelectionOp, threshold: number): boolean {
  switch (op) {
    case '<':
      return value < threshold;
    case '>':
      return value > threshold;
    case '<=':
      return value <= threshold;
    case '>=':
      return value >= threshold;
    case '==':
      return value === threshold;
    case '!=':
      return value !== threshold;
  }
}

/** The first rule whose comparison holds picks the model; otherwise the default (spec rules 1, 6, 7). */
export function selectModel(program: ModelSelectionProgram, table: { pixels: number; chars: number }): TableModel {
  for (const rule of program.rules) {
    if (holds(table[rule.metric], rule.op, rule.threshold)) return rule.model;
  }
  return program.fallback;
}
