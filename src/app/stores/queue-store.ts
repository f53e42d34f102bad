// The files the user gave, in order, and their runs. "Partition" runs the selected file and then
// every file not run yet, one at a time; "Cancel" stops everything at once (every worker terminated).
// A table mode change re-runs table structure alone over the last run's kept pages when it can.
import { create } from 'zustand';
import type { PartitionEvent } from '../../core/partition.ts';
import { preferredEngine, useSettings } from './settings-store.ts';
import { CancelledError, KeptStateGoneError, partitionInWorker, releaseKept, restructureTablesInWorker } from '../../worker/client.ts';
import { readOptionsText } from '../logic/options-path.ts';
import { candidateRunOptions, passwordProblem, tableOnlyChange } from '../logic/run-plan.ts';
import { onEvent, onResult, onStopped, onTablesResult, onTablesStopped, startRun, startTablesRun, type Run } from '../logic/run-state.ts';
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
  /** One file again (after a password, or options the page run depends on). */
  rerun(id: number): Promise<void>;
  /**
   * After a table option change: table structure alone over option set A's last run of this file
   * (no page read again); the whole file again when only that can show the change.
   */
  rerunTables(id: number): Promise<void>;
  submitPassword(id: number, password: string): Promise<void>;
  dismissPassword(id: number): void;
  cancel(): void;
}

let nextId = 1;
let controller: AbortController | null = null;

/** The name a run is kept under by the engine client (its file, option set and start). */
const keptName = (id: number, which: OptionSet, run: Run): string => `${id}:${which}:${run.startedAt}`;
const GONE_NOTE = 'Table structure could not be re-run alone (the page data of this run is no longer kept), so the whole document ran again';

export const useQueue = create<QueueState>((set, get) => {
  const patch = (id: number, f: (item: QueueItem) => QueueItem) => set((s) => ({ items: s.items.map((it) => (it.id === id ? f(it) : it)) }));
  const patchRun = (id: number, which: OptionSet, f: (run: Run) => Run) =>
    patch(id, (it) => {
      const run = it.runs[which];
      const next = run && f(run);
      return next && next !== run ? { ...it, runs: { ...it.runs, [which]: next } } : it;
    });

  async function runOne(item: QueueItem, which: OptionSet, signal: AbortSignal, note?: string): Promise<void> {
    const options = readOptionsText(useOptions.getState().text[which]) ?? {};
    const run: Run = { ...startRun(options, performance.now()), ...(note ? { note } : {}) };
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
        keep: { slot: which, run: keptName(item.id, which, run) },
        ocrEngine: preferredEngine(useSettings.getState().ocrEngine),
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

  /** Table structure alone over set A's finished run; false when the kept pages are gone. */
  async function runTables(item: QueueItem, previous: Run, signal: AbortSignal): Promise<boolean> {
    const options = readOptionsText(useOptions.getState().text.A) ?? {};
    const run = startTablesRun(previous, options, performance.now());
    patch(item.id, (it) => ({ ...it, runs: { ...it.runs, A: run } }));
    try {
      const response = await restructureTablesInWorker({
        slot: 'A',
        run: keptName(item.id, 'A', previous),
        next: keptName(item.id, 'A', run),
        elements: previous.candidates,
        options: candidateRunOptions(options),
        signal,
        onEvent: (event) => patchRun(item.id, 'A', (r) => onEvent(r, event)),
      });
      patchRun(item.id, 'A', (r) => onTablesResult(r, response, performance.now()));
      return true;
    } catch (err) {
      if (err instanceof KeptStateGoneError) {
        patchRun(item.id, 'A', (r) => onTablesStopped(r, GONE_NOTE));
        return false;
      }
      const note = err instanceof CancelledError ? 'Table structure re-run cancelled: the tables are as before' : `Table structure re-run failed: ${err instanceof Error ? err.message : String(err)}`;
      patchRun(item.id, 'A', (r) => onTablesStopped(r, note));
      return true;
    }
  }

  /** One piece of work at a time: a new one cancels the one running. */
  async function exclusive(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    set({ busy: true });
    try {
      await work(mine.signal);
    } finally {
      if (controller === mine) {
        controller = null;
        set({ busy: false });
      }
    }
  }

  async function runFiles(ids: number[], signal: AbortSignal, note?: string): Promise<void> {
    for (const id of ids) {
      if (signal.aborted) break;
      const item = get().items.find((it) => it.id === id);
      if (!item) continue;
      const sets: OptionSet[] = get().compare && id === get().selectedId ? ['A', 'B'] : ['A'];
      await Promise.all(sets.map((w) => runOne(item, w, signal, w === 'A' ? note : undefined)));
    }
  }

  const runItems = (ids: number[]): Promise<void> => exclusive((signal) => runFiles(ids, signal));

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
      releaseKept((run) => run.startsWith(`${id}:`));
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
    rerunTables: (id) =>
      exclusive(async (signal) => {
        const item = get().items.find((it) => it.id === id);
        const previous = item?.runs.A;
        const options = readOptionsText(useOptions.getState().text.A) ?? {};
        if (!item || previous?.phase !== 'done' || !tableOnlyChange(previous.options, options)) return runFiles([id], signal);
        if (!(await runTables(item, previous, signal)) && !signal.aborted) await runFiles([id], signal, GONE_NOTE);
      }),
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
