// pdf.js's legacy build (the one Node 20 needs) bundles core-js polyfills. On Node 20's V8 (11.3)
// core-js judges the native Array.prototype.push non-conforming (a corner case: pushing onto an
// array whose length is read-only) and replaces it process-wide with a push written in JavaScript,
// several times slower; it also replaces JSON.parse and JSON.stringify (for JSON.rawJSON, which
// nothing here uses). Every push in the process then pays for it: pdf.js's own parsing and
// operator lists, and the engine's line, block and table building. Profiled on the born-digital
// corpus, that polyfilled push was the largest single JavaScript cost of a layout-only run.
//
// The polyfills pdf.js actually relies on (Promise.withResolvers, Set methods, Uint8Array base64,
// Map.getOrInsert ...) are additions and stay; only the replaced built-ins are put back, right after
// both pdf.js modules (the API and the fake worker, which Node runs on the same thread) are loaded.
import type { PdfjsEnvironment, PdfjsLoader } from '../core/pdf/index.ts';

/** Captured when this module is evaluated, before pdf.js is (the engine imports it lazily). */
const NATIVE = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
/**
 * A built-in method, not a polyfill. (Not from its source text: core-js makes its polyfills print as
 * `[native code]`. Built-in methods are not constructors and have no `prototype`; the polyfills are
 * plain functions, which do.)
 */
const isNative = (f: unknown): boolean => typeof f === 'function' && !Object.prototype.hasOwnProperty.call(f, 'prototype');

/** Puts back `value` as `target[key]` when a polyfill replaced the native one captured above. */
function restore(target: object, key: string, value: unknown, name: string, restored: string[]): void {
  // Captured too late (pdf.js was loaded before this module): nothing native to put back.
  if (!isNative(value) || (target as Record<string, unknown>)[key] === value) return;
  Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
  restored.push(name);
}

/** Puts back the native built-ins a polyfill replaced; returns which ones it put back. */
export function restoreNativeBuiltins(): string[] {
  const restored: string[] = [];
  restore(Array.prototype, 'push', NATIVE.push, 'Array.prototype.push', restored);
  restore(JSON, 'parse', NATIVE.parse, 'JSON.parse', restored);
  restore(JSON, 'stringify', NATIVE.stringify, 'JSON.stringify', restored);
  return restored;
}

/** `load` (which must load both of pdf.js's modules), then the native built-ins back. */
export function withNativeBuiltins(load: PdfjsLoader): PdfjsLoader {
  return async (): Promise<PdfjsEnvironment> => {
    const env = await load();
    restoreNativeBuiltins();
    return env;
  };
}
