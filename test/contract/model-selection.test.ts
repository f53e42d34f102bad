import { describe, it, expect } from 'vitest';
import {
  parseModelSelection,
  selectModel,
  DEFAULT_MODEL_SELECTION,
  type ModelSelectionProgram,
  type TableModel,
} from '../../src/core/contract/index.ts';

function program(src: string): ModelSelectionProgram {
  const r = parseModelSelection(src);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(src)} to parse: ${r.errors.join(' | ')}`);
  return r.program;
}
function errors(src: string): string[] {
  const r = parseModelSelection(src);
  if (r.ok) throw new Error(`expected ${JSON.stringify(src)} to fail`);
  return r.errors;
}

describe('parseModelSelection: programs', () => {
  it('the default expression of the spec', () => {
    expect(program(DEFAULT_MODEL_SELECTION)).toEqual({
      rules: [{ metric: 'pixels', op: '>', threshold: 500, model: 'deformable_detr' }],
      fallback: 'table_transformer',
      source: 'pixels > 500 -> deformable_detr; table_transformer',
    });
  });

  it.each<[string, ModelSelectionProgram['rules'], TableModel]>([
    ['table_transformer', [], 'table_transformer'],
    ['deformable_detr', [], 'deformable_detr'],
    ['  deformable_detr  ', [], 'deformable_detr'],
    ['table_transformer; garbage', [], 'table_transformer'],
    ['deformable_detr trailing words after the default', [], 'deformable_detr'],
    ['table_transformer; pixels >> 5 -> nothing', [], 'table_transformer'],
    ['', [], 'table_transformer'],
    [';;  ;', [], 'table_transformer'],
    ['chars > 100 -> deformable_detr', [{ metric: 'chars', op: '>', threshold: 100, model: 'deformable_detr' }], 'table_transformer'],
    ['pixels>500->deformable_detr', [{ metric: 'pixels', op: '>', threshold: 500, model: 'deformable_detr' }], 'table_transformer'],
    ['  pixels   >=   1e3   ->   deformable_detr  ;  ', [{ metric: 'pixels', op: '>=', threshold: 1000, model: 'deformable_detr' }], 'table_transformer'],
    ['pixels <= 5 -> deformable_detr', [{ metric: 'pixels', op: '<=', threshold: 5, model: 'deformable_detr' }], 'table_transformer'],
    ['pixels < 5.5 -> deformable_detr', [{ metric: 'pixels', op: '<', threshold: 5.5, model: 'deformable_detr' }], 'table_transformer'],
    ['chars == 0 -> table_transformer; deformable_detr', [{ metric: 'chars', op: '==', threshold: 0, model: 'table_transformer' }], 'deformable_detr'],
    ['chars != 0 -> deformable_detr', [{ metric: 'chars', op: '!=', threshold: 0, model: 'deformable_detr' }], 'table_transformer'],
    [
      ';pixels > 800 -> deformable_detr;; chars >= 200 -> deformable_detr; table_transformer; ignored',
      [
        { metric: 'pixels', op: '>', threshold: 800, model: 'deformable_detr' },
        { metric: 'chars', op: '>=', threshold: 200, model: 'deformable_detr' },
      ],
      'table_transformer',
    ],
  ])('%j', (src, rules, fallback) => {
    expect(program(src)).toEqual({ rules, fallback, source: src });
  });
});

describe('parseModelSelection: errors name the statement', () => {
  it.each<[string, string]>([
    ['chars >> 5 -> deformable_detr', 'statement 1 "chars >> 5 -> deformable_detr": unknown comparison ">>"'],
    ['pixels > 1 -> table_transformer; chars >> 5 -> deformable_detr', 'statement 2 "chars >> 5 -> deformable_detr": unknown comparison ">>"'],
    ['500 < pixels -> deformable_detr', 'statement 1 "500 < pixels -> deformable_detr": reversed comparison'],
    ['100 < pixels < 500 -> deformable_detr', 'chained comparisons are not supported'],
    ['pixels > 100 < 500 -> deformable_detr', 'chained comparisons are not supported'],
    ['width > 500 -> deformable_detr', 'unknown metric "width"'],
    ['PIXELS > 500 -> deformable_detr', 'unknown metric "PIXELS"'],
    ['pixels > 500 -> resnet', 'unknown model "resnet"'],
    ['pixels > 500 -> ', 'missing model after "->"'],
    ['-> deformable_detr', 'missing condition before "->"'],
    ['pixels > 500 deformable_detr', 'missing "->"'],
    ['pixels', 'missing "->"'],
    ['pixels > big -> deformable_detr', 'threshold "big" is not a number'],
    ['pixels > chars -> deformable_detr', 'threshold "chars" is not a number'],
    ['pixels > -> deformable_detr', 'missing threshold after ">"'],
    ['pixels -> deformable_detr', 'expected a comparison after "pixels"'],
    ['pixels = 5 -> deformable_detr', 'unknown comparison "="'],
    ['pixels =< 5 -> deformable_detr', 'unknown comparison "=<"'],
    ['pixels > 5 -> deformable_detr -> table_transformer', 'more than one "->"'],
    ['resnet', 'unknown model "resnet"'],
    ['table_transformerx', 'unknown model "table_transformerx"'],
    [';; ; chars >> 5 -> deformable_detr', 'statement 4 "chars >> 5 -> deformable_detr"'],
  ])('%j', (src, expected) => {
    const errs = errors(src);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toContain(expected);
  });

  it('reports every bad statement before the default, not just the first', () => {
    const errs = errors('width > 1 -> deformable_detr; pixels > 5 -> deformable_detr; 5 < chars -> table_transformer; table_transformer; more >> junk');
    expect(errs).toHaveLength(2);
    expect(errs[0]).toMatch(/^statement 1 "width > 1 -> deformable_detr": unknown metric/);
    expect(errs[1]).toMatch(/^statement 3 "5 < chars -> table_transformer": reversed comparison/);
  });
});

describe('selectModel', () => {
  it.each<[string, { pixels: number; chars: number }, TableModel]>([
    // The default expression.
    [DEFAULT_MODEL_SELECTION, { pixels: 501, chars: 0 }, 'deformable_detr'],
    [DEFAULT_MODEL_SELECTION, { pixels: 500, chars: 10_000 }, 'table_transformer'],
    [DEFAULT_MODEL_SELECTION, { pixels: 120, chars: 3 }, 'table_transformer'],
    // chars
    ['chars > 100 -> deformable_detr', { pixels: 0, chars: 101 }, 'deformable_detr'],
    // No default and no match: table_transformer (spec rule 7).
    ['chars > 100 -> deformable_detr', { pixels: 9999, chars: 100 }, 'table_transformer'],
    // ==, !=
    ['pixels == 300 -> deformable_detr; table_transformer', { pixels: 300, chars: 0 }, 'deformable_detr'],
    ['pixels == 300 -> deformable_detr; table_transformer', { pixels: 301, chars: 0 }, 'table_transformer'],
    ['pixels != 300 -> deformable_detr', { pixels: 301, chars: 0 }, 'deformable_detr'],
    ['pixels != 300 -> deformable_detr', { pixels: 300, chars: 0 }, 'table_transformer'],
    // <=, >=, <
    ['pixels <= 300 -> deformable_detr', { pixels: 300, chars: 0 }, 'deformable_detr'],
    ['pixels >= 300 -> deformable_detr', { pixels: 299, chars: 0 }, 'table_transformer'],
    ['pixels < 300 -> deformable_detr', { pixels: 299.5, chars: 0 }, 'deformable_detr'],
    // First matching statement wins, left to right.
    ['chars > 10 -> table_transformer; pixels > 10 -> deformable_detr', { pixels: 50, chars: 50 }, 'table_transformer'],
    ['chars > 100 -> table_transformer; pixels > 10 -> deformable_detr', { pixels: 50, chars: 50 }, 'deformable_detr'],
    // A bare model alone: always that model; text after the default is ignored.
    ['deformable_detr', { pixels: 1, chars: 1 }, 'deformable_detr'],
    ['table_transformer; garbage', { pixels: 10_000, chars: 10_000 }, 'table_transformer'],
    ['deformable_detr; pixels > 0 -> table_transformer', { pixels: 10, chars: 0 }, 'deformable_detr'],
  ])('%j with %j -> %s', (src, table, model) => {
    expect(selectModel(program(src), table)).toBe(model);
  });
});
