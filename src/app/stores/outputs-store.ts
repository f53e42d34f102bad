// The outputs (JSON, Markdown, HTML) of a finished run at the current document-level options: the
// kept candidates are re-assembled in a worker whenever the threshold, output format, markdown or
// chunking options change. A newer request cancels the older one (its worker is terminated).
import { create } from 'zustand';
import { assembleInWorker, CancelledError, type Assembled } from '../../worker/client.ts';
import type { OptionsObject } from '../logic/options-path.ts';
import { DOCUMENT_LEVEL_KEYS, keptElements, stableJson, thresholdOf } from '../logic/run-plan.ts';
import type { Run } from '../logic/run-state.ts';

export interface OutputEntry {
  key: string;
  state: 'working' | 'ready' | 'failed';
  assembled?: Assembled;
  error?: string;
}

interface OutputsState {
  entries: Record<string, OutputEntry>;
  /** Assembles `slot`'s outputs for this run and these options, unless they are already there. */
  request(slot: string, run: Run, options: OptionsObject, filename: string): void;
}

const controllers = new Map<string, AbortController>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** The assembled outputs depend on the page run and the document-level options only. */
export function outputKey(run: Run, options: OptionsObject): string {
  const docLevel: OptionsObject = {};
  for (const k of DOCUMENT_LEVEL_KEYS) if (k in options) docLevel[k] = options[k];
  return `${run.startedAt}|${stableJson(docLevel)}`;
}

export const useOutputs = create<OutputsState>((set, get) => ({
  entries: {},
  request(slot, run, options, filename) {
    const key = outputKey(run, options);
    if (get().entries[slot]?.key === key) return;
    controllers.get(slot)?.abort();
    clearTimeout(timers.get(slot));
    set((s) => ({ entries: { ...s.entries, [slot]: { key, state: 'working', assembled: s.entries[slot]?.assembled } } }));
    // A short pause, so that dragging the threshold slider does not start a worker per pixel.
    timers.set(
      slot,
      setTimeout(() => {
        const controller = new AbortController();
        controllers.set(slot, controller);
        const elements = keptElements(run.candidates, thresholdOf(options));
        assembleInWorker(elements, options, filename, controller.signal).then(
          (assembled) => {
            const ok = assembled.response.status_code === 200;
            set((s) => ({ entries: { ...s.entries, [slot]: { key, state: ok ? 'ready' : 'failed', assembled, error: assembled.response.error } } }));
          },
          (err: unknown) => {
            if (err instanceof CancelledError) return; // a newer request took over this slot
            set((s) => ({ entries: { ...s.entries, [slot]: { key, state: 'failed', error: err instanceof Error ? err.message : String(err) } } }));
          },
        );
      }, 120),
    );
  },
}));
