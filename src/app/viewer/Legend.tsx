import type { ElementType } from '../../core/contract/types.ts';
import { countByType, LEGEND_TYPES, TYPE_COLOURS } from '../logic/element-style.ts';
import { useView } from '../stores/view-store.ts';

/** One toggle per element type present (colour swatch and count); hidden types get no boxes. */
export function Legend({ elements }: { elements: ReadonlyArray<{ type: ElementType }> }) {
  const hidden = useView((s) => s.hidden);
  const toggle = useView((s) => s.toggleType);
  const counts = countByType(elements);
  const present = LEGEND_TYPES.filter((t) => counts.has(t));
  // Always there (empty before a run), so that the pages do not move down when results arrive.
  return (
    <div className="legend" role="group" aria-label="Element types shown">
      {present.length === 0 && <span className="hint">Element types and their colours appear here as pages are partitioned.</span>}
      {present.map((t) => (
        <button
          type="button"
          key={t}
          className="legend-item"
          aria-pressed={!hidden.has(t)}
          onClick={() => toggle(t)}
          title={hidden.has(t) ? `Show ${t} boxes` : `Hide ${t} boxes`}
        >
          <span className="swatch" style={{ background: TYPE_COLOURS[t] }} aria-hidden="true" />
          {t} <span className="count">{counts.get(t)}</span>
        </button>
      ))}
    </div>
  );
}
