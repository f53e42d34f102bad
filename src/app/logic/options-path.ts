// Reading and writing the options object by a dotted key path (`chunking_options.max_tokens`), as the
// options form does. Pure: every write returns a new object and never mutates its input.

export type OptionsObject = Record<string, unknown>;

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function getAt(obj: OptionsObject, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (!isMap(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/** Whether the key path is present in the object (an explicit value, not the default). */
export function hasAt(obj: OptionsObject, path: string): boolean {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.length === 0 ? obj : getAt(obj, keys.join('.'));
  return isMap(parent) && Object.prototype.hasOwnProperty.call(parent, last);
}

/**
 * Sets the value at the path, creating maps on the way; `undefined` removes the key, and then maps
 * left empty by the removal are removed too, except those in `keepEmpty` (an empty
 * `chunking_options` means "chunk with every default", which is not the same as no key).
 */
export function setAt(obj: OptionsObject, path: string, value: unknown, keepEmpty: ReadonlySet<string> = new Set()): OptionsObject {
  const keys = path.split('.');
  const write = (cur: unknown, depth: number): unknown => {
    const map: Record<string, unknown> = isMap(cur) ? { ...cur } : {};
    const key = keys[depth]!;
    if (depth === keys.length - 1) {
      if (value === undefined) delete map[key];
      else map[key] = value;
    } else {
      const child = write(map[key], depth + 1);
      const childPath = keys.slice(0, depth + 1).join('.');
      if (value === undefined && isMap(child) && Object.keys(child).length === 0 && !keepEmpty.has(childPath)) delete map[key];
      else map[key] = child;
    }
    return map;
  };
  return write(obj, 0) as OptionsObject;
}

/**
 * The form field a problem belongs to: the longest field path that the problem's key path starts
 * with (`selected_pages[2]` -> `selected_pages`, `chunking_options.max_tokens` itself), or undefined
 * when it names no field (unknown keys, the whole `options`).
 */
export function fieldOfProblem(problemPath: string, fieldPaths: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const f of fieldPaths) {
    const starts = problemPath === f || problemPath.startsWith(`${f}.`) || problemPath.startsWith(`${f}[`);
    if (starts && (best === undefined || f.length > best.length)) best = f;
  }
  return best;
}

/** The options text as an object, or undefined when it is not a JSON object (the JSON view shows why). */
export function readOptionsText(text: string): OptionsObject | undefined {
  if (text.trim() === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    return isMap(v) ? v : undefined;
  } catch {
    // Not JSON yet (the user is typing): the form waits; parseOptions reports the exact error.
    return undefined;
  }
}

export function writeOptionsText(obj: OptionsObject): string {
  return JSON.stringify(obj, null, 2);
}
