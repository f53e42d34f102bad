#!/usr/bin/env node
// The `tessera` command. The sources are TypeScript; tsx compiles them on the fly, so the command
// works straight from a clone after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
