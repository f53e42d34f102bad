// Elements -> Markdown, as conventions.md describes: `# ` Title, `## ` Section-header, `- `
// List-item, pipe tables, Page-header/Page-footer only when asked for, images skipped unless
// described, special characters escaped.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element, TableStructure } from '../contract/types.ts';
import { byPage, tableGrid } from './shared.ts';

type MarkdownOptions = ResolvedOptions['markdown_options'];

const SPECIAL = /([\\`*_{}[\]<>#|])/g;

export function escapeMarkdown(text: string): string {
  // Leading markers that would turn a paragraph into a list, quote or heading.
  return text.replace(SPECIAL, '\\$1').replace(/^(\s*)([-+>]|\d+[.)])(\s)/gm, '$1\\$2$3');
}

const clean = (e: Element) => e.text_representation.trim();

function pipeTable(table: TableStructure): string {
  const grid = tableGrid(table);
  if (grid.length === 0) return '';
  const cell = (s: string) => escapeMarkdown(s.replace(/\s+/g, ' ').trim());
  const header = grid[0]!;
  const rows = [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...grid.slice(1).map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
  return rows.join('\n');
}

function block(e: Element, options: MarkdownOptions): string | null {
  const text = clean(e);
  switch (e.type) {
    case 'Title':
      return `# ${escapeMarkdown(text)}`;
    case 'Section-header':
    case 'Section':
      return `## ${escapeMarkdown(text)}`;
    case 'List-item':
      return `- ${escapeMarkdown(text.replace(/^\s*([•◦▪‣⁃∙·*–—-])\s*/, ''))}`;
    case 'Page-header':
      return options.include_headers && text ? escapeMarkdown(text) : null;
    case 'Page-footer':
      return options.include_footers && text ? escapeMarkdown(text) : null;
    case 'Image':
      return text ? escapeMarkdown(text) : null;
    case 'Formula':
      return text ? `$$\n${text}\n$$` : null;
    case 'table':
      return e.table ? pipeTable(e.table) : text ? escapeMarkdown(text) : null;
    default:
      return text ? escapeMarkdown(text) : null;
  }
}

function renderPage(elements: readonly Element[], options: MarkdownOptions): string {
  return elements
    .map((e) => block(e, options))
    .filter((b): b is string => b !== null)
    .join('\n\n');
}

export function renderMarkdown(elements: readonly Element[], options: MarkdownOptions): string | string[] {
  const pages = byPage(elements);
  if (options.group_by_page) return pages.map(([, els]) => renderPage(els, options) + '\n');
  const parts = pages.map(([page, els]) => {
    const body = renderPage(els, options);
    return options.include_pagenum ? `<!-- page ${page} -->\n\n${body}` : body;
  });
  const text = parts.filter((p) => p.length > 0).join('\n\n');
  return text ? text + '\n' : '';
}
