// How an option problem reads. Every message says what is allowed and what was sent, because the
// reader is someone fixing a request by hand: `must be one of json, markdown, html; got "pdf"`.
import type * as z from 'zod';

/** A sent value as it appears in a message: strings quoted, long values shortened. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  if (s.length > 60) s = `${s.slice(0, 57)}...`;
  if (Array.isArray(v)) return `an array ${s}`;
  if (typeof v === 'object') return `an object ${s}`;
  return s;
}

const NUMERIC = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;
/** Options are JSON: "0.3" and "true" are strings, and the fix is to drop the quotes. */
export function quotedHint(v: unknown): string {
  if (typeof v !== 'string') return '';
  if (NUMERIC.test(v)) return ' (a string: send the number without quotes)';
  if (v === 'true' || v === 'false') return ' (a string: send true or false without quotes)';
  return '';
}

const EXPECTED: Record<string, string> = {
  int: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  string: 'a string',
  array: 'an array',
  object: 'a JSON object',
  tuple: 'an array',
};

type RawIssue = z.core.$ZodRawIssue;
const field = <T>(iss: RawIssue, key: string): T | undefined => (iss as unknown as Record<string, T | undefined>)[key];

/**
 * The error map passed to every safeParse of the options schema. Fields whose message needs more
 * than the issue carries (threshold, max_tokens, ...) set their own `error`, which zod prefers.
 */
export const issueMessage: z.core.$ZodErrorMap = (iss) => {
  const got = describeValue(iss.input);
  switch (iss.code) {
    case 'invalid_type': {
      const expected = field<string>(iss, 'expected') ?? 'another type';
      return `must be ${EXPECTED[expected] ?? expected}, got ${got}${quotedHint(iss.input)}`;
    }
    case 'invalid_value': {
      const values = (field<unknown[]>(iss, 'values') ?? []).map(String);
      return values.length === 1 ? `must be "${values[0]}", got ${got}` : `must be one of ${values.join(', ')}; got ${got}`;
    }
    case 'too_small': {
      const min = field<number>(iss, 'minimum');
      const origin = field<string>(iss, 'origin');
      if (origin === 'string') return min === 1 ? 'must not be empty' : `must be at least ${min} characters long`;
      if (origin === 'array') return `must have at least ${min} entries`;
      return `must be ${field<boolean>(iss, 'inclusive') === false ? '>' : '>='} ${min}, got ${got}`;
    }
    case 'too_big': {
      const max = field<number>(iss, 'maximum');
      return `must be ${field<boolean>(iss, 'inclusive') === false ? '<' : '<='} ${max}, got ${got}`;
    }
    case 'unrecognized_keys':
      // parse.ts turns this into one problem per key, with the allowed keys listed.
      return 'unknown key';
    case 'invalid_union':
      return `has the wrong type, got ${got}`;
    default:
      return undefined;
  }
};
