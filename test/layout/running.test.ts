import { describe, expect, it } from 'vitest';
import type { Element } from '../../src/core/contract/types.ts';
import { relabelRunningMatter } from '../../src/core/layout/running.ts';

function el(page: number, type: Element['type'], text: string, y: number): Element {
  return { type, bbox: [0.1, y, 0.8, y + 0.015], properties: { score: 0.7, page_number: page }, text_representation: text + '\n' };
}

const pages = [1, 2, 3];

describe('running headers and footers across pages', () => {
  it('turns repeated margin text into Page-header/Page-footer, page numbers included', () => {
    const out = relabelRunningMatter(pages.flatMap((p) => [el(p, 'Text', 'Journal of Tests', 0.03), el(p, 'Text', 'Body', 0.5), el(p, 'Text', `${p}`, 0.96)]));
    expect(out.filter((e) => e.type === 'Page-header')).toHaveLength(3);
    expect(out.filter((e) => e.type === 'Page-footer').map((e) => e.text_representation)).toEqual(['1\n', '2\n', '3\n']);
  });

  it('a line set where the running footers sit is a footer, though its words are its own', () => {
    const out = relabelRunningMatter([
      ...pages.map((p) => el(p, 'Text', `${p * 2} Row and Column Access Control`, 0.953)),
      el(4, 'Section-header', 'Chapter 2. Roles', 0.3),
      el(4, 'Text', 'Chapter 2. Roles', 0.953),
      el(5, 'Text', 'Row and Column Access Control', 0.953), // its page number set apart
    ]);
    expect(out.filter((e) => e.type === 'Page-footer').map((e) => e.text_representation.trim())).toEqual(['2 Row and Column Access Control', '4 Row and Column Access Control', '6 Row and Column Access Control', 'Chapter 2. Roles', 'Row and Column Access Control']);
    expect(out.find((e) => e.type === 'Section-header')?.text_representation).toBe('Chapter 2. Roles\n');
  });

  it('keeps numbered headings and recurring sentences near the top as body text', () => {
    const out = relabelRunningMatter(
      pages.flatMap((p) => [
        el(p, 'Section-header', `Part ${p}`, 0.06),
        el(p, 'Text', `Paragraph on page ${p}, long enough to wrap over more than one line.`, 0.1),
      ]),
    );
    expect(out.map((e) => e.type)).toEqual(['Section-header', 'Text', 'Section-header', 'Text', 'Section-header', 'Text']);
  });

  it("a document's title, set large on its first page, stays the title though the other pages' headers repeat it", () => {
    const title: Element = { ...el(1, 'Title', 'Shared MIME-info Database', 0.09), bbox: [0.27, 0.09, 0.81, 0.119] };
    const out = relabelRunningMatter([title, el(1, 'Text', 'Body', 0.5), ...[2, 3].flatMap((p) => [el(p, 'Text', 'Shared MIME-info Database', 0.03), el(p, 'Text', 'Body', 0.5)])]);
    expect(out.map((e) => e.type)).toEqual(['Title', 'Text', 'Page-header', 'Text', 'Page-header', 'Text']);
    // Set no larger than the headers (a masthead), it is running matter like them.
    const masthead = relabelRunningMatter([el(1, 'Title', 'Journal of Tests', 0.03), ...[2, 3].map((p) => el(p, 'Text', 'Journal of Tests', 0.03))]);
    expect(masthead.map((e) => e.type)).toEqual(['Page-header', 'Page-header', 'Page-header']);
  });
});
