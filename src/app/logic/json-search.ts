// Search in the JSON tree: which nodes match a query (key or scalar value, case-insensitive) and
// which containers must be open to show them.

export type JsonPath = string; // "" for the root, then ".key" / "[3]" segments

export interface SearchResult {
  matches: Set<JsonPath>;
  /** Every container on the way to a match. */
  open: Set<JsonPath>;
  /** Matches found; the search stops at `limit` so a huge document stays responsive. */
  count: number;
  truncated: boolean;
}

export const childPath = (parent: JsonPath, key: string | number): JsonPath =>
  typeof key === 'number' ? `${parent}[${key}]` : `${parent}.${key}`;

export function searchJson(root: unknown, query: string, limit = 500): SearchResult {
  const result: SearchResult = { matches: new Set(), open: new Set(), count: 0, truncated: false };
  const q = query.trim().toLowerCase();
  if (q === '') return result;
  const visit = (value: unknown, path: JsonPath, key: string | number | undefined, ancestors: JsonPath[]): void => {
    if (result.count >= limit) {
      result.truncated = true;
      return;
    }
    const keyHit = typeof key === 'string' && key.toLowerCase().includes(q);
    const isContainer = typeof value === 'object' && value !== null;
    const valueHit = !isContainer && String(value).toLowerCase().includes(q);
    if (keyHit || valueHit) {
      result.matches.add(path);
      result.count++;
      for (const a of ancestors) result.open.add(a);
    }
    if (!isContainer) return;
    const next = [...ancestors, path];
    if (Array.isArray(value)) value.forEach((v, i) => visit(v, childPath(path, i), i, next));
    else for (const [k, v] of Object.entries(value as Record<string, unknown>)) visit(v, childPath(path, k), k, next);
  };
  visit(root, '', undefined, []);
  return result;
}
