import type { LayoutType } from '../contract/types.ts';
import type { Labelled } from './label.ts';

/**
 * output_label_options.promote_title (conventions.md): when page 1 has no Title, the page-1
 * element of a candidate type with the largest font size becomes the Title.
 */
export function promoteTitle(page1: Labelled[], candidates: readonly LayoutType[]): Labelled[] {
  if (page1.some((e) => e.candidates[0]!.type === 'Title')) return page1;
  let best: Labelled | undefined;
  for (const e of page1) if (candidates.includes(e.candidates[0]!.type) && (!best || e.fontSize > best.fontSize)) best = e;
  return page1.map((e) =>
    e === best ? { ...e, candidates: [{ ...e.candidates[0]!, type: 'Title' as const }, ...e.candidates.slice(1)] } : e,
  );
}
