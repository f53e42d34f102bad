/// <reference lib="webworker" />
// The chunking tokenizers inside the service worker. A service worker may not use import(), and
// importing every tokenizer's data statically would make the worker parse ~20 MB at each start, so
// their code (small) is imported statically here and their data (megabytes) is fetched as JSON from
// the app's own origin: /tokenizers/<name>.json, written by the build (src/sw/vite-plugin.ts). The
// worker's fetch is cache-first (engine-setup.ts), so a tokenizer used once works offline after.
import { Tokenizer } from '@huggingface/tokenizers';
import { Tiktoken } from 'js-tiktoken/lite';
import { setTokenizerSource } from '../core/chunking/tokenizers.ts';
import { TesseraError } from '../core/contract/errors.ts';
import { hfDataFiles, tiktokenDataFile } from './precache-policy.ts';

declare const self: ServiceWorkerGlobalScope;


async function readJson<T>(file: string): Promise<T> {
  const url = new URL(file, self.registration.scope).href;
  let res: Response;
  try {
    res = await self.fetch(url);
  } catch (err) {
    throw new TesseraError('unsupported', `The tokenizer data ${file} is not cached yet and the network is off (${(err as Error).message}); use this tokenizer once online first`);
  }
  if (!res.ok) throw new TesseraError('internal', `The tokenizer data ${file} could not be read: HTTP ${res.status}`);
  return (await res.json()) as T;
}

export function installServiceWorkerTokenizers(): void {
  setTokenizerSource({
    tiktoken: async (encoding) => ({ Tiktoken, ranks: await readJson(tiktokenDataFile(encoding)) }),
    huggingFace: async (pkg) => {
      const [json, config] = await Promise.all(hfDataFiles(pkg).map((f) => readJson<object>(f)));
      return { Tokenizer, json: json!, config: config! };
    },
  });
}
