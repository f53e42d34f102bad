import { CommandLine } from './components/CommandLine.tsx';
import { Compare } from './components/Compare.tsx';
import { DropTarget } from './components/DropTarget.tsx';
import { FileInput } from './components/FileInput.tsx';
import { OcrEngineSetting } from './components/OcrEngineSetting.tsx';
import { OptionsForm } from './components/OptionsForm.tsx';
import { OptionsJson } from './components/OptionsJson.tsx';
import { PasswordDialog } from './components/PasswordDialog.tsx';
import { Queue } from './components/Queue.tsx';
import { RunBar } from './components/RunBar.tsx';
import { Tuning } from './components/Tuning.tsx';
import { Outputs } from './outputs/Outputs.tsx';
import { useOptions } from './stores/options-store.ts';
import { ViewerPanel } from './viewer/ViewerPanel.tsx';
import { ServicePanel } from './tasks/ServicePanel.tsx';

export function App() {
  const reset = useOptions((s) => s.reset);
  return (
    <div className="app">
      <a className="skip-link" href="#viewer">
        Skip to the pages
      </a>
      <header className="app-header">
        <h1>Tessera</h1>
        <p className="tagline">Partition documents into typed layout elements. Nothing leaves this machine.</p>
      </header>
      <div className="layout">
        <aside className="sidebar" aria-label="Document and options">
          <section aria-labelledby="input-title">
            <h2 id="input-title">Document</h2>
            <FileInput />
            <OcrEngineSetting />
            <Queue />
            <RunBar />
          </section>
          <section aria-labelledby="options-title" className="options-section">
            <div className="section-head">
              <h2 id="options-title">Options</h2>
              <button type="button" className="link" onClick={() => reset('A')}>
                Reset all
              </button>
            </div>
            <OptionsForm set="A" />
            <OptionsJson set="A" label="Options (JSON)" />
            <CommandLine />
            <Compare />
          </section>
          <ServicePanel />
        </aside>
        <main className="center" id="viewer" tabIndex={-1}>
          <Tuning />
          <ViewerPanel />
        </main>
        <Outputs />
      </div>
      <PasswordDialog />
      <DropTarget />
    </div>
  );
}
