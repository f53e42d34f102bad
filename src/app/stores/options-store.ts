// The options: the JSON text is the one source of truth (the JSON view edits it as typed; the form
// edits it through setField). Persisted in localStorage, so options survive reloads. Option set B is
// the second set of the side-by-side compare.
import { create } from 'zustand';
import { parseOptions, type OptionProblem } from '../../core/contract/index.ts';
import { readOptionsText, setAt, writeOptionsText, type OptionsObject } from '../logic/options-path.ts';

export type OptionSet = 'A' | 'B';
const KEYS: Record<OptionSet, string> = { A: 'tessera.options', B: 'tessera.options.compare' };

/** An empty chunking_options map means "chunk with every default": never prune it away. */
const KEEP_EMPTY = new Set(['chunking_options']);

function load(set: OptionSet): string {
  try {
    return localStorage.getItem(KEYS[set]) ?? '{}';
  } catch (err) {
    console.warn('Options could not be read from localStorage; starting from defaults', err);
    return '{}';
  }
}

function save(set: OptionSet, text: string): void {
  try {
    localStorage.setItem(KEYS[set], text);
  } catch (err) {
    console.warn('Options could not be saved in localStorage', err);
  }
}

interface OptionsState {
  text: Record<OptionSet, string>;
  setText(set: OptionSet, text: string): void;
  /** Sets one key path (undefined removes it); ignored while the text is not a JSON object. */
  setField(set: OptionSet, path: string, value: unknown): void;
  reset(set: OptionSet): void;
}

export const useOptions = create<OptionsState>((set, get) => ({
  text: { A: load('A'), B: load('B') },
  setText(which, text) {
    save(which, text);
    set((s) => ({ text: { ...s.text, [which]: text } }));
  },
  setField(which, path, value) {
    const obj = readOptionsText(get().text[which]);
    if (obj === undefined) return;
    get().setText(which, writeOptionsText(setAt(obj, path, value, KEEP_EMPTY)));
  },
  reset(which) {
    get().setText(which, '{}');
  },
}));

export interface OptionsView {
  /** The text as an object, or undefined when it is not a JSON object. */
  object: OptionsObject | undefined;
  problems: OptionProblem[];
  valid: boolean;
}

const viewCache = new Map<string, OptionsView>();

/** The parse of an options text by the engine's own contract parser (memoised per text). */
export function viewOptions(text: string): OptionsView {
  let v = viewCache.get(text);
  if (v === undefined) {
    const parsed = parseOptions(text.trim() === '' ? '{}' : text);
    v = { object: readOptionsText(text), problems: parsed.ok ? [] : parsed.problems, valid: parsed.ok };
    if (viewCache.size > 50) viewCache.clear();
    viewCache.set(text, v);
  }
  return v;
}

export const useOptionsView = (which: OptionSet): OptionsView => viewOptions(useOptions((s) => s.text[which]));
