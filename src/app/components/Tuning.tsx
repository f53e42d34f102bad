import { TABLE_MODES } from '../../core/contract/index.ts';
import { thresholdOf } from '../logic/run-plan.ts';
import { useOptions, useOptionsView } from '../stores/options-store.ts';
import { useQueue, useSelectedItem } from '../stores/queue-store.ts';

/**
 * Visual tuning: the threshold re-filters the candidates already found (no new run); the table mode
 * re-runs table structure alone over the last run's kept pages (no page read again, no OCR, no
 * layout), or the whole document when those pages are no longer kept (the run bar then says so).
 */
export function Tuning() {
  const options = useOptionsView('A');
  const setField = useOptions((s) => s.setField);
  const { busy, rerunTables } = useQueue();
  const item = useSelectedItem();
  const threshold = thresholdOf(options.object);
  const auto = threshold === 'auto';
  const tableMode = (options.object?.['table_mode'] as string | undefined) ?? 'standard';
  const disabled = options.object === undefined;

  return (
    <div className="tuning" role="group" aria-label="Tuning">
      <div className="threshold">
        <label className="check">
          <input type="checkbox" checked={auto} disabled={disabled} onChange={(e) => setField('A', 'threshold', e.target.checked ? undefined : 0.32)} /> auto
        </label>
        <label htmlFor="threshold-slider">Threshold</label>
        <input
          id="threshold-slider"
          type="range"
          min={0}
          max={1}
          step={0.01}
          disabled={disabled || auto}
          value={auto ? 0 : threshold}
          onChange={(e) => setField('A', 'threshold', Number(e.target.value))}
          aria-valuetext={auto ? 'auto' : threshold.toFixed(2)}
        />
        <output htmlFor="threshold-slider" className="threshold-value">
          {auto ? 'auto' : threshold.toFixed(2)}
        </output>
      </div>
      <div className="table-mode">
        <label htmlFor="table-mode-switch">Table mode</label>
        <select
          id="table-mode-switch"
          value={tableMode}
          disabled={disabled}
          onChange={(e) => {
            setField('A', 'table_mode', e.target.value === 'standard' ? undefined : e.target.value);
            if (item?.runs.A && !busy) void rerunTables(item.id);
          }}
          title="Changing the table mode re-runs table structure only (the pages are not read again)"
        >
          {TABLE_MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
