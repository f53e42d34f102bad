import type { Element } from '../contract/types.ts';

/**
 * `threshold` as the spec defines it: a number keeps elements whose score is above it; `auto`
 * keeps the best candidate per region, which the labeller already emits (one label per region).
 */
export function applyThreshold(elements: readonly Element[], threshold: 'auto' | number): Element[] {
  if (threshold === 'auto') return [...elements];
  return elements.filter((e) => e.properties.score > threshold);
}
