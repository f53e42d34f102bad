import { useState, type DragEvent } from 'react';
import { OptionsEditor } from './OptionsEditor.tsx';
import { Results } from './Results.tsx';
import { useApp } from './store.ts';

const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

export function App() {
  const { file, setFile, state, run, cancel, password, setPassword, pagesDone, pagesTotal } = useApp();
  const [dragging, setDragging] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };

  return (
    <div
      className={dragging ? 'app dragging' : 'app'}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <header>
        <h1>Tessera</h1>
        <p className="tagline">Partition documents into typed layout elements. Nothing leaves this machine.</p>
      </header>
      <main>
        <section className="input" aria-label="Document">
          <label className="file-picker">
            <span>Drop a PDF anywhere, or choose one:</span>
            <input type="file" accept={ACCEPT} data-testid="file-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </label>
          {file && <p className="file-name">{file.name}</p>}
          <label>
            Password (encrypted PDFs)
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="off" />
          </label>
          <OptionsEditor />
          <div className="actions">
            <button type="button" onClick={() => void run()} disabled={!file || state === 'running'}>
              Partition
            </button>
            <button type="button" onClick={cancel} disabled={state !== 'running'}>
              Cancel
            </button>
          </div>
          {state === 'running' && (
            <progress aria-label="Pages done" max={pagesTotal || 1} value={pagesDone}>
              {pagesDone}/{pagesTotal}
            </progress>
          )}
        </section>
        <Results />
      </main>
    </div>
  );
}
