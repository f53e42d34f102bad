// API keys of `tessera serve`: from TESSERA_API_KEYS (comma or whitespace separated) and/or a keys
// file (one key per line, # comments). Compared in constant time.
import { timingSafeEqual, createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AuthResult } from '../service/index.ts';

export function readKeys(env: string | undefined, file: string | undefined): string[] {
  const keys = (env ?? '').split(/[\s,]+/);
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`cannot read the keys file ${file}: ${(err as Error).message}`, { cause: err });
    }
    for (const line of text.split('\n')) keys.push(line.replace(/#.*/, ''));
  }
  return [...new Set(keys.map((k) => k.trim()).filter(Boolean))];
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function bearerAuth(keys: string[]): (authorization: string | undefined) => AuthResult {
  const digests = keys.map(digest);
  return (authorization) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!m) return 'missing';
    const given = digest(m[1]!);
    return digests.some((d) => timingSafeEqual(d, given)) ? 'ok' : 'invalid';
  };
}
