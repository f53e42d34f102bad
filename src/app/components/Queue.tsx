import type { Run } from '../logic/run-state.ts';
import { useQueue } from '../stores/queue-store.ts';

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

function runLabel(run: Run | undefined): string {
  if (!run) return 'queued';
  if (run.phase === 'running') return `${run.pagesDone}/${run.pages.length || '?'} pages`;
  return run.phase;
}

/** The files given so far; the selected one is shown in the viewer. */
export function Queue() {
  const { items, selectedId, select, remove, busy } = useQueue();
  if (items.length === 0) return null;
  return (
    <ul className="queue" aria-label="Files">
      {items.map((it) => (
        <li key={it.id} className={it.id === selectedId ? 'selected' : undefined}>
          <button type="button" className="queue-name" aria-current={it.id === selectedId} onClick={() => select(it.id)}>
            <span className="name">{it.file.name}</span>
            <span className="meta">
              {kb(it.file.size)} · <span className={`phase ${it.runs.A?.phase ?? 'queued'}`}>{runLabel(it.runs.A)}</span>
            </span>
          </button>
          <button type="button" className="icon" aria-label={`Remove ${it.file.name}`} disabled={busy} onClick={() => remove(it.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
