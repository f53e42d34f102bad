import { describe, expect, it } from 'vitest';
import { bboxIou, intersectRects, iou, normalize, normalizeRect, unionRects } from '../../src/core/geometry.ts';
import { isThin, styleFromFontName } from '../../src/core/pdf/index.ts';

describe('geometry', () => {
  it('normalises and clamps', () => {
    expect(normalizeRect({ x0: 10, y0: 20, x1: 110, y1: 220 }, 200, 400)).toEqual([0.05, 0.05, 0.55, 0.55]);
    expect(normalize({ x0: -5, y0: -5, x1: 300, y1: 500 }, 200, 400)).toEqual([0, 0, 1, 1]);
  });
  it('union, intersection, IoU', () => {
    const a = { x0: 0, y0: 0, x1: 10, y1: 10 };
    const b = { x0: 5, y0: 5, x1: 15, y1: 15 };
    expect(unionRects([a, b])).toEqual({ x0: 0, y0: 0, x1: 15, y1: 15 });
    expect(unionRects([])).toBeUndefined();
    expect(intersectRects(a, b)).toEqual({ x0: 5, y0: 5, x1: 10, y1: 10 });
    expect(intersectRects(a, { x0: 10, y0: 0, x1: 20, y1: 10 })).toBeNull();
    expect(iou(a, b)).toBeCloseTo(25 / 175);
    expect(bboxIou([0, 0, 0.5, 0.5], [0, 0, 0.5, 0.5])).toBe(1);
  });
});

describe('font styles from names', () => {
  it.each([
    ['ABCDEF+Times-Bold', true, false],
    ['Helvetica-BoldOblique', true, true],
    ['Arial-BoldItalicMT', true, true],
    ['MinionPro-It', false, true],
    ['MinionPro-SemiboldIt', true, true],
    ['Roboto-Black', true, false],
    ['TimesNewRomanPSMT', false, false],
    ['Courier', false, false],
    ['IJWTEU+SFBX1440', true, false],
    ['CMBX10', true, false],
    ['CMTI10', false, true],
  ])('%s', (name, bold, italic) => {
    expect(styleFromFontName(name)).toEqual({ bold, italic });
  });
  it('thin rectangles', () => {
    expect(isThin({ x0: 0, y0: 0, x1: 100, y1: 1 })).toBe(true);
    expect(isThin({ x0: 0, y0: 0, x1: 2, y1: 2 })).toBe(false);
    expect(isThin({ x0: 0, y0: 0, x1: 100, y1: 20 })).toBe(false);
  });
});
