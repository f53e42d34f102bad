import { optionsProblems, useApp } from './store.ts';

/** The options object as JSON, checked live by the same contract parser the engine uses. */
export function OptionsEditor() {
  const { optionsText, setOptionsText } = useApp();
  const problems = optionsProblems(optionsText);
  return (
    <div className="options">
      <label htmlFor="options-json">Options (JSON)</label>
      <textarea
        id="options-json"
        spellCheck={false}
        rows={6}
        value={optionsText}
        onChange={(e) => setOptionsText(e.target.value)}
        aria-invalid={problems.length > 0}
        aria-describedby="options-problems"
      />
      <ul id="options-problems" className="problems" role="status">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}
