// How the results are looked at: zoom, which types are shown, reading order, the selected element,
// and the open output tab. Nothing here changes what the engine returns.
import { create } from 'zustand';
import type { ElementType } from '../../core/contract/types.ts';

export type Zoom = 'fit' | number;
export type OutputTab = 'elements' | 'json' | 'markdown' | 'html';

/** An element of a run's candidates: which option set's run, and its index among the candidates. */
export interface ElementRef {
  set: 'A' | 'B';
  index: number;
}

interface ViewState {
  zoom: Zoom;
  hidden: ReadonlySet<ElementType>;
  showOrder: boolean;
  showCells: boolean;
  selected: ElementRef | null;
  /** Bumped when the selection comes from the outputs, so the viewer scrolls to it. */
  revealNonce: number;
  tab: OutputTab;
  setZoom(zoom: Zoom): void;
  toggleType(type: ElementType): void;
  setShowOrder(on: boolean): void;
  setShowCells(on: boolean): void;
  select(ref: ElementRef | null, reveal?: boolean): void;
  setTab(tab: OutputTab): void;
}

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

export const useView = create<ViewState>((set) => ({
  zoom: 'fit',
  hidden: new Set(),
  showOrder: false,
  showCells: true,
  selected: null,
  revealNonce: 0,
  tab: 'elements',
  setZoom: (zoom) => set({ zoom }),
  toggleType: (type) =>
    set((s) => {
      const hidden = new Set(s.hidden);
      if (hidden.has(type)) hidden.delete(type);
      else hidden.add(type);
      return { hidden };
    }),
  setShowOrder: (showOrder) => set({ showOrder }),
  setShowCells: (showCells) => set({ showCells }),
  select: (selected, reveal = false) => set((s) => ({ selected, revealNonce: reveal ? s.revealNonce + 1 : s.revealNonce })),
  setTab: (tab) => set({ tab }),
}));
