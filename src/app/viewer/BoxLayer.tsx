import type { CSSProperties } from 'react';
import type { Element } from '../../core/contract/types.ts';
import { TYPE_COLOURS } from '../logic/element-style.ts';
import { useView, type ElementRef } from '../stores/view-store.ts';

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const boxStyle = (x1: number, y1: number, x2: number, y2: number): CSSProperties => ({
  left: pct(x1),
  top: pct(y1),
  width: pct(Math.max(0, x2 - x1)),
  height: pct(Math.max(0, y2 - y1)),
});

interface Props {
  set: ElementRef['set'];
  /** This page's kept elements, in reading order, with their candidate index. */
  elements: ReadonlyArray<{ element: Element; index: number }>;
}

/** The element boxes over one page: positioned in % of the page, so they follow any zoom. */
export function BoxLayer({ set, elements }: Props) {
  const hidden = useView((s) => s.hidden);
  const showOrder = useView((s) => s.showOrder);
  const showCells = useView((s) => s.showCells);
  const selected = useView((s) => s.selected);
  const select = useView((s) => s.select);
  return (
    <div className="box-layer">
      {elements.map(({ element: e, index }, order) => {
        if (hidden.has(e.type)) return null;
        const [x1, y1, x2, y2] = e.bbox;
        const isSelected = selected?.set === set && selected.index === index;
        const tip = `${e.type} · ${e.properties.score.toFixed(2)}`;
        return (
          <button
            type="button"
            key={index}
            className={isSelected ? 'box selected' : 'box'}
            style={{ ...boxStyle(x1, y1, x2, y2), '--c': TYPE_COLOURS[e.type] } as CSSProperties}
            data-tip={tip}
            data-type={e.type}
            aria-label={`${tip}: ${e.text_representation.slice(0, 80)}`}
            aria-pressed={isSelected}
            onClick={() => select(isSelected ? null : { set, index })}
          >
            {showCells &&
              e.table?.cells.map((c, i) => (
                <span
                  key={i}
                  className={c.is_header ? 'cell header' : 'cell'}
                  style={boxStyle((c.bbox.x1 - x1) / (x2 - x1), (c.bbox.y1 - y1) / (y2 - y1), (c.bbox.x2 - x1) / (x2 - x1), (c.bbox.y2 - y1) / (y2 - y1))}
                />
              ))}
            {showOrder && <span className="order">{order + 1}</span>}
          </button>
        );
      })}
    </div>
  );
}
