// The DocSet browser: stored DocSets and their documents (GET /v1/storage/docsets...), delete, the
// retention setting, and "Open" — the stored original file goes straight to the app's queue/viewer.
import { useCallback, useEffect, useState } from 'react';
import type { DocRecord, DocSetRecord } from '../../service/stores.ts';
import { api } from '../tasks/service-worker.ts';

export function DocSetBrowser({ ready, onOpen }: { ready: boolean; onOpen: (file: File) => void }) {
  const [sets, setSets] = useState<DocSetRecord[]>([]);
  const [docs, setDocs] = useState<Record<string, DocRecord[]>>({});
  const [retention, setRetention] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const items = (await api<{ items: DocSetRecord[] }>('/v1/storage/docsets')).items;
      setSets(items);
      const all: Record<string, DocRecord[]> = {};
      for (const s of items) all[s.docset_id] = (await api<{ items: DocRecord[] }>(`/v1/storage/docsets/${encodeURIComponent(s.docset_id)}/docs`)).items;
      setDocs(all);
      setRetention((await api<{ retention: boolean }>('/v1/storage/settings')).retention);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);

  useEffect(() => {
    if (ready) void refresh();
  }, [ready, refresh]);

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      setError((err as Error).message);
    }
    await refresh();
  };

  const open = (d: DocRecord) =>
    act(async () => {
      const res = await fetch(`/v1/storage/docsets/${encodeURIComponent(d.docset_id)}/docs/${encodeURIComponent(d.doc_id)}/original`);
      if (!res.ok) throw new Error(`cannot read ${d.name}: HTTP ${res.status}`);
      onOpen(new File([await res.blob()], d.name, { type: d.content_type }));
    });

  if (!ready) return null;
  return (
    <section aria-labelledby="docsets-title" className="service-docsets">
      <div className="section-head">
        <h2 id="docsets-title">DocSets</h2>
        <button type="button" className="link" onClick={() => void refresh()}>
          Refresh
        </button>
      </div>
      {error && <p role="alert">{error}</p>}
      {retention !== null && (
        <label>
          <input
            type="checkbox"
            checked={retention}
            onChange={(e) => void act(() => api('/v1/storage/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ retention: e.target.checked }) }))}
          />{' '}
          Keep parsed documents (default DocSet)
        </label>
      )}
      {sets.length === 0 && <p className="muted">No stored documents yet.</p>}
      {sets.map((s) => (
        <details key={s.docset_id} data-testid="docset">
          <summary>
            {s.name} ({docs[s.docset_id]?.length ?? 0} documents, {Math.round(s.size / 1024)} KB){' '}
            <button type="button" className="link" onClick={() => void act(() => api(`/v1/storage/docsets/${encodeURIComponent(s.docset_id)}`, { method: 'DELETE' }))}>
              Delete
            </button>
          </summary>
          <ul>
            {(docs[s.docset_id] ?? []).map((d) => (
              <li key={d.doc_id}>
                {d.name} <span className="muted">{new Date(d.created_at).toLocaleString()}</span>{' '}
                <button type="button" onClick={() => void open(d)}>
                  Open
                </button>{' '}
                <button type="button" className="link" onClick={() => void act(() => api(`/v1/storage/docsets/${encodeURIComponent(d.docset_id)}/docs/${encodeURIComponent(d.doc_id)}`, { method: 'DELETE' }))}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
