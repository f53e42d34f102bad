import { useEffect, useRef, useState } from 'react';
import type { OptionField as Field } from '../../core/contract/index.ts';
import { getAt, hasAt, type OptionsObject } from '../logic/options-path.ts';
import { formatPages, parsePagesText } from '../logic/pages-text.ts';

interface Props {
  field: Field;
  options: OptionsObject;
  errors: string[];
  disabled: boolean;
  onChange(value: unknown): void;
}

const shown = (v: unknown) => (v === null ? 'none' : typeof v === 'string' ? v : JSON.stringify(v));
const leaf = (path: string) => path.slice(path.lastIndexOf('.') + 1);

/** A text input that keeps what is typed until it reads as a value (numbers, page lists). */
function TextDraft(props: {
  id: string;
  value: string;
  placeholder: string;
  disabled: boolean;
  describedBy: string;
  invalid: boolean;
  read(text: string): { ok: true; value: unknown } | { ok: false; message: string };
  onValue(v: unknown): void;
}) {
  const [draft, setDraft] = useState(props.value);
  const [local, setLocal] = useState<string | null>(null);
  const focused = useRef(false);
  // Follow edits made elsewhere (the JSON view), but never rewrite what is being typed ("0." -> "0").
  useEffect(() => {
    if (!focused.current) setDraft(props.value);
  }, [props.value]);
  return (
    <>
      <input
        id={props.id}
        type="text"
        value={draft}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        aria-invalid={props.invalid || local !== null}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          if (local === null) setDraft(props.value);
        }}
        onChange={(e) => {
          setDraft(e.target.value);
          const r = props.read(e.target.value);
          setLocal(r.ok ? null : r.message);
          if (r.ok) props.onValue(r.value);
        }}
      />
      {local && <span className="field-error">{local}</span>}
    </>
  );
}

const readNumber = (text: string): { ok: true; value: unknown } | { ok: false; message: string } => {
  if (text.trim() === '') return { ok: true, value: undefined };
  const n = Number(text);
  if (!Number.isFinite(n)) return { ok: false, message: 'not a number' };
  // A fraction for an integer key is passed on as it is: the contract parser says what is wrong.
  return { ok: true, value: n };
};

/** One option: its control, default, one-line help, deprecation and the parser's errors for it. */
export function OptionField({ field, options, errors, disabled, onChange }: Props) {
  const id = `opt-${field.path}`;
  const helpId = `${id}-help`;
  const value = getAt(options, field.path);
  const explicit = hasAt(options, field.path);
  const describedBy = errors.length > 0 ? `${helpId} ${id}-errors` : helpId;
  const invalid = errors.length > 0;
  let control;
  switch (field.type) {
    case 'boolean':
      control = (
        <input
          id={id}
          type="checkbox"
          checked={typeof value === 'boolean' ? value : field.default === true}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.checked === field.default ? undefined : e.target.checked)}
        />
      );
      break;
    case 'enum':
      control = (
        <select id={id} value={typeof value === 'string' ? value : String(field.default)} disabled={disabled} aria-describedby={describedBy} aria-invalid={invalid} onChange={(e) => onChange(e.target.value === field.default ? undefined : e.target.value)}>
          {(field.allowed ?? []).map((a) => (
            <option key={a} value={a}>
              {a}
              {a === field.default ? ' (default)' : ''}
            </option>
          ))}
          {typeof value === 'string' && !(field.allowed ?? []).includes(value) && <option value={value}>{value} (not allowed)</option>}
        </select>
      );
      break;
    case 'integer':
    case 'number':
    case 'threshold':
      control = (
        <TextDraft
          id={id}
          value={value === undefined ? '' : String(value)}
          placeholder={shown(field.default)}
          disabled={disabled}
          describedBy={describedBy}
          invalid={invalid}
          read={field.type === 'threshold' ? (t) => (t.trim() === 'auto' ? { ok: true, value: 'auto' } : readNumber(t)) : readNumber}
          onValue={onChange}
        />
      );
      break;
    case 'pages':
      control = (
        <TextDraft
          id={id}
          value={formatPages(value)}
          placeholder="all pages, e.g. 1, 3-5"
          disabled={disabled}
          describedBy={describedBy}
          invalid={invalid}
          read={(t) => {
            const r = parsePagesText(t);
            return r.ok ? { ok: true, value: r.pages } : r;
          }}
          onValue={onChange}
        />
      );
      break;
    case 'string[]':
      control = (
        <div className="multi" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
          {(field.allowed ?? []).map((a) => {
            const list = Array.isArray(value) ? (value as string[]) : (field.default as string[]);
            return (
              <label key={a} className="check">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={list.includes(a)}
                  onChange={(e) => onChange(e.target.checked ? [...list, a] : list.filter((x) => x !== a))}
                />
                {a}
              </label>
            );
          })}
        </div>
      );
      break;
    case 'object':
      // chunking_options: present means chunking; the other maps are just headings.
      control =
        field.default === null ? (
          <input id={id} type="checkbox" checked={explicit} disabled={disabled} aria-describedby={describedBy} onChange={(e) => onChange(e.target.checked ? {} : undefined)} />
        ) : null;
      break;
    default:
      control = (
        <TextDraft
          id={id}
          value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)}
          placeholder={shown(field.default)}
          disabled={disabled}
          describedBy={describedBy}
          invalid={invalid}
          read={(t) => ({ ok: true, value: t === '' ? undefined : t })}
          onValue={onChange}
        />
      );
  }

  const depth = field.path.split('.').length - 1;
  return (
    <div className={`option type-${field.type}${field.deprecated ? ' deprecated' : ''}${explicit ? ' set' : ''}`} style={{ marginLeft: depth * 14 }} data-path={field.path}>
      <div className="option-head">
        <label id={`${id}-label`} htmlFor={control && field.type !== 'string[]' ? id : undefined} title={field.path}>
          {leaf(field.path)}
        </label>
        {field.deprecated && <span className="badge">deprecated: use {field.deprecated.replacement}</span>}
        {explicit && field.type !== 'object' && (
          <button type="button" className="reset" onClick={() => onChange(undefined)} aria-label={`Reset ${field.path} to its default`} disabled={disabled}>
            reset
          </button>
        )}
      </div>
      {control}
      <p id={helpId} className="help">
        {field.description} <span className="default">Default: {shown(field.default)}</span>
      </p>
      {errors.length > 0 && (
        <ul id={`${id}-errors`} className="field-errors" data-testid={`errors-${field.path}`}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
