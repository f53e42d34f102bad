// The kept elements of a run at the option set's current threshold, and the same grouped per page,
// with each element's candidate index (its identity for selection).
import { useMemo } from 'react';
import type { Element } from '../../core/contract/types.ts';
import { keptElements, thresholdOf } from '../logic/run-plan.ts';
import { candidateIndex, type Run } from '../logic/run-state.ts';
import { useOptionsView, type OptionSet } from '../stores/options-store.ts';

export interface Kept {
  list: Array<{ element: Element; index: number }>;
  byPage: Map<number, Array<{ element: Element; index: number }>>;
}

export function useKept(run: Run | undefined, set: OptionSet): Kept {
  const threshold = thresholdOf(useOptionsView(set).object);
  const candidates = run?.candidates;
  return useMemo(() => {
    const list: Kept['list'] = [];
    const byPage: Kept['byPage'] = new Map();
    if (!candidates) return { list, byPage };
    const index = candidateIndex(candidates);
    for (const element of keptElements(candidates, threshold)) {
      const entry = { element, index: index.get(element)! };
      list.push(entry);
      const page = byPage.get(element.properties.page_number);
      if (page) page.push(entry);
      else byPage.set(element.properties.page_number, [entry]);
    }
    return { list, byPage };
  }, [candidates, threshold]);
}
