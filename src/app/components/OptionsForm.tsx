import { describeOptions, OPTION_GROUPS } from '../../core/contract/index.ts';
import { fieldOfProblem } from '../logic/options-path.ts';
import { useOptions, useOptionsView, type OptionSet } from '../stores/options-store.ts';
import { OptionField } from './OptionField.tsx';

const FIELDS = describeOptions();
const PATHS = FIELDS.map((f) => f.path);

/**
 * Every option of the contract, generated from its schema and grouped as the spec groups them, with
 * the errors of the engine's own parser next to the field they concern.
 */
export function OptionsForm({ set }: { set: OptionSet }) {
  const view = useOptionsView(set);
  const setField = useOptions((s) => s.setField);
  const byField = new Map<string, string[]>();
  const general: string[] = [];
  for (const p of view.problems) {
    const f = fieldOfProblem(p.path, PATHS);
    const text = f === p.path ? p.message : `${p.path}: ${p.message}`;
    if (f === undefined) general.push(text);
    else byField.set(f, [...(byField.get(f) ?? []), text]);
  }
  const options = view.object ?? {};
  const chunkingOff = !('chunking_options' in options);

  return (
    <div className="options-form">
      {view.object === undefined && <p className="field-error">The JSON below is not an options object yet; the form follows once it is.</p>}
      {general.length > 0 && (
        <ul className="field-errors" data-testid="errors-general">
          {general.map((g) => (
            <li key={g}>{g}</li>
          ))}
        </ul>
      )}
      {OPTION_GROUPS.map((group) => {
        const fields = FIELDS.filter((f) => f.group === group);
        const errorCount = fields.reduce((n, f) => n + (byField.get(f.path)?.length ?? 0), 0);
        return (
          <details key={group} className="option-group" open={group === 'General' || errorCount > 0}>
            <summary>
              {group}
              {errorCount > 0 && <span className="error-count"> · {errorCount} error{errorCount > 1 ? 's' : ''}</span>}
            </summary>
            {fields.map((f) => (
              <OptionField
                key={f.path}
                field={f}
                options={options}
                errors={byField.get(f.path) ?? []}
                disabled={view.object === undefined || (chunkingOff && f.path.startsWith('chunking_options.'))}
                onChange={(v) => setField(set, f.path, v)}
              />
            ))}
          </details>
        );
      })}
    </div>
  );
}
