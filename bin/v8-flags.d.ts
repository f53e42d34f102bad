/** V8 settings of every `tessera` process (see v8-flags.js), also given to the benches' pdf.js floor processes. */
export const V8_FLAGS: string[];
export function applyV8Flags(): void;
