// Figures of a born-digital page: image placements (tiles merged) and dense clusters of vector
// drawing (charts, diagrams). Ruled tables (only thin axis-aligned strokes), page backgrounds and
// lone rules are not figures.
import { rectArea, unionRects } from '../geometry.ts';
import type { PageContent, Rect, VectorPath } from '../pdf/types.ts';

export interface Figure {
  rect: Rect;
  /** How sure we are that this is a picture: placements more than vector clusters. */
  score: number;
  source: 'image' | 'vector';
  /** A vector cluster of nothing but shaded boxes filling its whole extent (cells of a shaded
   * frame), which is a picture only when no text sits on it. */
  shadedBoxes?: boolean;
}

/** The share of `rect` that the filled paths cover, sampled on a grid. */
function fillCover(rect: Rect, paths: readonly VectorPath[]): number {
  const fills = paths.filter((p) => p.filled);
  const n = 24;
  let hit = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = rect.x0 + ((i + 0.5) * (rect.x1 - rect.x0)) / n;
      const y = rect.y0 + ((j + 0.5) * (rect.y1 - rect.y0)) / n;
      if (fills.some((p) => x >= p.rect.x0 && x <= p.rect.x1 && y >= p.rect.y0 && y <= p.rect.y1)) hit++;
    }
  return hit / (n * n);
}

const MIN_IMAGE_AREA = 0.003; // of the page: below, a picture is decoration (bullets, logos in lines)
const MIN_CLUSTER_AREA = 0.012;
const MIN_CLUSTER_PATHS = 6;
const CLUSTER_GAP = 6; // points between drawings of one figure
const MAX_PATHS = 4000; // beyond, a page is one big drawing; cluster the first ones only

function near(a: Rect, b: Rect, gap: number): boolean {
  return a.x0 - gap <= b.x1 && b.x0 - gap <= a.x1 && a.y0 - gap <= b.y1 && b.y0 - gap <= a.y1;
}

/** Union-find clustering of rects that touch within `gap`. */
function cluster<T extends { rect: Rect }>(items: T[], gap: number): T[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const order = items.map((_, i) => i).sort((a, b) => items[a]!.rect.x0 - items[b]!.rect.x0);
  for (let a = 0; a < order.length; a++) {
    const ra = items[order[a]!]!.rect;
    for (let b = a + 1; b < order.length; b++) {
      const rb = items[order[b]!]!.rect;
      if (rb.x0 - gap > ra.x1) break;
      if (near(ra, rb, gap)) parent[find(order[a]!)] = find(order[b]!);
    }
  }
  const groups = new Map<number, T[]>();
  items.forEach((item, i) => {
    const root = find(i);
    // Appended in place: copying the group for every member made one large drawing quadratic.
    const group = groups.get(root);
    if (group) group.push(item);
    else groups.set(root, [item]);
  });
  // Clusters whose boxes overlap after growing are merged once more (a legend beside its plot).
  return [...groups.values()];
}

function isThin(p: VectorPath): boolean {
  return Math.min(p.rect.x1 - p.rect.x0, p.rect.y1 - p.rect.y0) < 2.5;
}

export function findFigures(page: PageContent): Figure[] {
  const pageArea = page.width * page.height;
  const figures: Figure[] = [];

  const images = page.images.filter((im) => rectArea(im.rect) / pageArea >= MIN_IMAGE_AREA / 4);
  for (const group of cluster(images, 1)) {
    const rect = unionRects(group.map((g) => g.rect))!;
    if (rectArea(rect) / pageArea < MIN_IMAGE_AREA) continue;
    figures.push({ rect, score: 0.85, source: 'image' });
  }

  const paths = page.paths
    .filter((p) => {
      const a = rectArea(p.rect) / pageArea;
      if (a > 0.5) return false; // page background or frame
      const long = Math.max(p.rect.x1 - p.rect.x0, p.rect.y1 - p.rect.y0) > 0.6 * page.width;
      return !(isThin(p) && long); // full-width rules separate text, they are not drawings
    })
    .slice(0, MAX_PATHS);
  for (const group of cluster(paths, CLUSTER_GAP)) {
    if (group.length < MIN_CLUSTER_PATHS && !group.some((p) => p.kind === 'curve')) continue;
    const rect = unionRects(group.map((g) => g.rect))!;
    if (rectArea(rect) / pageArea < MIN_CLUSTER_AREA || rect.x1 - rect.x0 < 30 || rect.y1 - rect.y0 < 30) continue;
    const curves = group.filter((p) => p.kind === 'curve').length;
    const solid = group.filter((p) => !isThin(p) && p.filled).length;
    // Charts drawn with straight strokes only: slanted lines (data lines, hatching) and tick marks
    // (tiny strokes along an axis). Ruled tables have neither: long axis-aligned rules only.
    const slanted = group.filter((p) => p.kind === 'line' && !isThin(p)).length;
    // (Not the zero-size joins word processors draw at a frame's corners.)
    const ticks = group.filter((p) => isThin(p) && Math.max(p.rect.x1 - p.rect.x0, p.rect.y1 - p.rect.y0) < 6 && Math.max(p.rect.x1 - p.rect.x0, p.rect.y1 - p.rect.y0) >= 1.5).length;
    const drawn = slanted >= 3 || ticks >= 8;
    // Ruled tables and boxes: thin axis-aligned strokes only, or a few filled cells behind text.
    if (curves === 0 && solid < 3 && !drawn) continue;
    if (curves === 0 && !drawn && solid / group.length < 0.2 && group.length > 20) continue;
    if (figures.some((f) => near(f.rect, rect, 0) && rectArea(rect) <= rectArea(f.rect) * 1.2)) continue;
    const shadedBoxes = curves === 0 && !drawn && group.every((p) => p.kind !== 'curve') && fillCover(rect, group) > 0.9;
    figures.push({ rect, score: curves > 2 || drawn ? 0.75 : 0.6, source: 'vector', ...(shadedBoxes ? { shadedBoxes } : {}) });
  }
  return figures;
}
