// The evaluators `npm run eval` applies, in the order their metrics are printed. To add one, write
// an object satisfying `Evaluator` (types.ts) — appliesTo(run) says which documents have its truth,
// evaluate(runs) returns metrics — and append it here.
import { cvatEvaluator } from './cvat.ts';
import { doclingMarkdownEvaluator } from './docling-md.ts';
import { icdarEvaluator } from './icdar.ts';
import { olmocrEvaluator } from './olmocr.ts';
import { speedEvaluator } from './speed.ts';
import { tedsEvaluator } from './teds.ts';
import type { Evaluator } from './types.ts';

export const EVALUATORS: Evaluator[] = [cvatEvaluator, doclingMarkdownEvaluator, olmocrEvaluator, icdarEvaluator, tedsEvaluator, speedEvaluator];
