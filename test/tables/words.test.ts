// Cell text as a reader types it: right-to-left words in logical order, numbers inside them left to
// right, a word set as several runs in one piece, ligatures unfolded.
import { describe, expect, it } from 'vitest';
import { textOf, wordsOf } from '../../src/core/tables/words.ts';
import { textRun } from '../fixtures/runs.ts';

const cell = (...runs: Parameters<typeof textRun>[]): string => textOf(wordsOf(runs.map((r) => textRun(...r))));

describe('table cell text', () => {
  it('reads a right-to-left run in its logical order, first word rightmost', () => {
    expect(cell(['بر اساس قيمت های جهانی', 100, 100, { dir: 'rtl' }])).toBe('بر اساس قيمت های جهانی');
  });

  it('reads right-to-left runs from right to left, and a date set as several runs left to right', () => {
    // Drawn, left to right: `1403` `/` `09` `/` `19` then, at the right, the word `تاريخ`.
    const text = cell(
      ['1403', 100, 100],
      ['/', 120, 100],
      ['09', 125, 100],
      ['/', 135, 100],
      ['19', 140, 100],
      ['پذيرش', 170, 100, { dir: 'rtl' }],
      ['تاريخ', 200, 100, { dir: 'rtl' }],
    );
    expect(text).toBe('تاريخ پذيرش 1403/09/19');
  });

  it('joins a word set as runs with no space between them, and keeps spaced words apart', () => {
    expect(cell(['4', 100, 100], ['7.500', 105, 100], ['tonnes', 135, 100])).toBe('47.500 tonnes');
    // A run that ends in a space is a word's end however close the next run is (narrow CJK spaces).
    expect(cell(['마시는 ', 100, 100], ['물', 125, 100])).toBe('마시는 물');
    // Another box's text set over the cell, overlapping its last word, is a word of its own.
    expect(cell(['True', 100, 100], ['With footnote', 118, 100])).toBe('True With footnote');
    // Korean word spaces set as a tenth of an em between runs.
    expect(cell(['마시는', 100, 100], ['물', 116, 100])).toBe('마시는 물');
  });

  it('keeps punctuation set against a right-to-left word on its side', () => {
    // `توليد/ کل` drawn right to left: the slash sits at the left end of `توليد`.
    expect(cell(['کل', 100, 100, { dir: 'rtl' }], ['/', 113, 100], ['توليد', 118, 100, { dir: 'rtl' }])).toBe('توليد/ کل');
  });

  it('unfolds ligatures and Arabic presentation forms, as in body text', () => {
    expect(cell(['ﬁnancial ﬂows', 100, 100])).toBe('financial flows');
    expect(cell(['ﺑﺮرﺳی', 100, 100, { dir: 'rtl' }])).toBe('بررسی');
  });
});
