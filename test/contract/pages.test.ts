import { describe, it, expect } from 'vitest';
import { checkPagesAgainst, expandPages, normalisePages, TesseraError, toErrorBody, type PageRanges } from '../../src/core/contract/index.ts';

describe('normalisePages', () => {
  it.each<[unknown[], PageRanges]>([
    [[1, 10, [15, 20]], [[1, 1], [10, 10], [15, 20]]],
    [[3, 2, 1], [[1, 3]]],
    [[[4, 6], 1, [2, 3]], [[1, 6]]],
    [[[7, 7]], [[7, 7]]],
    [[9, [1, 2]], [[1, 2], [9, 9]]],
  ])('%j -> %j', (input, expected) => {
    expect(normalisePages(input)).toEqual({ ok: true, pages: expected });
  });

  it('reports each bad entry by index', () => {
    const r = normalisePages([0, [5, 3], 2, [2, 4]]);
    expect(r).toEqual({
      ok: false,
      problems: [
        { index: 0, message: 'page 0 is not a page number; pages are numbered from 1' },
        { index: 1, message: 'range [5, 3] is reversed; write [3, 5]' },
        { index: 3, message: '[2, 4] overlaps selected_pages[2] (2)' },
      ],
    });
  });
});

describe('checkPagesAgainst', () => {
  it('passes pages the document has', () => {
    expect(() => checkPagesAgainst([[1, 3], [9, 9]], 9)).not.toThrow();
  });

  it.each<[PageRanges, number, number]>([
    [[[12, 12]], 9, 12],
    [[[1, 3], [5, 20]], 9, 20],
    [[[10, 12]], 9, 10],
  ])('%j against %i pages names page %i', (pages, numPages, bad) => {
    let err: unknown;
    try {
      checkPagesAgainst(pages, numPages);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(TesseraError);
    const e = err as TesseraError;
    expect(e.code).toBe('bad_page');
    expect(e.statusCode).toBe(400);
    expect(e.message).toBe(`Invalid page number (${bad}): for this document, page numbers must be at least 1 and at most ${numPages}`);
  });

  it('gives the conventions\' in-body error', () => {
    try {
      checkPagesAgainst([[12, 12]], 9);
    } catch (e) {
      expect(toErrorBody(e)).toEqual({
        status_code: 400,
        error: '400: Invalid page number (12): for this document, page numbers must be at least 1 and at most 9',
      });
    }
    expect.assertions(1);
  });
});

describe('expandPages', () => {
  it.each<[PageRanges, number[]]>([
    [[], []],
    [[[1, 1], [10, 10], [15, 20]], [1, 10, 15, 16, 17, 18, 19, 20]],
    [[[2, 4]], [2, 3, 4]],
  ])('%j -> %j', (ranges, pages) => {
    expect(expandPages(ranges)).toEqual(pages);
  });
});
