import { useMemo } from 'react';
import type { Run } from '../logic/run-state.ts';
import type { OptionSet } from '../stores/options-store.ts';
import { useQueue, useSelectedItem } from '../stores/queue-store.ts';
import type { DocumentSource } from './document-source.ts';
import { Legend } from './Legend.tsx';
import { PageViewer } from './PageViewer.tsx';
import { useKept } from './use-kept.ts';
import { useDocumentSource } from './use-source.ts';
import { ViewerToolbar } from './ViewerToolbar.tsx';

type Shown = Extract<DocumentSource, { kind: 'pdf' | 'image' }>;

function Column({ source, run, set, label }: { source: Shown; run: Run | undefined; set: OptionSet; label: string }) {
  const kept = useKept(run, set);
  const processed = useMemo(() => (run && run.pages.length > 0 ? new Set(run.pages) : undefined), [run]);
  return (
    <div className="viewer-column">
      <Legend elements={kept.list.map((k) => k.element)} />
      <PageViewer source={source} set={set} byPage={kept.byPage} processed={processed} label={label} />
    </div>
  );
}

/** The selected file's pages with their boxes; in compare mode, option sets A and B side by side. */
export function ViewerPanel() {
  const item = useSelectedItem();
  const compare = useQueue((s) => s.compare);
  const source = useDocumentSource(item?.file, item?.password);

  let body;
  if (!item) body = <p className="placeholder">Drop a PDF or an image anywhere on this page, or choose one on the left.</p>;
  else if (source === undefined || source === 'loading') body = <p className="placeholder">Opening {item.file.name}…</p>;
  else if (source.kind === 'locked') body = <p className="placeholder">{item.file.name} is encrypted: run it to be asked for its password.</p>;
  else if (source.kind === 'none') body = <p className="placeholder">{source.message}</p>;
  else
    body = (
      <div className={compare ? 'viewer-columns compare' : 'viewer-columns'}>
        <Column source={source} run={item.runs.A} set="A" label={compare ? 'Pages with option set A' : 'Pages'} />
        {compare && <Column source={source} run={item.runs.B} set="B" label="Pages with option set B" />}
      </div>
    );

  return (
    <section className="viewer" aria-label="Page viewer">
      <ViewerToolbar basis={1} />
      {body}
    </section>
  );
}
