// String measures the evaluation uses: normalised Indel similarity (what rapidfuzz calls `ratio`,
// the NID of Markdown benchmarks) via a bit-parallel LCS, and approximate substring search
// (Levenshtein, for olmOCR's `max_diffs`).

/** Length of the longest common subsequence (Hyyrö's bit-parallel algorithm, 32-bit words). */
export function lcsLength(a: string, b: string): number {
  if (a.length > b.length) [a, b] = [b, a];
  const m = a.length;
  if (m === 0) return 0;
  const words = Math.ceil(m / 32);
  const peq = new Map<number, Uint32Array>();
  for (let i = 0; i < m; i++) {
    const c = a.charCodeAt(i);
    let v = peq.get(c);
    if (!v) peq.set(c, (v = new Uint32Array(words)));
    v[i >>> 5]! |= 1 << (i & 31);
  }
  const V = new Uint32Array(words).fill(0xffffffff);
  const zero = new Uint32Array(words);
  for (let j = 0; j < b.length; j++) {
    const M = peq.get(b.charCodeAt(j)) ?? zero;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const v = V[w]!;
      const u = (v & M[w]!) >>> 0;
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      V[w] = ((sum >>> 0) | (v & ~u)) >>> 0;
    }
  }
  let ones = 0;
  for (let i = 0; i < m; i++) if ((V[i >>> 5]! >>> (i & 31)) & 1) ones++;
  return m - ones;
}

/** 1 - normalised Indel distance: 2·LCS / (|a| + |b|); 1 for two empty strings. */
export function indelSimilarity(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}

/**
 * Smallest Levenshtein distance between `pattern` and any substring of `text` (Sellers), with the
 * end offset of the best match; stops early once a match within `limit` is found.
 */
export function fuzzyFind(text: string, pattern: string, limit: number): { distance: number; end: number } {
  if (pattern.length === 0) return { distance: 0, end: 0 };
  if (limit === 0 || pattern.length > 400) {
    const i = text.indexOf(pattern);
    if (i >= 0 || limit === 0) return i >= 0 ? { distance: 0, end: i + pattern.length } : { distance: Infinity, end: -1 };
  }
  const m = pattern.length;
  let prev = new Uint32Array(m + 1);
  let cur = new Uint32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = { distance: prev[m]!, end: 0 };
  for (let j = 1; j <= text.length; j++) {
    cur[0] = 0;
    const tc = text.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const cost = pattern.charCodeAt(i - 1) === tc ? 0 : 1;
      cur[i] = Math.min(prev[i - 1]! + cost, prev[i]! + 1, cur[i - 1]! + 1);
    }
    if (cur[m]! < best.distance) {
      best = { distance: cur[m]!, end: j };
      if (best.distance <= limit) return best;
    }
    [prev, cur] = [cur, prev];
  }
  return best;
}

/** Kendall's tau-a between a permutation's ranks and the identity (ranks: predicted order of items 0..n-1). */
export function kendallTau(ranks: readonly number[]): number | null {
  const n = ranks.length;
  if (n < 2) return null;
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      if (ranks[i]! < ranks[j]!) concordant++;
      else if (ranks[i]! > ranks[j]!) discordant++;
    }
  return (concordant - discordant) / ((n * (n - 1)) / 2);
}

/** rapidfuzz `ratio` / 100: the normalised Indel similarity. */
export const ratio = indelSimilarity;

/**
 * rapidfuzz `partial_ratio` / 100: the best `ratio` of the shorter string against every window of
 * the longer one of the shorter's length (and the partial windows at either end).
 */
export function partialRatio(a: string, b: string): number {
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  const m = s.length;
  if (m === 0) return l.length === 0 ? 1 : 0;
  let best = 0;
  const consider = (w: string) => {
    const r = indelSimilarity(s, w);
    if (r > best) best = r;
  };
  for (let i = 1; i < m && best < 1; i++) consider(l.slice(0, i));
  for (let i = 0; i + m <= l.length && best < 1; i++) consider(l.slice(i, i + m));
  for (let i = Math.max(0, l.length - m + 1); i < l.length && best < 1; i++) consider(l.slice(i));
  return best;
}

/** Offsets in `text` where some substring within `limit` Levenshtein edits of `pattern` starts. */
export function fuzzyStarts(text: string, pattern: string, limit: number): number[] {
  const rt = [...text].reverse().join('');
  const rp = [...pattern].reverse().join('');
  const m = rp.length;
  const starts: number[] = [];
  let prev = new Uint32Array(m + 1);
  let cur = new Uint32Array(m + 1);
  for (let i = 0; i <= m; i++) prev[i] = i;
  if (m <= limit) starts.push(rt.length);
  for (let j = 1; j <= rt.length; j++) {
    cur[0] = 0;
    const tc = rt.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const cost = rp.charCodeAt(i - 1) === tc ? 0 : 1;
      cur[i] = Math.min(prev[i - 1]! + cost, prev[i]! + 1, cur[i - 1]! + 1);
    }
    // A match ending at j in the reversed text starts at rt.length - j in the original.
    if (cur[m]! <= limit) starts.push(rt.length - j);
    [prev, cur] = [cur, prev];
  }
  return starts;
}
