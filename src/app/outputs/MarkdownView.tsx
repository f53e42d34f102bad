import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

// html: false (markdown-it's default) escapes any raw HTML in the text, and its link check refuses
// javascript: and similar URLs, so the rendered Markdown cannot run anything.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function joinMarkdown(markdown: string | string[]): string {
  return Array.isArray(markdown) ? markdown.join('\n\n---\n\n') : markdown;
}

/**
 * The renderer escapes HTML comments, so the Markdown's own markers (`<!-- page 3 -->` from
 * include_pagenum, `<!-- image -->` for a picture not extracted) would show as text: they become a
 * page divider and a picture placeholder instead (only these fixed forms, digits only).
 */
export function renderMarkdownHtml(text: string): string {
  return md
    .render(text)
    .replace(/<p>&lt;!-- page (\d+) --&gt;<\/p>/g, '<div class="page-marker" role="separator" aria-label="Page $1">Page $1</div>')
    .replace(/<p>&lt;!-- image --&gt;<\/p>/g, '<div class="image-placeholder">[picture]</div>');
}

export function MarkdownView({ markdown, raw }: { markdown: string | string[]; raw: boolean }) {
  const text = joinMarkdown(markdown);
  const html = useMemo(() => renderMarkdownHtml(text), [text]);
  if (raw) return <pre className="raw" data-testid="markdown-raw">{text}</pre>;
  return <div className="markdown-body" data-testid="markdown-rendered" dangerouslySetInnerHTML={{ __html: html }} />;
}
