import { useEffect, useRef, useState } from 'react';
import type { Element } from '../../core/contract/types.ts';
import { TYPE_COLOURS } from '../logic/element-style.ts';
import { useView } from '../stores/view-store.ts';

const PAGE = 300;

/** The kept elements, in order; a click selects the element's box in the viewer (and scrolls to it). */
export function ElementList({ list }: { list: ReadonlyArray<{ element: Element; index: number }> }) {
  const selected = useView((s) => s.selected);
  const select = useView((s) => s.select);
  const ref = useRef<HTMLOListElement>(null);
  // Long documents: the first rows at once, more on request (thousands of rows would slow every update).
  const [limit, setLimit] = useState(PAGE);
  const selectedAt = selected?.set === 'A' ? list.findIndex((x) => x.index === selected.index) : -1;
  const shown = Math.max(limit, selectedAt + 1);
  useEffect(() => {
    if (selected?.set !== 'A') return;
    ref.current?.querySelector(`[data-index="${selected.index}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  if (list.length === 0) return <p className="placeholder">No elements yet.</p>;
  return (
    <>
    <ol className="elements" data-testid="elements" ref={ref}>
      {list.slice(0, shown).map(({ element: e, index }) => {
        const isSelected = selected?.set === 'A' && selected.index === index;
        return (
          <li key={index} className={`element type-${e.type}`}>
            <button type="button" data-index={index} aria-pressed={isSelected} className={isSelected ? 'element-row selected' : 'element-row'} onClick={() => select(isSelected ? null : { set: 'A', index }, true)}>
              <span className="type" style={{ borderColor: TYPE_COLOURS[e.type] }}>
                {e.type}
              </span>{' '}
              <span className="page">p.{e.properties.page_number}</span> <span className="score">{e.properties.score.toFixed(2)}</span>
              <span className="text">{e.text_representation}</span>
            </button>
          </li>
        );
      })}
    </ol>
      {shown < list.length && (
        <button type="button" className="more" onClick={() => setLimit(shown + PAGE)}>
          Show {Math.min(PAGE, list.length - shown)} more of {list.length - shown}
        </button>
      )}
    </>
  );
}
