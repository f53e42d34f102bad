import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Element } from '../../core/contract/types.ts';
import { useView, type ElementRef } from '../stores/view-store.ts';
import { BoxLayer } from './BoxLayer.tsx';
import type { DocumentSource, PageSize } from './document-source.ts';
import { PageCanvas } from './PageCanvas.tsx';

const GAP = 12;
const PAD = 16;
/** Pages this far (in viewport heights) above or below the view are drawn ahead of time. */
const OVERSCAN = 1;

interface Props {
  source: Extract<DocumentSource, { kind: 'pdf' | 'image' }>;
  set: ElementRef['set'];
  /** Kept elements per page, with their candidate index. */
  byPage: Map<number, Array<{ element: Element; index: number }>>;
  /** Pages the run processes (others are shown dimmed once a run exists). */
  processed?: ReadonlySet<number>;
  label: string;
}

/**
 * The document's pages, one under another. Every page keeps its final size from the start (no
 * layout shift when results arrive); only the pages near the view are drawn (virtualised).
 */
export function PageViewer({ source, set, byPage, processed, label }: Props) {
  const zoom = useView((s) => s.zoom);
  const selected = useView((s) => s.selected);
  const revealNonce = useView((s) => s.revealNonce);
  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ width: 800, height: 600, top: 0 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight, top: el.scrollTop });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);

  const sizes: PageSize[] = source.sizes;
  const maxWidth = Math.max(...sizes.map((s) => s.width));
  const scale = zoom === 'fit' ? Math.max(0.1, (viewport.width - 2 * PAD) / maxWidth) : zoom;
  const offsets = useMemo(() => {
    const out: number[] = [];
    let y = PAD;
    for (const s of sizes) {
      out.push(y);
      y += s.height * scale + GAP;
    }
    return out;
  }, [sizes, scale]);

  // Scroll to an element selected in the outputs.
  useEffect(() => {
    if (!selected || selected.set !== set || revealNonce === 0) return;
    for (const [page, list] of byPage) {
      const hit = list.find((x) => x.index === selected.index);
      if (!hit) continue;
      const top = offsets[page - 1]! + hit.element.bbox[1] * sizes[page - 1]!.height * scale;
      scroller.current?.scrollTo({ top: Math.max(0, top - 80), behavior: 'auto' });
      return;
    }
    // Only when the request to reveal changes, not on every stream update.
  }, [revealNonce]);

  const from = viewport.top - OVERSCAN * viewport.height;
  const to = viewport.top + (1 + OVERSCAN) * viewport.height;

  return (
    <div className="viewer-scroll" ref={scroller} tabIndex={0} aria-label={label} data-testid={`viewer-${set}`}>
      <div className="pages" style={{ paddingTop: PAD, paddingBottom: PAD }}>
        {sizes.map((size, i) => {
          const n = i + 1;
          const top = offsets[i]!;
          const h = size.height * scale;
          const near = top + h >= from && top <= to;
          const dim = processed !== undefined && !processed.has(n);
          return (
            <div
              key={n}
              className={dim ? 'page dim' : 'page'}
              style={{ width: size.width * scale, height: h, marginBottom: GAP }}
              data-page={n}
              aria-label={`Page ${n}`}
              role="group"
            >
              {near && source.kind === 'pdf' && <PageCanvas doc={source.doc} pageNumber={n} scale={scale} />}
              {near && source.kind === 'image' && <img className="page-canvas" src={source.url} alt="" />}
              {near && <BoxLayer set={set} elements={byPage.get(n) ?? []} />}
              <span className="page-number" aria-hidden="true">
                {n}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
