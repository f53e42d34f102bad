import { useApp } from './store.ts';

export function Results() {
  const { state, elements, response, failure, pagesDone, pagesTotal } = useApp();
  if (state === 'idle') return <section className="results empty">Results appear here, page by page.</section>;
  return (
    <section className="results" aria-label="Results">
      <p role="status" data-testid="run-state">
        {state === 'running' && `Working… ${pagesDone}/${pagesTotal} pages`}
        {state === 'done' && `Done: ${elements.length} elements from ${pagesTotal} pages`}
        {state === 'cancelled' && 'Cancelled'}
        {state === 'failed' && `Failed: ${failure}`}
      </p>
      <ol className="elements" data-testid="elements">
        {elements.map((e, i) => (
          <li key={i} className={`element type-${e.type}`}>
            <span className="type">{e.type}</span> <span className="page">p.{e.properties.page_number}</span>{' '}
            <span className="score">{e.properties.score.toFixed(2)}</span>
            <div className="text">{e.text_representation}</div>
          </li>
        ))}
      </ol>
      {response && (
        <details>
          <summary>Response JSON</summary>
          <pre data-testid="response-json">{JSON.stringify(response, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
