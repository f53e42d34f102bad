// Elements -> a complete, standalone, safe HTML document: every text is escaped, nothing from the
// PDF becomes markup or script, and the CSP forbids scripts and any load except inline data: images.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element, TableStructure } from '../contract/types.ts';
import { byPage, cellsByOrigin, headerRowCount, headingLevel, imageCaption, imageDataUrl, isCode, listItems } from './shared.ts';

type MarkdownOptions = ResolvedOptions['markdown_options'];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

/** Text with its line breaks kept as <br>. */
const escapeLines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

function tableHtml(table: TableStructure, caption: string | null): string {
  const origin = cellsByOrigin(table);
  const nHead = headerRowCount(table);
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
  const head = rows.slice(0, nHead);
  const body = rows.slice(nHead);
  return [
    '<table>',
    ...(caption ? [`<caption>${escapeHtml(caption)}</caption>`] : []),
    ...(head.length ? ['<thead>', ...head, '</thead>'] : []),
    ...(body.length ? ['<tbody>', ...body, '</tbody>'] : []),
    '</table>',
  ].join('\n');
}

/** A run of list items as nested <ul>/<ol> (ordered when the run's first item is numbered). */
function listHtml(run: readonly Element[]): string {
  const items = listItems(run);
  const out: string[] = [];
  const open: string[] = [];
  for (const item of items) {
    const tag = item.ordinal !== null ? 'ol' : 'ul';
    while (open.length > item.depth + 1) out.push(`</li></${open.pop()}>`);
    if (open.length === item.depth + 1) out.push('</li>');
    while (open.length < item.depth + 1) {
      const start = item.ordinal !== null && item.ordinal !== 1 ? ` start="${item.ordinal}"` : '';
      out.push(`<${tag}${start}>`);
      open.push(tag);
    }
    out.push(`<li>${escapeHtml(item.text)}`);
  }
  while (open.length) out.push(`</li></${open.pop()}>`);
  return out.join('\n');
}

function imageHtml(e: Element): string {
  const caption = imageCaption(e);
  const url = imageDataUrl(e);
  const text = e.text_representation.trim();
  const [w, h] = Array.isArray(e.properties.image_size) ? (e.properties.image_size as number[]) : [];
  const size = w && h ? ` width="${w}" height="${h}"` : '';
  return [
    '<figure>',
    url ? `<img src="${url}" alt="${escapeHtml(caption ?? 'Image')}"${size}>` : '',
    text ? `<p>${escapeLines(text)}</p>` : '',
    caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '',
    '</figure>',
  ]
    .filter(Boolean)
    .join('\n');
}

function elementHtml(e: Element, options: MarkdownOptions): string | null {
  const raw = e.text_representation.trim();
  const text = escapeHtml(raw);
  switch (e.type) {
    case 'Title':
    case 'Section-header': {
      const level = headingLevel(e);
      return raw ? `<h${level}>${text}</h${level}>` : null;
    }
    case 'Caption':
      return raw ? `<p class="caption">${escapeLines(raw)}</p>` : null;
    case 'Footnote':
      return raw ? `<aside class="footnote"><small>${escapeLines(raw)}</small></aside>` : null;
    case 'Formula':
      return raw ? `<pre class="formula">${text}</pre>` : null;
    case 'Page-header':
      return options.include_headers && raw ? `<header>${text}</header>` : null;
    case 'Page-footer':
      return options.include_footers && raw ? `<footer>${text}</footer>` : null;
    case 'Image':
      return imageHtml(e);
    case 'table':
      return e.table && e.table.num_rows > 0 ? tableHtml(e.table, e.table.caption) : raw ? `<pre class="table">${text}</pre>` : null;
    default:
      if (isCode(e)) return raw ? `<pre><code>${text}</code></pre>` : null;
      return raw ? `<p>${escapeLines(raw)}</p>` : null;
  }
}

function pageHtml(elements: readonly Element[], options: MarkdownOptions): string {
  const parts: string[] = [];
  for (let i = 0; i < elements.length; ) {
    if (elements[i]!.type === 'List-item') {
      const run: Element[] = [];
      while (i < elements.length && elements[i]!.type === 'List-item') run.push(elements[i++]!);
      parts.push(listHtml(run));
      continue;
    }
    const html = elementHtml(elements[i++]!, options);
    if (html !== null) parts.push(html);
  }
  return parts.join('\n');
}

const STYLE = [
  'body{font-family:system-ui,sans-serif;max-width:50em;margin:2em auto;padding:0 1em;line-height:1.45}',
  'table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #999;padding:.2em .5em;vertical-align:top}',
  '.caption{font-style:italic}.footnote{display:block;color:#444}.formula{white-space:pre-wrap}',
  '.pagenum{color:#777;font-size:.8em;text-align:center}img{max-width:100%;height:auto}',
].join('');

export function renderHtml(elements: readonly Element[], options: MarkdownOptions, title = 'Document'): string {
  const body = byPage(elements)
    .map(([page, els]) => {
      const marker = options.include_pagenum ? `<p class="pagenum">Page ${page}</p>\n` : '';
      return `<section class="page" data-page="${page}">\n${marker}${pageHtml(els, options)}\n</section>`;
    })
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // No script may run and nothing may load, whatever ends up in the body; images are inline data.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
