// Command-line arguments -> a typed command. Usage errors are UsageError (exit code 2).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { parseServeCommand, type ServeCommand } from './serve-args.ts';

export class UsageError extends Error {}

export type OutputKind = 'json' | 'markdown' | 'html';

export interface PartitionCommand {
  command: 'partition';
  inputs: string[];
  /** The options object, already read from JSON text or @file. */
  options: Record<string, unknown>;
  password: string | undefined;
  out: string | undefined;
  print: OutputKind;
  jobs: number;
  progress: boolean;
  /** OCR engine for every page that needs OCR; undefined: chosen per language. */
  ocrEngine: string | undefined;
  /** --no-ocr: embedded text only; pages and pictures that would need OCR are skipped (status line). */
  noOcr: boolean;
}

export type Command =
  | PartitionCommand
  | ServeCommand
  | { command: 'help'; topic: 'main' | 'partition' | 'options' | 'serve' }
  | { command: 'version' };

function readOptions(value: string | undefined): Record<string, unknown> {
  if (value === undefined) return {};
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = readFileSync(value.slice(1), 'utf8');
    } catch (err) {
      throw new UsageError(`--options: cannot read ${value.slice(1)}: ${(err as Error).message}`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--options: not valid JSON (${(err as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError('--options: must be a JSON object, e.g. --options \'{"threshold": 0.4}\'');
  return parsed as Record<string, unknown>;
}

const OCR_ENGINES = ['tesseract', 'ppocr'];

function checkOcrEngine(name: string | undefined): string | undefined {
  if (name !== undefined && !OCR_ENGINES.includes(name))
    throw new UsageError(`--ocr-engine: must be one of ${OCR_ENGINES.join(', ')}, got "${name}"`);
  return name;
}

export function parseCommand(argv: string[], isTTY: boolean): Command {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') return { command: 'help', topic: 'main' };
  if (command === '--version' || command === '-v') return { command: 'version' };
  if (command === '--help-options') return { command: 'help', topic: 'options' };
  if (command === 'serve') return parseServeCommand(rest);
  if (command !== 'partition') throw new UsageError(`unknown command "${command}"; try: tessera partition FILE`);

  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        options: { type: 'string', short: 'o' },
        password: { type: 'string' },
        out: { type: 'string' },
        markdown: { type: 'boolean' },
        html: { type: 'boolean' },
        jobs: { type: 'string', short: 'j' },
        'no-progress': { type: 'boolean' },
        'ocr-engine': { type: 'string' },
        'no-ocr': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        'help-options': { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: 'help', topic: 'partition' };
  if (values['help-options']) return { command: 'help', topic: 'options' };
  if (positionals.length === 0) throw new UsageError('partition: give a FILE or DIRECTORY to partition');
  if (values.markdown && values.html) throw new UsageError('--markdown and --html cannot be used together');
  if (values['no-ocr'] && values['ocr-engine']) throw new UsageError('--no-ocr and --ocr-engine cannot be used together');

  const jobs = values.jobs === undefined ? availableParallelism() : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`--jobs: must be a whole number >= 1, got "${values.jobs}"`);

  return {
    command: 'partition',
    inputs: positionals,
    options: readOptions(values.options),
    password: values.password,
    out: values.out,
    print: values.markdown ? 'markdown' : values.html ? 'html' : 'json',
    jobs,
    progress: isTTY && !values['no-progress'],
    ocrEngine: checkOcrEngine(values['ocr-engine']),
    noOcr: values['no-ocr'] === true,
  };
}
