import { useEffect, useState } from 'react';
import { pageRunKey } from '../logic/run-plan.ts';
import type { Run } from '../logic/run-state.ts';
import { useOptionsView } from '../stores/options-store.ts';
import { useQueue, useSelectedItem } from '../stores/queue-store.ts';
import { useKept } from '../viewer/use-kept.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function useElapsed(run: Run | undefined): number {
  const [now, setNow] = useState(() => performance.now());
  const running = run?.phase === 'running';
  useEffect(() => {
    if (!running) return;
    setNow(performance.now());
    const t = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(t);
  }, [running]);
  if (!run) return 0;
  return Math.max(0, (run.endedAt ?? (running ? now : run.startedAt)) - run.startedAt);
}

/** Partition / Cancel, the progress of the selected file's run, and what came of it. */
export function RunBar() {
  const { items, busy, runAll, cancel } = useQueue();
  const item = useSelectedItem();
  const run = item?.runs.A;
  const kept = useKept(run, 'A');
  const elapsed = useElapsed(run);
  const options = useOptionsView('A');
  const stale = run !== undefined && run.phase === 'done' && options.object !== undefined && pageRunKey(options.object) !== run.pageKey;
  const pending = items.filter((it) => it.runs.A === undefined && it.id !== item?.id).length;

  const tablesOnly = run?.kind === 'tables';
  const tableMode = String(run?.options['table_mode'] ?? 'standard');
  let state = '';
  if (run?.phase === 'running') state = tablesOnly ? `Re-running table structure only (table_mode ${tableMode})…` : `Working… ${run.pagesDone}/${run.pages.length || '?'} pages · ${seconds(elapsed)}`;
  if (run?.phase === 'done') state = `Done: ${kept.list.length} elements from ${run.pages.length} pages${tablesOnly ? ` · table structure only (table_mode ${tableMode}, ${seconds(elapsed)})` : ''}`;
  if (run?.phase === 'cancelled') state = `Cancelled after ${run.pagesDone} of ${run.pages.length || '?'} pages`;
  if (run?.phase === 'failed') state = `Failed: ${run.error ?? 'unknown error'}`;

  return (
    <div className="run-bar">
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={() => void runAll()}
          disabled={!item || busy || !options.valid}
          title={!options.valid ? 'Fix the options first' : undefined}
        >
          Partition{pending > 0 ? ` (+${pending} queued)` : ''}
        </button>
        <button type="button" onClick={cancel} disabled={!busy}>
          Cancel
        </button>
      </div>
      <div className="progress-line">
        <progress aria-label="Pages done" max={run?.pages.length || 1} value={run?.phase === 'running' || run?.phase === 'done' ? run.pagesDone : 0} />
        <span className="elapsed">{run ? seconds(elapsed) : ''}</span>
      </div>
      <p role="status" data-testid="run-state" className={`run-state ${run?.phase ?? ''}`}>
        {state}
      </p>
      {run?.note && (
        <p className="hint" data-testid="run-note">
          {run.note}
        </p>
      )}
      {stale && <p className="hint">Options changed since this run: press Partition to see their effect (the threshold applies at once).</p>}
    </div>
  );
}
