// associate_captions: each Image gets the nearest matching Caption of its page — one directly
// above or below it, in the same column, preferring captions that name a figure ("Figure 3",
// "Fig. 2") and never one that names a table. Each caption goes to one image at most.
import type { Element } from '../contract/types.ts';

const FIGURE = /^\s*(fig(ure)?|image|picture|photo|chart|graph|plate|illustration|abb(ildung)?)\.?\s*[\dIVXivx]/i;
const NOT_FIGURE = /^\s*(tab(le)?|tabelle)\.?\s*[\dIVXivx]/i;

/** Largest vertical gap, as a fraction of page height, between an image and its caption. */
const MAX_GAP = 0.08;

function horizontalOverlap(a: Element['bbox'], b: Element['bbox']): number {
  const inter = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  return inter / Math.max(1e-9, Math.min(a[2] - a[0], b[2] - b[0]));
}

/** How far the caption is from the image (lower is better), or null when it cannot be its caption. */
function distance(image: Element, caption: Element): number | null {
  const text = caption.text_representation;
  if (NOT_FIGURE.test(text)) return null;
  // Same column: the narrower of the two lies mostly within the other's horizontal extent.
  if (horizontalOverlap(image.bbox, caption.bbox) < 0.5) return null;
  const below = caption.bbox[1] - image.bbox[3];
  const above = image.bbox[1] - caption.bbox[3];
  const gap = below >= -0.01 ? Math.max(0, below) : above >= -0.01 ? Math.max(0, above) : null;
  if (gap === null || gap > MAX_GAP) return null;
  // Captions below the figure are the common case; a "Figure n" label is a strong sign.
  return gap + (below >= -0.01 ? 0 : 0.01) - (FIGURE.test(text) ? 0.05 : 0);
}

export function captionOf(caption: Element): Record<string, unknown> {
  return {
    type: 'Caption',
    bbox: caption.bbox,
    properties: caption.properties,
    text_representation: caption.text_representation,
  };
}

/** The page's elements with `properties.caption` set on each image that has a caption. */
export function associateCaptions(elements: readonly Element[]): Element[] {
  const pairs: Array<{ image: number; caption: number; d: number }> = [];
  elements.forEach((img, i) => {
    if (img.type !== 'Image') return;
    elements.forEach((cap, j) => {
      if (cap.type !== 'Caption' || cap.properties.page_number !== img.properties.page_number) return;
      const d = distance(img, cap);
      if (d !== null) pairs.push({ image: i, caption: j, d });
    });
  });
  pairs.sort((a, b) => a.d - b.d);
  const usedImages = new Set<number>();
  const usedCaptions = new Set<number>();
  const out = [...elements];
  for (const p of pairs) {
    if (usedImages.has(p.image) || usedCaptions.has(p.caption)) continue;
    usedImages.add(p.image);
    usedCaptions.add(p.caption);
    const img = out[p.image]!;
    out[p.image] = { ...img, properties: { ...img.properties, caption: captionOf(elements[p.caption]!) } };
  }
  return out;
}
