// The evaluation's data model. One DocRun per corpus PDF (the engine's output on it); an Evaluator
// turns the runs it applies to into metrics. The driver (run.ts) applies every registered evaluator
// (evaluators.ts) per group and over all groups.
import type { Element } from '../src/core/index.ts';

export interface DocRun {
  /** Corpus folder the PDF is in, e.g. `layout-cvat`. */
  group: string;
  /** File name without `.pdf`, e.g. `case_01_32a7d8aa5e0c`. */
  stem: string;
  /** Absolute path of the PDF; truth files are `<dir>/<stem>.gt.*`. */
  pdf: string;
  dir: string;
  /** Pages the engine processed (0 when it failed). */
  pages: number;
  elements: Element[];
  /** The response's Markdown for the same run (spec default markdown_options). */
  markdown: string;
  seconds: number;
  /** The response's error, when status_code was not 200. */
  error?: string;
}

export interface Metric {
  /** e.g. `layout F1 (mean over labels)`, `F1 Text`, `NID-S`. */
  name: string;
  /** null: nothing to measure in this selection. */
  value: number | null;
  /** How many items the value averages over (documents, pages, boxes, checks). */
  n: number;
}

export interface Evaluator {
  name: string;
  /** Whether this run has the truth the evaluator needs (e.g. a `.gt.cvat.xml` beside it). */
  appliesTo(run: DocRun): boolean;
  /** Metrics over the given runs (all of which it applies to); called per group and overall. */
  evaluate(runs: readonly DocRun[]): Metric[];
}
