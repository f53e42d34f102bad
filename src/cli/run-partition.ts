// `tessera partition`: plan tasks (whole files, or page ranges of a file when there are fewer files
// than threads), run them on the thread pool (or inline for --jobs 1), merge and write the results.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { assemble, expandPages, parseOptions, toErrorBody } from '../core/index.ts';
import type { PartitionResponse } from '../core/contract/types.ts';
import { setPreferredOcrEngine } from '../core/ocr/index.ts';
import { openDocument } from '../core/pdf/index.ts';
import { StatusLog } from '../core/status.ts';
import type { PartitionCommand } from './args.ts';
import { resolveInputs, type InputFile } from './inputs.ts';
import { ThreadPool } from './pool.ts';
import { ProgressBar } from './progress.ts';
import { runTask, type Task, type TaskEvent } from './task.ts';

type Runner = (task: Task, onEvent: (e: TaskEvent) => void) => Promise<PartitionResponse>;

/** Below this many pages per part, splitting a document costs more than it saves. */
const MIN_PAGES_PER_PART = 4;

async function pagesOf(path: string, options: Record<string, unknown>, password: string | undefined): Promise<number[] | null> {
  const parsed = parseOptions(options);
  if (!parsed.ok) return null;
  try {
    const doc = await openDocument(new Uint8Array(await readFile(path)), { password });
    const n = doc.numPages;
    await doc.close();
    const sel = parsed.options.selected_pages;
    const all = Array.from({ length: n }, (_, i) => i + 1);
    // Invalid selections are reported by the engine itself, with its own message.
    return sel ? (expandPages(sel).every((p) => p <= n) ? expandPages(sel) : null) : all;
  } catch {
    return null; // unreadable: one whole-file task reports why
  }
}

/**
 * Tasks on this thread run one after another, as they do on each pool thread: started all at once,
 * every document of a folder would be open together, interleaved, competing for memory.
 */
function oneAtATime(run: Runner): Runner {
  let last: Promise<unknown> = Promise.resolve();
  return (task, onEvent) => {
    const result = last.then(() => run(task, onEvent));
    last = result.catch(() => undefined);
    return result;
  };
}

function split(pages: number[], parts: number): number[][] {
  const size = Math.ceil(pages.length / parts);
  const chunks: number[][] = [];
  for (let i = 0; i < pages.length; i += size) chunks.push(pages.slice(i, i + size));
  return chunks;
}

/** One file, spread over several tasks by page, then merged as if it were one run. */
async function runSplit(run: Runner, base: Task, pages: number[], parts: number, bar: ProgressBar): Promise<PartitionResponse> {
  const parsed = parseOptions(base.options);
  if (!parsed.ok) return run(base, () => {});
  const log = new StatusLog();
  for (const line of parsed.status) log.add(line);
  log.add('Preprocessing document');
  log.add('Done preprocessing document');
  bar.addTotal(pages.length);
  const onEvent = (e: TaskEvent) => {
    if (e.kind === 'page') {
      bar.pageDone();
      log.add(`Completed work on page ${e.pageNumber}`);
    }
  };
  const results = await Promise.all(split(pages, parts).map((part) => run({ ...base, part }, onEvent)));
  const failed = results.find((r) => r.status_code !== 200);
  if (failed) return failed;
  const elements = results.flatMap((r) => r.elements ?? []);
  try {
    const ctx = { options: parsed.options, status: (m: string) => log.add(m) };
    return { status: log.lines, status_code: 200, ...(await assemble(elements, ctx, basename(base.path))) };
  } catch (err) {
    return { status: log.lines, ...toErrorBody(err) };
  }
}

/**
 * Tasks go to `pooled` (the thread pool, or this thread with --jobs 1). A lone file (`lone`: the
 * only input) too short to split runs `inline`, on this thread: starting a worker thread (loading
 * the engine and pdf.js into a fresh isolate) costs more than its pages.
 */
async function runFile(runners: { pooled: Runner; inline: Runner; lone: boolean }, file: InputFile, cmd: PartitionCommand, parts: number, bar: ProgressBar): Promise<PartitionResponse> {
  const task: Task = { path: file.path, options: cmd.options, password: cmd.password, ...(cmd.noOcr ? { noOcr: true } : {}) };
  let run = runners.pooled;
  if (parts > 1) {
    const pages = await pagesOf(file.path, cmd.options, cmd.password);
    const useful = pages ? Math.min(parts, Math.floor(pages.length / MIN_PAGES_PER_PART)) : 1;
    if (pages && useful > 1) return runSplit(runners.pooled, task, pages, useful, bar);
    if (runners.lone) run = runners.inline;
  }
  return run(task, (e) => (e.kind === 'start' ? bar.addTotal(e.pages) : bar.pageDone()));
}

function render(response: PartitionResponse, cmd: PartitionCommand): string {
  if (response.status_code === 200 && cmd.print !== 'json') {
    const value = cmd.print === 'markdown' ? response.markdown : response.html;
    return Array.isArray(value) ? value.join('\n') : (value ?? '');
  }
  return JSON.stringify(response, null, 2) + '\n';
}

function write(file: InputFile, text: string): void {
  if (!file.outPath) {
    process.stdout.write(text);
    return;
  }
  mkdirSync(dirname(file.outPath), { recursive: true });
  writeFileSync(file.outPath, text);
}

/**
 * The files in the order they go to the threads: largest first, so that a long document is not the
 * last one started while the other threads run out of work (files are written as they finish).
 */
function largestFirst(files: InputFile[]): InputFile[] {
  const size = (f: InputFile): number => {
    try {
      return statSync(f.path).size;
    } catch {
      return 0; // unreadable: its task says why
    }
  };
  const sizes = new Map(files.map((f) => [f, size(f)]));
  return [...files].sort((a, b) => sizes.get(b)! - sizes.get(a)!);
}

export async function runPartition(cmd: PartitionCommand): Promise<number> {
  if (cmd.print !== 'json') cmd.options = { ...cmd.options, output_format: cmd.print };
  if (cmd.ocrEngine) {
    // This thread's engines are already installed; worker threads read the variable at start.
    process.env.TESSERA_OCR_ENGINE = cmd.ocrEngine;
    setPreferredOcrEngine(cmd.ocrEngine);
  }
  const files = resolveInputs(cmd.inputs, cmd.out, cmd.print);
  const pool = cmd.jobs > 1 ? new ThreadPool(cmd.jobs) : null;
  const inline = oneAtATime(runTask);
  const pooled: Runner = pool ? (t, e) => pool.run(t, e) : inline;
  const runners = { pooled, inline, lone: files.length === 1 };
  const bar = new ProgressBar(cmd.progress ? process.stderr : null);
  const partsPerFile = files.length >= cmd.jobs ? 1 : Math.ceil(cmd.jobs / files.length);
  let failures = 0;
  try {
    await Promise.all(
      largestFirst(files).map(async (file) => {
        let response: PartitionResponse;
        try {
          response = await runFile(runners, file, cmd, partsPerFile, bar);
        } catch (err) {
          response = { status: [], status_code: 500, error: `500: ${(err as Error).message}` };
        }
        if (response.status_code !== 200) {
          failures++;
          if (file.outPath || cmd.print !== 'json') process.stderr.write(`${file.path}: ${response.error}\n`);
        }
        write(file, render(response, cmd));
      }),
    );
  } finally {
    bar.finish();
    await pool?.close();
  }
  return failures === 0 ? 0 : 1;
}
