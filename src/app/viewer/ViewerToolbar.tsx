import { useView, ZOOM_STEPS } from '../stores/view-store.ts';

/** Zoom, fit width, reading order and table cells. */
export function ViewerToolbar({ basis }: { basis: number }) {
  const { zoom, setZoom, showOrder, setShowOrder, showCells, setShowCells } = useView();
  const current = zoom === 'fit' ? basis : zoom;
  const step = (dir: 1 | -1) => {
    const next = dir > 0 ? ZOOM_STEPS.find((z) => z > current + 0.01) : [...ZOOM_STEPS].reverse().find((z) => z < current - 0.01);
    if (next !== undefined) setZoom(next);
  };
  return (
    <div className="viewer-toolbar" role="toolbar" aria-label="Page view">
      <button type="button" onClick={() => step(-1)} aria-label="Zoom out">
        −
      </button>
      <span className="zoom-value" aria-live="polite">
        {zoom === 'fit' ? 'fit' : `${Math.round(zoom * 100)}%`}
      </span>
      <button type="button" onClick={() => step(1)} aria-label="Zoom in">
        +
      </button>
      <button type="button" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
        Fit width
      </button>
      <label className="check">
        <input type="checkbox" checked={showOrder} onChange={(e) => setShowOrder(e.target.checked)} /> Reading order
      </label>
      <label className="check">
        <input type="checkbox" checked={showCells} onChange={(e) => setShowCells(e.target.checked)} /> Table cells
      </label>
    </div>
  );
}
