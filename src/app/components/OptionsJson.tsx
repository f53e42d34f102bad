import { useOptions, useOptionsView, type OptionSet } from '../stores/options-store.ts';

/** The options object as JSON, checked live by the same contract parser the engine uses. */
export function OptionsJson({ set, label }: { set: OptionSet; label: string }) {
  const text = useOptions((s) => s.text[set]);
  const setText = useOptions((s) => s.setText);
  const { problems } = useOptionsView(set);
  const id = set === 'A' ? 'options-json' : 'options-json-b';
  const problemsId = set === 'A' ? 'options-problems' : 'options-problems-b';
  return (
    <div className="options-json">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        spellCheck={false}
        rows={Math.min(14, Math.max(4, text.split('\n').length + 1))}
        value={text}
        onChange={(e) => setText(set, e.target.value)}
        aria-invalid={problems.length > 0}
        aria-describedby={problemsId}
      />
      <ul id={problemsId} className="problems" role="status">
        {problems.map((p) => (
          <li key={`${p.path}:${p.message}`}>
            <code>{p.path}</code>: {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
