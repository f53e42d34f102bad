// The app's state: the chosen file, the options text, and the current run. Runs go to the engine's
// Web Worker (src/worker/client.ts); page results stream in as events.
import { create } from 'zustand';
import type { Element, PartitionResponse } from '../core/contract/types.ts';
import { parseOptions } from '../core/contract/index.ts';
import { CancelledError, partitionInWorker } from '../worker/client.ts';

export type RunState = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

interface AppState {
  file: File | null;
  optionsText: string;
  password: string;
  state: RunState;
  pagesDone: number;
  pagesTotal: number;
  startedAt: number;
  elements: Element[];
  response: PartitionResponse | null;
  failure: string | null;
  controller: AbortController | null;
  setFile(file: File | null): void;
  setOptionsText(text: string): void;
  setPassword(password: string): void;
  run(): Promise<void>;
  cancel(): void;
}

const OPTIONS_KEY = 'tessera.options';

export function optionsProblems(text: string): string[] {
  if (text.trim() === '') return [];
  const parsed = parseOptions(text);
  return parsed.ok ? [] : parsed.problems.map((p) => `${p.path}: ${p.message}`);
}

export const useApp = create<AppState>((set, get) => ({
  file: null,
  optionsText: localStorage.getItem(OPTIONS_KEY) ?? '{}',
  password: '',
  state: 'idle',
  pagesDone: 0,
  pagesTotal: 0,
  startedAt: 0,
  elements: [],
  response: null,
  failure: null,
  controller: null,
  setFile: (file) => set({ file, elements: [], response: null, state: 'idle', failure: null }),
  setOptionsText: (optionsText) => {
    localStorage.setItem(OPTIONS_KEY, optionsText);
    set({ optionsText });
  },
  setPassword: (password) => set({ password }),
  async run() {
    const { file, optionsText, password } = get();
    if (!file) return;
    get().controller?.abort();
    const controller = new AbortController();
    set({ state: 'running', controller, elements: [], response: null, failure: null, pagesDone: 0, pagesTotal: 0, startedAt: performance.now() });
    try {
      const response = await partitionInWorker(await file.arrayBuffer(), {
        options: optionsText.trim() === '' ? {} : optionsText,
        password: password || undefined,
        filename: file.name,
        signal: controller.signal,
        onEvent: (event) => {
          if (event.kind === 'start') set({ pagesTotal: event.pages.length });
          if (event.kind === 'page') set((s) => ({ pagesDone: event.done, elements: [...s.elements, ...event.elements] }));
        },
      });
      set({ response, state: response.status_code === 200 ? 'done' : 'failed', failure: response.error ?? null });
    } catch (err) {
      if (err instanceof CancelledError) set({ state: 'cancelled' });
      else set({ state: 'failed', failure: (err as Error).message });
    } finally {
      if (get().controller === controller) set({ controller: null });
    }
  },
  cancel() {
    get().controller?.abort();
  },
}));
