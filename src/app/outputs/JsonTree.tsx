import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { childPath, searchJson, type JsonPath } from '../logic/json-search.ts';

interface Props {
  value: unknown;
  /** Open and highlight this node (the selected element). */
  focus?: JsonPath;
  onPick?(path: JsonPath): void;
}

const summary = (v: unknown) => (Array.isArray(v) ? `[${v.length}]` : `{${Object.keys(v as object).length}}`);

function Scalar({ v }: { v: unknown }) {
  const cls = v === null ? 'null' : typeof v;
  const text = typeof v === 'string' ? JSON.stringify(v.length > 400 ? `${v.slice(0, 400)}…` : v) : String(v);
  return <span className={`json-${cls}`}>{text}</span>;
}

/** A collapsible JSON tree; containers render their children only when open (large responses). */
export function JsonTree({ value, focus, onPick }: Props) {
  const [open, setOpen] = useState<Set<JsonPath>>(() => new Set(['', '.elements']));
  const [query, setQuery] = useState('');
  const search = useMemo(() => searchJson(value, query), [value, query]);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focus) return;
    setOpen((o) => new Set([...o, '', focus.slice(0, focus.lastIndexOf('[')), focus]));
  }, [focus]);
  useEffect(() => {
    if (focus) box.current?.querySelector('.json-focus')?.scrollIntoView({ block: 'nearest' });
  }, [focus, open]);

  const isOpen = (p: JsonPath) => open.has(p) || search.open.has(p);
  const toggle = (p: JsonPath) =>
    setOpen((o) => {
      const n = new Set(o);
      if (n.has(p)) n.delete(p);
      else n.add(p);
      return n;
    });

  const node = (v: unknown, path: JsonPath, key: string | number | undefined): ReactNode => {
    const container = typeof v === 'object' && v !== null;
    const hit = search.matches.has(path);
    const cls = `json-row${hit ? ' json-hit' : ''}${focus === path ? ' json-focus' : ''}`;
    const label = key === undefined ? null : <span className="json-key">{typeof key === 'number' ? key : JSON.stringify(key)}: </span>;
    if (!container)
      return (
        <li key={path} className={cls}>
          {label}
          <Scalar v={v} />
        </li>
      );
    const o = isOpen(path);
    const entries: Array<[string | number, unknown]> = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v as object);
    return (
      <li key={path} className={cls}>
        <button type="button" className="json-toggle" aria-expanded={o} onClick={() => toggle(path)}>
          {o ? '▾' : '▸'} {label}
          <span className="json-summary">{summary(v)}</span>
        </button>
        {onPick && /^\.elements\[\d+\]$/.test(path) && (
          <button type="button" className="json-pick" onClick={() => onPick(path)} aria-label={`Show element ${String(key)} on the page`}>
            show
          </button>
        )}
        {o && <ul className="json-children">{entries.map(([k, x]) => node(x, childPath(path, k), k))}</ul>}
      </li>
    );
  };

  return (
    <div className="json-tree" ref={box}>
      <div className="json-search">
        <label htmlFor="json-search">Search</label>
        <input id="json-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="key or value" />
        {query && (
          <span className="json-count" role="status">
            {search.count}
            {search.truncated ? '+' : ''} match{search.count === 1 ? '' : 'es'}
          </span>
        )}
      </div>
      <ul className="json-root">{node(value, '', undefined)}</ul>
    </div>
  );
}
