// The files the user gave, in order, and their runs. "Partition" runs the selected file and then
// every file not run yet, one at a time; "Cancel" stops everything at once (every worker terminated).
import { create } from 'zustand';
import type { PartitionEvent } from '../../core/partition.ts';
import { CancelledError, partitionInWorker } from '../../worker/client.ts';
import { readOptionsText } from '../logic/options-path.ts';
import { candidateRunOptions, passwordProblem } from '../logic/run-plan.ts';
import { onEvent, onResult, onStopped, startRun, type Run } from '../logic/run-state.ts';
import { useOptions, type OptionSet } from './options-store.ts';

export interface QueueItem {
  id: number;
  file: File;
  password?: string;
  /** The engine asked for a password (or said it was wrong): the prompt is open for this file. */
  locked?: 'required' | 'wrong';
  runs: Partial<Record<OptionSet, Run>>;
}

interface QueueState {
  items: QueueItem[];
  selectedId: number | null;
  busy: boolean;
  /** Compare mode: runs use option sets A and B side by side. */
  compare: boolean;
  add(files: File[]): void;
  remove(id: number): void;
  select(id: number): void;
  setCompare(on: boolean): void;
  /** The selected file (again), then every file not run yet. */
  runAll(): Promise<void>;
  /** One file again (after a table mode change, or a password). */
  rerun(id: number): Promise<void>;
  submitPassword(id: number, password: string): Promise<void>;
  dismissPassword(id: number): void;
  cancel(): void;
}

let nextId = 1;
let controller: AbortController | null = null;

export const useQueue = create<QueueState>((set, get) => {
  const patch = (id: number, f: (item: QueueItem) => QueueItem) => set((s) => ({ items: s.items.map((it) => (it.id === id ? f(it) : it)) }));
  const patchRun = (id: number, which: OptionSet, f: (run: Run) => Run) =>
    patch(id, (it) => {
      const run = it.runs[which];
      const next = run && f(run);
      return next && next !== run ? { ...it, runs: { ...it.runs, [which]: next } } : it;
    });

  async function runOne(item: QueueItem, which: OptionSet, signal: AbortSignal): Promise<void> {
    const options = readOptionsText(useOptions.getState().text[which]) ?? {};
    const run = startRun(options, performance.now());
    patch(item.id, (it) => ({ ...it, locked: undefined, runs: { ...it.runs, [which]: run } }));
    // Events are applied in batches (a few per second at most), so that a fast engine streaming
    // hundreds of pages does not re-render the page once per event.
    let pending: PartitionEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const batch = pending;
      pending = [];
      if (batch.length > 0) patchRun(item.id, which, (r) => batch.reduce(onEvent, r));
    };
    try {
      const response = await partitionInWorker(await item.file.arrayBuffer(), {
        options: candidateRunOptions(options),
        password: item.password,
        filename: item.file.name,
        signal,
        onEvent: (event) => {
          pending.push(event);
          timer ??= setTimeout(flush, 80);
        },
      });
      flush();
      patchRun(item.id, which, (r) => onResult(r, response, performance.now()));
      const locked = response.status_code === 200 ? undefined : passwordProblem(response.error);
      if (locked) patch(item.id, (it) => ({ ...it, locked }));
    } catch (err) {
      flush();
      if (err instanceof CancelledError) patchRun(item.id, which, (r) => onStopped(r, performance.now()));
      else patchRun(item.id, which, (r) => onStopped(r, performance.now(), err instanceof Error ? err.message : String(err)));
    }
  }

  async function runItems(ids: number[]): Promise<void> {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    set({ busy: true });
    try {
      for (const id of ids) {
        if (mine.signal.aborted) break;
        const item = get().items.find((it) => it.id === id);
        if (!item) continue;
        const sets: OptionSet[] = get().compare && id === get().selectedId ? ['A', 'B'] : ['A'];
        await Promise.all(sets.map((w) => runOne(item, w, mine.signal)));
      }
    } finally {
      if (controller === mine) {
        controller = null;
        set({ busy: false });
      }
    }
  }

  return {
    items: [],
    selectedId: null,
    busy: false,
    compare: false,
    add(files) {
      if (files.length === 0) return;
      const added = files.map((file) => ({ id: nextId++, file, runs: {} }));
      set((s) => ({ items: [...s.items, ...added], selectedId: s.busy && s.selectedId !== null ? s.selectedId : added[0]!.id }));
    },
    remove(id) {
      set((s) => {
        const items = s.items.filter((it) => it.id !== id);
        return { items, selectedId: s.selectedId === id ? (items[0]?.id ?? null) : s.selectedId };
      });
    },
    select: (id) => set({ selectedId: id }),
    setCompare: (compare) => set({ compare }),
    runAll() {
      const { items, selectedId } = get();
      const ids = items.filter((it) => it.id === selectedId || it.runs.A === undefined).map((it) => it.id);
      ids.sort((a, b) => (a === selectedId ? -1 : b === selectedId ? 1 : 0));
      return runItems(ids);
    },
    rerun: (id) => runItems([id]),
    submitPassword(id, password) {
      patch(id, (it) => ({ ...it, password, locked: undefined }));
      return runItems([id]);
    },
    dismissPassword: (id) => patch(id, (it) => ({ ...it, locked: undefined })),
    cancel() {
      controller?.abort();
    },
  };
});

export const useSelectedItem = (): QueueItem | undefined => useQueue((s) => s.items.find((it) => it.id === s.selectedId));
