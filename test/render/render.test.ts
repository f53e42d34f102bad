import { describe, expect, it } from 'vitest';
import MarkdownIt from 'markdown-it';
import type { Element } from '../../src/core/contract/types.ts';
import { escapeMarkdown, renderHtml, renderMarkdown } from '../../src/core/render/index.ts';

const md = { include_pagenum: false, include_headers: false, include_footers: false, group_by_page: false };

function el(type: Element['type'], text: string, page = 1, extra: Partial<Element> = {}): Element {
  return { type, bbox: [0, 0, 1, 1], properties: { score: 0.9, page_number: page }, text_representation: text + '\n', ...extra };
}

const doc: Element[] = [
  el('Page-header', 'Running head'),
  el('Title', 'A *bold* claim'),
  el('Section-header', '1 Introduction'),
  el('Text', 'Body <script>alert(1)</script> & more'),
  el('List-item', '• first point'),
  el('Page-footer', '1'),
  el('Text', 'Second page text', 2),
];

describe('markdown', () => {
  it('writes headings, lists and escaped text, dropping headers and footers by default', () => {
    expect(renderMarkdown(doc, md)).toBe(
      '# A \\*bold\\* claim\n\n## 1 Introduction\n\nBody \\<script>alert(1)\\</script> & more\n\n- first point\n\nSecond page text\n',
    );
  });

  it('keeps headers, footers and page markers when asked', () => {
    const out = renderMarkdown(doc, { ...md, include_headers: true, include_footers: true, include_pagenum: true }) as string;
    expect(out).toContain('Running head');
    expect(out).toMatch(/<!-- page 1 -->[\s\S]*\n1\n[\s\S]*<!-- page 2 -->/);
  });

  it('groups by page into a list of strings', () => {
    const out = renderMarkdown(doc, { ...md, group_by_page: true });
    expect(out).toHaveLength(2);
    expect((out as string[])[1]).toBe('Second page text\n');
  });

  it('escapes text that would otherwise start a list or heading', () => {
    expect(renderMarkdown([el('Text', '- not a list\n# not a heading\n2. not an item')], md)).toBe('\\- not a list\n\\# not a heading\n2\\. not an item\n');
  });

  it('leaves characters that cannot form Markdown as printed', () => {
    const out = renderMarkdown([el('Text', 'SELECT * FROM t WHERE a < b AND c|d'), el('Text', 'an *emphasis* and snake_case')], md);
    expect(out).toBe('SELECT * FROM t WHERE a < b AND c|d\n\nan \\*emphasis\\* and snake\\_case\n');
  });

  it('does not escape a numbered heading', () => {
    expect(renderMarkdown([el('Section-header', '1. Introduction')], md)).toBe('## 1. Introduction\n');
  });

  it('renders table structure as a pipe table', () => {
    const table = el('table', 'a b', 1, {
      table: {
        num_rows: 2,
        num_cols: 2,
        caption: null,
        column_headers: ['A', 'B'],
        cells: [
          { content: 'A', rows: [0], cols: [0], is_header: true, bbox: { x1: 0, y1: 0, x2: 0.5, y2: 0.5 }, properties: {} },
          { content: 'B', rows: [0], cols: [1], is_header: true, bbox: { x1: 0.5, y1: 0, x2: 1, y2: 0.5 }, properties: {} },
          { content: 'x|y', rows: [1], cols: [0, 1], is_header: false, bbox: { x1: 0, y1: 0.5, x2: 1, y2: 1 }, properties: {} },
        ],
      },
    });
    expect(renderMarkdown([table], md)).toBe('| A | B |\n| --- | --- |\n| x\\|y |  |\n');
    expect(renderHtml([table], md)).toContain('<thead>\n<tr><th>A</th><th>B</th></tr>\n</thead>\n<tbody>\n<tr><td colspan="2">x|y</td></tr>\n</tbody>');
  });
});

describe('html', () => {
  it('is a complete standalone document in which nothing from the PDF becomes markup', () => {
    const html = renderHtml(doc, md, 'Report <1>');
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Report &lt;1&gt;</title>');
    expect(html).toContain('<h1>A *bold* claim</h1>');
    expect(html).toContain('Body &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('Running head');
    expect(html).toContain('<section class="page" data-page="2">');
  });
});

describe('escapeMarkdown round trip', () => {
  // What a Markdown reader shows must be the text as printed, whatever characters it holds.
  const reader = new MarkdownIt();
  const shown = (md: string) =>
    reader
      .render(md)
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim();
  const samples = [
    'SELECT * FROM t WHERE a < b',
    'an *emphasis*, __strong__ and snake_case',
    '- not a list',
    '12) not an item either',
    '# not a heading',
    '> not a quote',
    '[not](a link) and ![not](an image)',
    'AT&T &amp; &#35; stay',
    '<b>not a tag</b> <http://not.an/autolink>',
    'c:\\path\\* and `not code`',
    'x | y',
    '===',
  ];
  it.each(samples)('%s', (text) => {
    expect(shown(escapeMarkdown(text))).toBe(text.replace(/\s+/g, ' '));
  });
});

describe('code', () => {
  const code = (text: string): Element => ({ type: 'Text', bbox: [0, 0, 1, 1], properties: { score: 0.85, page_number: 1, code: true }, text_representation: text });

  it('writes consecutive code elements as one fenced block, verbatim', () => {
    expect(renderMarkdown([code('RETURN CASE'), code('WHEN a_b * 2 > 1 THEN x')], md)).toBe('```\nRETURN CASE\nWHEN a_b * 2 > 1 THEN x\n```\n');
    // A fence inside the code gets a longer fence around it.
    expect(renderMarkdown([code('```js')], md)).toBe('````\n```js\n````\n');
  });

  it('writes code as pre in HTML, escaped', () => {
    expect(renderHtml([code('if (a < b) {}')], md)).toContain('<pre><code>if (a &lt; b) {}</code></pre>');
  });
});
