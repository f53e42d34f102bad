// V8 settings of every `tessera` process (its worker threads share them).
//
// --interrupt-budget: how much bytecode a function runs before V8 considers compiling it with its
// optimizing compiler. The default (67584) suits long-lived pages and servers; a `tessera` run
// compiles pdf.js and the engine afresh in every thread, and with the default V8 spent about a
// third of the CPU of a layout-only folder run optimizing code that had nearly finished its work.
// 15 times the default made `tessera partition` on the born-digital corpus 1.3-1.5x faster on
// 2 cores, and a 1,000-page folder 1.2x faster, so long runs lose nothing (bench/cli-folder.ts).
import v8 from 'node:v8';

export const V8_FLAGS = ['--interrupt-budget=1000000'];

/** Sets them in this process, before the code they concern is loaded. */
export function applyV8Flags() {
  for (const flag of V8_FLAGS) v8.setFlagsFromString(flag);
}
