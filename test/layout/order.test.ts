// Reading order (src/core/layout/order.ts) on hand-placed boxes.
import { describe, expect, it } from 'vitest';
import { readingOrder } from '../../src/core/layout/order.ts';

type Box = { id: string; rect: { x0: number; y0: number; x1: number; y1: number } };
const box = (id: string, x0: number, y0: number, x1: number, y1: number): Box => ({ id, rect: { x0, y0, x1, y1 } });
const read = (items: Box[]): string[] => readingOrder(items, { rtl: false, isHeader: () => false, isFooter: () => false }).map((b) => b.id);

describe('reading order', () => {
  it('a centred line over headings set left is read before them, not as a column beside them', () => {
    // A specification's title page: group, author, the author's address centred; then the first
    // section's headings at the left margin, and its text.
    const page = [
      box('group', 134, 117, 508, 134),
      box('author', 254, 169, 389, 187),
      box('address', 263, 198, 378, 210),
      box('1. Introduction', 70, 253, 186, 270),
      box('1.1 Version', 117, 297, 195, 312),
      box('text', 117, 336, 502, 345),
    ];
    expect(read(page)).toEqual(['group', 'author', 'address', '1. Introduction', '1.1 Version', 'text']);
  });

  it('a title centred over a row of authors is read before them', () => {
    // zoo's quick reference (a JSS-style vignette): three authors, each over an affiliation.
    const page = [
      box('title', 216, 107, 387, 124),
      box('Shah', 127, 155, 188, 166),
      box('Zeileis', 264, 155, 343, 166),
      box('Grothendieck', 388, 155, 509, 166),
      box('NIPFP', 92, 169, 224, 193),
      box('Innsbruck', 251, 169, 355, 180),
      box('GKX', 399, 169, 498, 180),
      box('abstract text', 108, 249, 495, 307),
    ];
    const order = read(page);
    expect(order[0]).toBe('title');
    expect(order.indexOf('Shah')).toBeLessThan(order.indexOf('NIPFP'));
    expect(order.at(-1)).toBe('abstract text');
  });

  it('two columns under a full-width heading are read column by column, paragraph gaps and all', () => {
    const page = [
      box('heading', 50, 60, 550, 80),
      box('left 1', 50, 100, 290, 200),
      box('right 1', 310, 100, 550, 180),
      box('right 2', 310, 190, 550, 300),
      box('left 2', 50, 210, 290, 300),
    ];
    expect(read(page)).toEqual(['heading', 'left 1', 'left 2', 'right 1', 'right 2']);
  });
});
