// Spotting misspelt option names, so that `treshold: 0.5` is a 400 that names `threshold` instead of
// an ignored key and a silently different result.

/** Optimal-string-alignment Damerau-Levenshtein distance: edits, with adjacent swaps counting one. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  const at = (i: number, j: number): number => d[i * cols + j] ?? 0;
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      d[i * cols + j] = v;
    }
  }
  return at(rows - 1, cols - 1);
}

/**
 * How many edits still read as a slip of the keyboard for a name of this length. Short names get
 * none: `ocr` is not a typo of `use_ocr`; long ones allow a little more (`chunking_opitons`).
 */
function tolerance(length: number): number {
  if (length <= 4) return 0;
  if (length <= 7) return 1;
  if (length <= 14) return 2;
  return 3;
}

/**
 * The known name `key` was most likely meant to be, or undefined. Case and `-` for `_` are free.
 * With `prefixes`, a key that is the start of exactly one known name also counts (`promote` for
 * `promote_title`); that is only for places where an unknown key is an error anyway, since at the top
 * level it would turn clients' own keys into 400s.
 */
export function closestName(key: string, known: readonly string[], opts: { prefixes?: boolean } = {}): string | undefined {
  const k = key.toLowerCase().replace(/-/g, '_');
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(k, name);
    if (d <= tolerance(name.length) && (best === undefined || d < best.d)) best = { name, d };
  }
  if (best === undefined && opts.prefixes && k.length >= 3) {
    const starts = known.filter((name) => name.startsWith(k));
    if (starts.length === 1) return starts[0];
  }
  return best?.name;
}
