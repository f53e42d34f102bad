// Elements -> Markdown, as conventions.md describes: `#` Title, `##`.. Section-header (deeper for
// numbered subsections, or as layout's heading_level says), `- ` / `1. ` list items nested by
// indentation, pipe tables (multi-row headers collapsed), `$$ $$` formulas, images as data URLs
// when extracted (else an HTML comment placeholder), Page-header/Page-footer only when asked for,
// special characters escaped.
import type { ResolvedOptions } from '../contract/options.ts';
import type { Element, TableStructure } from '../contract/types.ts';
import { byPage, headerRowCount, headingLevel, imageCaption, imageDataUrl, isCode, listItems, tableGrid } from './shared.ts';

type MarkdownOptions = ResolvedOptions['markdown_options'];

/**
 * Escapes what would otherwise read as Markdown, and only that, so that the text stays as printed
 * (`SELECT * FROM t`, `a < b` and `x|y` outside tables need no backslash): backslashes before
 * punctuation, backticks, `_` always, `*` that could open or close emphasis, `<` that could open a
 * tag or autolink, `&` that could form an entity, `]` that could close a link or reference; in a
 * block of its own also markers at a line's start that would make a list, quote, heading or heading
 * underline (a heading's text cannot start a block); in a table cell `|` too.
 */
export function escapeMarkdown(text: string, context: 'block' | 'heading' | 'cell' = 'block'): string {
  let out = text
    .replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
    .replace(/[`_]/g, '\\$&')
    .replace(/\*+/g, (run, at: number, all: string) => {
      const before = all[at - 1] ?? ' ';
      const after = all[at + run.length] ?? ' ';
      return /\s/.test(before) && /\s/.test(after) ? run : run.replace(/\*/g, '\\*');
    })
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/&(?=#?\w+;)/g, '\\&')
    .replace(/\](?=[([:])/g, '\\]');
  if (context !== 'heading')
    out = out
      .replace(/^(\s*)([-+>]|#{1,6})(\s|$)/gm, '$1\\$2$3')
      .replace(/^(\s*\d+)([.)])(\s|$)/gm, '$1\\$2$3')
      .replace(/^(\s*)([=-])(?=\2*\s*$)/gm, '$1\\$2');
  return context === 'cell' ? out.replace(/\|/g, '\\|') : out;
}

const clean = (e: Element) => e.text_representation.trim();
/** One line: a heading, list item or table cell cannot hold a line break. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function pipeTable(table: TableStructure): string {
  const grid = tableGrid(table);
  if (grid.length === 0) return '';
  const cell = (s: string) => escapeMarkdown(oneLine(s), 'cell');
  // A pipe table has one header row: several header rows are collapsed into it, each column
  // getting the texts of every header cell above it ("TEDs" spanning three columns over "simple",
  // "complex", "all" gives "TEDs simple", "TEDs complex", "TEDs all").
  const nHead = Math.max(1, headerRowCount(table));
  const headCells = table.cells
    .filter((h) => h.rows[0] !== undefined && h.rows[0] < nHead)
    .sort((a, b) => a.rows[0]! - b.rows[0]! || a.cols[0]! - b.cols[0]!);
  const header = Array.from({ length: table.num_cols }, (_, c) => {
    const texts: string[] = [];
    for (const h of headCells) {
      const t = oneLine(h.content);
      if (h.cols.includes(c) && t && !texts.includes(t)) texts.push(t);
    }
    return texts.join(' ');
  });
  const rows = [
    `| ${header.map(cell).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...grid.slice(nHead).map((r) => `| ${r.map(cell).join(' | ')} |`),
  ];
  return rows.join('\n');
}

function listBlock(run: readonly Element[]): string {
  return listItems(run)
    .map((item) => {
      const indent = '   '.repeat(item.depth);
      const marker = item.ordinal !== null ? `${item.ordinal}${item.delimiter}` : '-';
      return `${indent}${marker} ${escapeMarkdown(oneLine(item.text))}`;
    })
    .join('\n');
}

function imageBlock(e: Element): string | null {
  const caption = imageCaption(e);
  const url = imageDataUrl(e);
  const text = clean(e);
  const parts: string[] = [];
  // Alt text is the caption; a `]` in it would end the alt text early.
  if (url) parts.push(`![${escapeMarkdown(oneLine(caption ?? 'Image'), 'heading').replace(/[[\]]/g, '\\$&')}](${url})`);
  else parts.push('<!-- image -->');
  if (text) parts.push(escapeMarkdown(text));
  return parts.join('\n\n');
}

function block(e: Element, options: MarkdownOptions): string | null {
  const text = clean(e);
  switch (e.type) {
    case 'Title':
    case 'Section-header':
      return text ? `${'#'.repeat(headingLevel(e))} ${escapeMarkdown(oneLine(text), 'heading')}` : null;
    case 'Page-header':
      return options.include_headers && text ? escapeMarkdown(text) : null;
    case 'Page-footer':
      return options.include_footers && text ? escapeMarkdown(text) : null;
    case 'Image':
      return imageBlock(e);
    case 'Formula':
      return text ? `$$\n${text}\n$$` : null;
    case 'table':
      return e.table && e.table.num_rows > 0 ? pipeTable(e.table) : text ? escapeMarkdown(text) : null;
    default:
      return text ? escapeMarkdown(text) : null;
  }
}

/** Consecutive code elements as one fenced block, verbatim (a fence longer than any run inside). */
function codeBlock(run: readonly Element[]): string {
  const text = run.map(clean).join('\n');
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}

function renderPage(elements: readonly Element[], options: MarkdownOptions): string {
  const blocks: string[] = [];
  for (let i = 0; i < elements.length; ) {
    if (isCode(elements[i]!)) {
      const run: Element[] = [];
      while (i < elements.length && isCode(elements[i]!)) run.push(elements[i++]!);
      blocks.push(codeBlock(run));
      continue;
    }
    if (elements[i]!.type === 'List-item') {
      const run: Element[] = [];
      while (i < elements.length && elements[i]!.type === 'List-item') run.push(elements[i++]!);
      blocks.push(listBlock(run));
      continue;
    }
    const b = block(elements[i++]!, options);
    if (b !== null) blocks.push(b);
  }
  return blocks.join('\n\n');
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
