import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '../../src/app/outputs/MarkdownView.tsx';

describe('the rendered Markdown tab', () => {
  it('shows page markers as page dividers and unextracted pictures as a placeholder, not as comment text', () => {
    const html = renderMarkdownHtml('<!-- page 1 -->\n\n# Title\n\n<!-- image -->\n\n<!-- page 2 -->\n\nText');
    expect(html).toContain('<div class="page-marker" role="separator" aria-label="Page 2">Page 2</div>');
    expect(html).toContain('<div class="image-placeholder">[picture]</div>');
    expect(html).not.toContain('&lt;!--');
  });

  it('still escapes any other HTML in the text', () => {
    expect(renderMarkdownHtml('<!-- page 1 --> <script>alert(1)</script>')).toContain('&lt;script&gt;');
  });
});
