import { describe, expect, it } from 'vitest';
import type { Element, TableCell } from '../../src/core/contract/types.ts';
import { renderHtml, renderMarkdown } from '../../src/core/render/index.ts';

const md = { include_pagenum: false, include_headers: false, include_footers: false, group_by_page: false };

function el(type: Element['type'], text: string, x = 0.1, extra: Partial<Element> = {}, props: Record<string, unknown> = {}): Element {
  return { type, bbox: [x, 0, 0.9, 0.1], properties: { score: 0.9, page_number: 1, ...props }, text_representation: text + '\n', ...extra };
}
const cell = (content: string, rows: number[], cols: number[], is_header = false): TableCell => ({
  content,
  rows,
  cols,
  is_header,
  bbox: { x1: 0, y1: 0, x2: 1, y2: 1 },
  properties: {},
});

describe('markdown structure', () => {
  it('gives headings levels from their numbering or layout hint, the title #', () => {
    const out = renderMarkdown(
      [el('Title', 'Paper'), el('Section-header', '1 Introduction'), el('Section-header', '1.2 Methods'), el('Section-header', '1.2.1 Data'), el('Section-header', 'Appendix', 0.1, {}, { heading_level: 4 }), el('Section-header', 'Related work')],
      md,
    );
    expect(out).toBe('# Paper\n\n## 1 Introduction\n\n### 1.2 Methods\n\n#### 1.2.1 Data\n\n#### Appendix\n\n## Related work\n');
  });

  it('writes list runs as one list, nested by indentation, numbered items as ordered', () => {
    const out = renderMarkdown(
      [el('List-item', '• fruit', 0.1), el('List-item', '◦ apple', 0.14), el('List-item', '◦ pear', 0.14), el('List-item', '• vegetables', 0.1), el('Text', 'between'), el('List-item', '1. first'), el('List-item', '2. second')],
      md,
    );
    expect(out).toBe('- fruit\n   - apple\n   - pear\n- vegetables\n\nbetween\n\n1. first\n2. second\n');
  });

  it('keeps a numbered item\'s printed delimiter: 1) stays 1)', () => {
    expect(renderMarkdown([el('List-item', '1) 상해란 급격하고 우연한 사고'), el('List-item', '2) 재해란 우발적인 사고')], md)).toBe('1) 상해란 급격하고 우연한 사고\n2) 재해란 우발적인 사고\n');
  });

  it('collapses several header rows into the pipe table header', () => {
    const table = el('table', '', 0.1, {
      table: {
        num_rows: 3,
        num_cols: 2,
        caption: null,
        column_headers: [],
        cells: [cell('Year', [0, 1], [0], true), cell('Sales', [0], [1], true), cell('EUR', [1], [1], true), cell('2024', [2], [0]), cell('5', [2], [1])],
      },
    });
    expect(renderMarkdown([table], md)).toBe('| Year | Sales EUR |\n| --- | --- |\n| 2024 | 5 |\n');
    expect(renderHtml([table], md)).toContain('<thead>\n<tr><th rowspan="2">Year</th><th>Sales</th></tr>\n<tr><th>EUR</th></tr>\n</thead>');
  });

  it('writes formulas in $$, extracted PNG images as data URLs with their caption, others as a placeholder', () => {
    const caption = { type: 'Caption', bbox: [0, 0, 1, 1], properties: {}, text_representation: 'Figure 1: A [cat]\n' };
    const png = el('Image', '', 0.1, { binary_representation: 'iVBORw0KGgo=' }, { image_format: 'PNG', image_size: [2, 1], caption });
    const plain = el('Image', '', 0.1, {}, { image_format: null });
    const out = renderMarkdown([el('Formula', 'E = mc^2'), png, plain], md);
    expect(out).toBe('$$\nE = mc^2\n$$\n\n![Figure 1: A \\[cat\\]](data:image/png;base64,iVBORw0KGgo=)\n\n<!-- image -->\n');
    const html = renderHtml([png], md);
    expect(html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="Figure 1: A [cat]" width="2" height="1">');
    expect(html).toContain('<figcaption>Figure 1: A [cat]</figcaption>');
  });
});

describe('html structure', () => {
  it('groups consecutive list items into one nested list and gives headings their level', () => {
    const html = renderHtml([el('Section-header', '2.1 Setup'), el('List-item', '- a', 0.1), el('List-item', '- b', 0.15), el('List-item', '- c', 0.1)], md);
    expect(html).toContain('<h3>2.1 Setup</h3>');
    expect(html).toContain('<ul>\n<li>a\n<ul>\n<li>b\n</li></ul>\n</li>\n<li>c\n</li></ul>');
    expect(html.match(/<ul>/g)).toHaveLength(2);
  });

  it('writes page markers when include_pagenum is set, and escapes attribute-breaking captions', () => {
    const caption = { text_representation: '"><script>alert(1)</script>' };
    const img = el('Image', '', 0.1, { binary_representation: 'AAAA' }, { image_format: 'JPEG', caption });
    const html = renderHtml([img], { ...md, include_pagenum: true });
    expect(html).toContain('<p class="pagenum">Page 1</p>');
    expect(html).not.toContain('<script>');
    expect(html).toContain('alt="&quot;&gt;&lt;script&gt;');
  });
});
