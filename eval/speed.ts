// Seconds per page of the whole pipeline (open, read, every page stage, render), and failures.
import type { Evaluator } from './types.ts';

export const speedEvaluator: Evaluator = {
  name: 'speed',
  appliesTo: () => true,
  evaluate(runs) {
    const ok = runs.filter((r) => !r.error && r.pages > 0);
    const pages = ok.reduce((s, r) => s + r.pages, 0);
    const seconds = ok.reduce((s, r) => s + r.seconds, 0);
    return [
      { name: 'seconds per page', value: pages ? seconds / pages : null, n: pages },
      { name: 'documents failed', value: runs.length - ok.length, n: runs.length },
    ];
  },
};
