import { describe, it, expect } from 'vitest';
import { editDistance, closestName, KNOWN_CLIENT_KEYS, OptionsSchema } from '../../src/core/contract/index.ts';

const KEYS = Object.keys(OptionsSchema.shape);

describe('editDistance (Damerau-Levenshtein, adjacent swaps count one)', () => {
  it.each<[string, string, number]>([
    ['threshold', 'threshold', 0],
    ['treshold', 'threshold', 1],
    ['output_fromat', 'output_format', 1],
    ['selected_page', 'selected_pages', 1],
    ['ab', 'ba', 1],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s / %s = %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('closestName', () => {
  it('no well-known client key is close to an option name, allowlist or not', () => {
    for (const key of KNOWN_CLIENT_KEYS) expect(closestName(key, KEYS), key).toBeUndefined();
  });

  it('prefixes only count when asked', () => {
    expect(closestName('promote', ['promote_title', 'orientation_correction'])).toBeUndefined();
    expect(closestName('promote', ['promote_title', 'orientation_correction'], { prefixes: true })).toBe('promote_title');
    expect(closestName('include', ['include_headers', 'include_footers'], { prefixes: true })).toBeUndefined();
  });
});
