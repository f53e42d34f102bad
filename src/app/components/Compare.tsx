import { countByType, LEGEND_TYPES } from '../logic/element-style.ts';
import { useQueue, useSelectedItem } from '../stores/queue-store.ts';
import { useKept } from '../viewer/use-kept.ts';
import { OptionsJson } from './OptionsJson.tsx';

/** Side-by-side compare: a second option set (B), run with A on the selected file. */
export function Compare() {
  const compare = useQueue((s) => s.compare);
  const setCompare = useQueue((s) => s.setCompare);
  const busy = useQueue((s) => s.busy);
  const item = useSelectedItem();
  const a = useKept(item?.runs.A, 'A');
  const b = useKept(item?.runs.B, 'B');
  const ca = countByType(a.list.map((k) => k.element));
  const cb = countByType(b.list.map((k) => k.element));
  const types = LEGEND_TYPES.filter((t) => ca.has(t) || cb.has(t));
  return (
    <div className="compare-panel">
      <label className="check">
        <input type="checkbox" checked={compare} disabled={busy} onChange={(e) => setCompare(e.target.checked)} /> Compare with a second option set (B)
      </label>
      {compare && (
        <>
          <OptionsJson set="B" label="Option set B (JSON)" />
          <p className="hint">Partition runs A and B on the selected file; the viewer shows them side by side.</p>
          {types.length > 0 && (
            <table className="compare-table">
              <caption>Elements per type</caption>
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">A</th>
                  <th scope="col">B</th>
                </tr>
              </thead>
              <tbody>
                {types.map((t) => (
                  <tr key={t}>
                    <th scope="row">{t}</th>
                    <td>{ca.get(t) ?? 0}</td>
                    <td>{cb.get(t) ?? 0}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">All</th>
                  <td>{a.list.length}</td>
                  <td>{b.list.length}</td>
                </tr>
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
