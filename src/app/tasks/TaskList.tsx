// The in-browser service's async tasks (GET /v1/async/list): their state, cancel while queued or
// running, and the result of a finished one. Tasks live in IndexedDB, so they survive a reload.
import { useCallback, useEffect, useState } from 'react';
import { api } from './service-worker.ts';

type Tasks = Record<string, { action: string; task_status: string }>;

export function TaskList({ ready }: { ready: boolean }) {
  const [tasks, setTasks] = useState<Tasks>({});
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ id: string; text: string } | null>(null);

  const refresh = useCallback(async () => {
    try {
      setTasks((await api<{ tasks: Tasks }>('/v1/async/list')).tasks);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

  useEffect(() => {
    if (!ready) return;
    void refresh();
    const timer = setInterval(() => void refresh(), 2000);
    return () => clearInterval(timer);
  }, [ready, refresh]);

  const cancel = async (id: string) => {
    try {
      await api(`/v1/async/cancel/${encodeURIComponent(id)}`, { method: 'POST' });
    } catch (err) {
      setError((err as Error).message);
    }
    await refresh();
  };
  const open = async (id: string) => {
    const res = await fetch(`/v1/async/result/${encodeURIComponent(id)}`);
    setResult({ id, text: JSON.stringify(await res.json(), null, 2) });
  };

  const ids = Object.keys(tasks).reverse();
  return (
    <section aria-labelledby="tasks-title" className="service-tasks">
      <h2 id="tasks-title">Async tasks</h2>
      {error && <p role="alert">{error}</p>}
      {ids.length === 0 ? (
        <p className="muted">No tasks. Submit one with POST /v1/async/submit/document/partition.</p>
      ) : (
        <ul data-testid="task-list">
          {ids.map((id) => (
            <li key={id}>
              <code title={id}>{id.slice(0, 13)}</code> <span className="task-status">{tasks[id]!.task_status}</span>{' '}
              {(tasks[id]!.task_status === 'queue' || tasks[id]!.task_status === 'run') && (
                <button type="button" onClick={() => void cancel(id)}>
                  Cancel
                </button>
              )}
              {tasks[id]!.task_status !== 'queue' && tasks[id]!.task_status !== 'run' && (
                <button type="button" onClick={() => void open(id)}>
                  Result
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {result && (
        <details open>
          <summary>Result of {result.id}</summary>
          <pre className="task-result">{result.text}</pre>
        </details>
      )}
    </section>
  );
}
