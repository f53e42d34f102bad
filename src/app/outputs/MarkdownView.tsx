import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

// html: false (markdown-it's default) escapes any raw HTML in the text, and its link check refuses
// javascript: and similar URLs, so the rendered Markdown cannot run anything.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function joinMarkdown(markdown: string | string[]): string {
  return Array.isArray(markdown) ? markdown.join('\n\n---\n\n') : markdown;
}

export function MarkdownView({ markdown, raw }: { markdown: string | string[]; raw: boolean }) {
  const text = joinMarkdown(markdown);
  const html = useMemo(() => md.render(text), [text]);
  if (raw) return <pre className="raw" data-testid="markdown-raw">{text}</pre>;
  return <div className="markdown-body" data-testid="markdown-rendered" dangerouslySetInnerHTML={{ __html: html }} />;
}
