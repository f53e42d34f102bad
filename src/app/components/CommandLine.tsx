import { cliCommand } from '../logic/command.ts';
import { useOptions, useOptionsView } from '../stores/options-store.ts';
import { useSelectedItem } from '../stores/queue-store.ts';
import { preferredEngine, useSettings } from '../stores/settings-store.ts';
import { CopyButton } from './CopyButton.tsx';

/** The `tessera partition` command that does what the app does with these options. */
export function CommandLine() {
  const text = useOptions((s) => s.text.A);
  const view = useOptionsView('A');
  const item = useSelectedItem();
  const engine = useSettings((s) => s.ocrEngine);
  const command = cliCommand(item?.file.name, view.object, text, preferredEngine(engine));
  return (
    <div className="command-line">
      <code data-testid="cli-command">{command}</code>
      <CopyButton text={command} label="Copy command" />
    </div>
  );
}
