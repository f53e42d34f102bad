export { renderMarkdown, escapeMarkdown } from './markdown.ts';
export { renderHtml, escapeHtml } from './html.ts';
