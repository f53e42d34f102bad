/** The HTML output in a frame with every sandbox restriction on (sandbox=""): no script can run. */
export function HtmlView({ html, raw }: { html: string; raw: boolean }) {
  if (raw) return <pre className="raw" data-testid="html-raw">{html}</pre>;
  return <iframe className="html-frame" title="HTML output" sandbox="" srcDoc={html} data-testid="html-frame" />;
}
