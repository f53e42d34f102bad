import { useEffect, useRef } from 'react';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

/** One PDF page drawn by pdf.js at the given CSS scale, sharp on high-density screens. */
export function PageCanvas({ doc, pageNumber, scale }: { doc: PDFDocumentProxy; pageNumber: number; scale: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: RenderTask | undefined;
    let live = true;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      const canvas = ref.current;
      if (!live || !canvas) return;
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      const vp = page.getViewport({ scale: scale * dpr });
      canvas.width = Math.floor(vp.width);
      canvas.height = Math.floor(vp.height);
      task = page.render({ canvas, viewport: vp });
      try {
        await task.promise;
      } catch (err) {
        // A render cancelled because the page scrolled away or the zoom changed is expected.
        if (!(err instanceof Error && err.name === 'RenderingCancelledException')) console.error(`Page ${pageNumber} could not be drawn`, err);
      }
    })();
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, pageNumber, scale]);
  return <canvas ref={ref} className="page-canvas" aria-hidden="true" />;
}
