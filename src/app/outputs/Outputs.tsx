import { useEffect, useState } from 'react';
import { CopyButton } from '../components/CopyButton.tsx';
import { useOptionsView } from '../stores/options-store.ts';
import { useOutputs } from '../stores/outputs-store.ts';
import { useSelectedItem } from '../stores/queue-store.ts';
import { useView, type OutputTab } from '../stores/view-store.ts';
import { useKept } from '../viewer/use-kept.ts';
import { baseName, downloadBlob, imagesOf, imagesZip } from './download.ts';
import { ElementList } from './ElementList.tsx';
import { HtmlView } from './HtmlView.tsx';
import { JsonTree } from './JsonTree.tsx';
import { joinMarkdown, MarkdownView } from './MarkdownView.tsx';

const TABS: Array<[OutputTab, string]> = [
  ['elements', 'Elements'],
  ['json', 'JSON'],
  ['markdown', 'Markdown'],
  ['html', 'HTML'],
];

/** The selected file's outputs: the kept elements as they stream in, then JSON, Markdown and HTML. */
export function Outputs() {
  const item = useSelectedItem();
  const run = item?.runs.A;
  const kept = useKept(run, 'A');
  const options = useOptionsView('A');
  const { tab, setTab, selected, select } = useView();
  const [raw, setRaw] = useState(false);
  const slot = item ? `${item.id}:A` : '';
  const entry = useOutputs((s) => s.entries[slot]);
  const request = useOutputs((s) => s.request);

  useEffect(() => {
    if (item && run?.phase === 'done' && options.valid && options.object) request(slot, run, options.object, item.file.name);
  }, [item, run, options, request, slot]);

  const assembled = entry?.assembled;
  const name = item ? baseName(item.file.name) : 'document';
  // JSON elements line up with the kept elements unless a document stage (chunking) merged them.
  const linked = assembled !== undefined && !options.object?.['chunking_options'] && assembled.elements.length === kept.list.length;
  const focus = linked && selected?.set === 'A' ? kept.list.findIndex((k) => k.index === selected.index) : -1;

  let body;
  if (tab === 'elements') body = <ElementList list={kept.list} />;
  else if (!run || run.phase === 'running') body = <p className="placeholder">{run ? 'Available when the run finishes.' : 'Run a file to see its outputs.'}</p>;
  else if (run.phase !== 'done') body = <p className="placeholder">No outputs: the run {run.phase === 'cancelled' ? 'was cancelled' : 'failed'}.</p>;
  else if (!assembled) body = <p className="placeholder">Assembling…</p>;
  else if (tab === 'json')
    body = (
      <JsonTree
        value={assembled.response}
        focus={focus >= 0 ? `.elements[${focus}]` : undefined}
        onPick={linked ? (p) => select({ set: 'A', index: kept.list[Number(/\d+/.exec(p)![0])]!.index }, true) : undefined}
      />
    );
  else if (tab === 'markdown') body = <MarkdownView markdown={assembled.markdown} raw={raw} />;
  else body = <HtmlView html={assembled.html} raw={raw} />;

  const json = assembled ? JSON.stringify(assembled.response, null, 2) : '';
  const markdown = assembled ? joinMarkdown(assembled.markdown) : '';
  const images = assembled ? imagesOf(assembled.elements) : [];

  return (
    <section className="outputs" aria-label="Outputs">
      <div className="tabs" role="tablist" aria-label="Output format">
        {TABS.map(([id, label]) => (
          <button key={id} type="button" role="tab" id={`tab-${id}`} aria-selected={tab === id} aria-controls="output-panel" onClick={() => setTab(id)}>
            {label}
          </button>
        ))}
      </div>
      <div className="output-actions">
        {(tab === 'markdown' || tab === 'html') && (
          <label className="check">
            <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> Raw
          </label>
        )}
        {tab === 'json' && <CopyButton text={json} label="Copy JSON" disabled={!assembled} />}
        {tab === 'markdown' && <CopyButton text={markdown} label="Copy Markdown" disabled={!assembled} />}
        {tab === 'html' && <CopyButton text={assembled?.html ?? ''} label="Copy HTML" disabled={!assembled} />}
        {/* Always shown (disabled until there is something to save): nothing moves when results arrive. */}
        <div className="downloads" role="group" aria-label="Downloads">
          <button type="button" disabled={!assembled} onClick={() => downloadBlob(`${name}.json`, new Blob([json], { type: 'application/json' }))}>
            ⤓ JSON
          </button>
          <button type="button" disabled={!assembled} onClick={() => downloadBlob(`${name}.md`, new Blob([markdown], { type: 'text/markdown' }))}>
            ⤓ Markdown
          </button>
          <button type="button" disabled={!assembled} onClick={() => downloadBlob(`${name}.html`, new Blob([assembled?.html ?? ''], { type: 'text/html' }))}>
            ⤓ HTML
          </button>
          <button
            type="button"
            disabled={images.length === 0}
            title={images.length === 0 ? 'No extracted images (set extract_images to true)' : undefined}
            onClick={() => downloadBlob(`${name}-images.zip`, imagesZip(images))}
          >
            ⤓ Images ({images.length})
          </button>
        </div>
      </div>
      <p className="output-note" role="status">
        {entry?.state === 'working' && <span className="hint">Updating…</span>}
        {entry?.state === 'failed' && <span className="field-error">{entry.error}</span>}
      </p>
      <div id="output-panel" role="tabpanel" aria-labelledby={`tab-${tab}`} className="output-panel" tabIndex={0}>
        {body}
      </div>
    </section>
  );
}
