#!/usr/bin/env node
// The `tessera` command. It runs a bundle of the TypeScript sources, rebuilt whenever they change
// (cli-bundle.js), so it works straight from a clone after `npm install`, with no build step; if the
// bundle cannot be built, tsx compiles the sources on the fly instead.
import { cliBundle } from './cli-bundle.js';
import { applyV8Flags } from './v8-flags.js';

applyV8Flags();

let entry = await cliBundle();
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = new URL('../src/cli/main.ts', import.meta.url);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
