// Elements -> a complete, standalone, safe HTML document: every text is escaped, nothing from the
// PDF becomes markup or script.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element, TableStructure } from '../contract/types.ts';
import { byPage, cellsByOrigin } from './shared.ts';

type MarkdownOptions = ResolvedOptions['markdown_options'];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

function tableHtml(table: TableStructure): string {
  const origin = cellsByOrigin(table);
  const rows: string[] = [];
  for (let r = 0; r < table.num_rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < table.num_cols; c++) {
      const cell = origin.get(`${r},${c}`);
      if (!cell) continue;
      const tag = cell.is_header ? 'th' : 'td';
      const span =
        (cell.rows.length > 1 ? ` rowspan="${cell.rows.length}"` : '') +
        (cell.cols.length > 1 ? ` colspan="${cell.cols.length}"` : '');
      cells.push(`<${tag}${span}>${escapeHtml(cell.content)}</${tag}>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table>\n${rows.join('\n')}\n</table>`;
}

function elementHtml(e: Element, options: MarkdownOptions): string | null {
  const text = escapeHtml(e.text_representation.trim());
  switch (e.type) {
    case 'Title':
      return `<h1>${text}</h1>`;
    case 'Section-header':
    case 'Section':
      return `<h2>${text}</h2>`;
    case 'List-item':
      return `<ul><li>${text}</li></ul>`;
    case 'Caption':
      return `<p class="caption">${text}</p>`;
    case 'Footnote':
      return `<p class="footnote"><small>${text}</small></p>`;
    case 'Formula':
      return `<pre class="formula">${text}</pre>`;
    case 'Page-header':
      return options.include_headers && text ? `<header>${text}</header>` : null;
    case 'Page-footer':
      return options.include_footers && text ? `<footer>${text}</footer>` : null;
    case 'Image':
      return `<figure>${text ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
    case 'table':
      return e.table ? tableHtml(e.table) : `<pre class="table">${text}</pre>`;
    default:
      return text ? `<p>${text}</p>` : null;
  }
}

export function renderHtml(elements: readonly Element[], options: MarkdownOptions, title = 'Document'): string {
  const body = byPage(elements)
    .map(([page, els]) => {
      const inner = els
        .map((e) => elementHtml(e, options))
        .filter((s): s is string => s !== null)
        .join('\n');
      return `<section class="page" data-page="${page}">\n${inner}\n</section>`;
    })
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // No script may run, whatever ends up in the body.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
