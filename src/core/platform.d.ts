/* eslint-disable no-var -- ambient global declarations need var */
// The web APIs that both a Web Worker and Node (>= 20) provide. src/core is type-checked against
// ECMAScript plus only these, so it cannot reach for the DOM or for Node's modules by accident.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: ArrayBufferView | ArrayBuffer, options?: { stream?: boolean }): string;
}
interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
declare var AbortSignal: { prototype: AbortSignal; abort(reason?: unknown): AbortSignal; timeout(ms: number): AbortSignal };
declare class AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var performance: { now(): number };
declare function setTimeout(handler: () => void, ms?: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function queueMicrotask(callback: () => void): void;
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare function structuredClone<T>(value: T): T;
declare var console: {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
