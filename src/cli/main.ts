// Entry of the `tessera` command (bin/tessera.js). Returns the exit code: 0 when every response has
// status_code 200, 1 otherwise, 2 for usage errors. Never prints a stack trace at the user.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseCommand, UsageError } from './args.ts';
import { MAIN_HELP, optionsHelp, PARTITION_HELP } from './help.ts';
import { runPartition } from './run-partition.ts';
import { SERVE_HELP } from './serve-args.ts';

export async function main(argv: string[]): Promise<number> {
  try {
    const cmd = parseCommand(argv, Boolean(process.stderr.isTTY));
    switch (cmd.command) {
      case 'help':
        process.stdout.write(
          cmd.topic === 'main' ? MAIN_HELP : cmd.topic === 'partition' ? PARTITION_HELP : cmd.topic === 'serve' ? SERVE_HELP : optionsHelp(),
        );
        return 0;
      case 'version': {
        const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
        process.stdout.write(`tessera ${pkg.version}\n`);
        return 0;
      }
      case 'partition':
        return await runPartition(cmd);
      case 'serve':
        return await (await import('./serve.ts')).runServe(cmd);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`tessera: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(`tessera: ${(err as Error).message}\n`);
    return 1;
  }
}

// `tsx src/cli/main.ts ...` (npm run tessera) runs it directly; bin/tessera.js imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
