// The worker's 'assemble' request: page elements -> the response in the requested format, plus the
// Markdown and HTML the app shows in its other tabs. Runs the same document stages as partition().
import { assemble, parseOptions, renderHtml, renderMarkdown, toErrorBody } from '../core/index.ts';
import type { Element } from '../core/contract/types.ts';
import type { Assembled } from './protocol.ts';

export async function assembleAll(elements: Element[], options: unknown, filename: string, signal?: AbortSignal): Promise<Assembled> {
  const status: string[] = [];
  try {
    const parsed = parseOptions(options);
    if (!parsed.ok) throw parsed.error;
    const opts = parsed.options;
    const ctx = { options: opts, signal, status: (m: string) => status.push(m) };
    const output = await assemble(elements, ctx, filename);
    // The final elements (chunks, when chunking) for the JSON tab, whatever the output format.
    const final = opts.output_format === 'json' ? (output.elements ?? []) : ((await assemble(elements, { ...ctx, options: { ...opts, output_format: 'json' } }, filename)).elements ?? []);
    return {
      response: { status, status_code: 200, ...output },
      elements: final,
      markdown: output.markdown ?? renderMarkdown(final, opts.markdown_options),
      html: output.html ?? renderHtml(final, opts.markdown_options, filename),
    };
  } catch (err) {
    const body = toErrorBody(err);
    return { response: { status: [...status, body.error], ...body }, elements: [], markdown: '', html: '' };
  }
}
