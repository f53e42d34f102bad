// One colour per element type (the legend and the boxes), chosen to stay apart for the common
// kinds of colour blindness as far as 12 colours can (Okabe-Ito first, then darker variants).
import { ELEMENT_TYPES, type ElementType } from '../../core/contract/types.ts';

export const TYPE_COLOURS: Record<ElementType, string> = {
  Title: '#d55e00',
  'Section-header': '#e69f00',
  Text: '#0072b2',
  'List-item': '#009e73',
  Caption: '#cc79a7',
  Footnote: '#7f7f7f',
  Formula: '#8b5cf6',
  'Page-header': '#56b4e9',
  'Page-footer': '#2a9d8f',
  Image: '#b8860b',
  table: '#c0392b',
  Section: '#334155',
};

export const LEGEND_TYPES: readonly ElementType[] = [...ELEMENT_TYPES, 'Section'];

/** Counts per type, in legend order, for the legend and the compare summary. */
export function countByType(elements: readonly { type: ElementType }[]): Map<ElementType, number> {
  const counts = new Map<ElementType, number>();
  for (const e of elements) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return counts;
}
