import type { Element } from '../contract/types.ts';

/**
 * `threshold` as the spec defines it: a number keeps every candidate whose score is above it
 * (several candidates of one region may overlap); `auto` keeps the best candidate per region
 * (candidates of one region share its page and bbox).
 */
export function applyThreshold(elements: readonly Element[], threshold: 'auto' | number): Element[] {
  if (threshold !== 'auto') return elements.filter((e) => e.properties.score > threshold);
  const best = new Map<string, Element>();
  for (const e of elements) {
    const key = `${e.properties.page_number}|${e.bbox.join(',')}`;
    const seen = best.get(key);
    if (!seen || e.properties.score > seen.properties.score) best.set(key, e);
  }
  const keep = new Set(best.values());
  return elements.filter((e) => keep.has(e));
}
