// One unit of CLI work: a file (or some of its pages) through the engine. Runs the same in a worker
// thread and inline on the main thread.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { partition, type PartitionEvent } from '../core/index.ts';
import type { PartitionResponse } from '../core/contract/types.ts';
import { installNodePdfEnvironment } from './node-raster.ts';

// pdf.js with its fonts, CMaps and wasm decoders from node_modules; once per thread.
installNodePdfEnvironment();

export interface Task {
  path: string;
  options: Record<string, unknown>;
  password: string | undefined;
  /** Pages of the selection this task processes; absent: the whole document, fully rendered. */
  part?: number[];
  /** No OCR engine in this thread (--no-ocr): what needs OCR is skipped with a status line. */
  noOcr?: boolean;
}

/** The events a task reports back: only what the CLI's progress and merging need. */
export type TaskEvent = { kind: 'start'; pages: number } | { kind: 'page'; pageNumber: number };

export async function runTask(task: Task, onEvent: (e: TaskEvent) => void, signal?: AbortSignal): Promise<PartitionResponse> {
  // tesseract.js and PP-OCR engines with their data from node_modules (once per thread; cheap
  // again). Imported here, not at start: with --no-ocr a thread never loads them (0.1 s each).
  if (!task.noOcr) (await import('./ocr-node.ts')).installNodeOcr();
  let file: Uint8Array;
  try {
    file = new Uint8Array(await readFile(task.path));
  } catch (err) {
    return { status: [], status_code: 400, error: `400: Cannot read ${task.path}: ${(err as Error).message}` };
  }
  const forward = (e: PartitionEvent) => {
    if (e.kind === 'start') onEvent({ kind: 'start', pages: e.pages.length });
    else if (e.kind === 'page') onEvent({ kind: 'page', pageNumber: e.pageNumber });
  };
  return partition({
    file,
    options: task.options,
    password: task.password,
    filename: basename(task.path),
    part: task.part,
    signal,
    onEvent: forward,
  });
}
