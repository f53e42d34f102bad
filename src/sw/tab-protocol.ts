// The messages between the service worker and an open tab of the app (src/app/sw-bridge.ts), which
// runs a /v1 partition in its engine Web Worker for the service worker. A service worker cannot
// start a dedicated Worker, and tesseract.js needs one: the tab has what the service worker lacks.
//
//   service worker -> tab (client.postMessage, transferring `port` and `file`): TabRequest
//   tab -> service worker (over `port`): accepted, then status lines and heartbeats, then one of
//     result | failed | gone
//   service worker -> tab (over `port`): cancel
import type { PartitionResponse } from '../core/contract/types.ts';

export const TAB_REQUEST = 'tessera-sw-partition';

export interface TabRequest {
  kind: typeof TAB_REQUEST;
  /** Where the tab answers; transferred with the message. */
  port: MessagePort;
  /** Transferred, not copied. */
  file: ArrayBuffer;
  options: unknown;
  filename: string;
}

export type FromTab =
  /** The tab has the bridge and started the run (sent at once, before any work). */
  | { type: 'accepted' }
  | { type: 'status'; line: string }
  /** Sent every few seconds while the run goes on: the tab is alive even if the engine is quiet. */
  | { type: 'alive' }
  | { type: 'result'; response: PartitionResponse }
  | { type: 'failed'; message: string }
  /** The tab is closing or reloading: its run stops, the service worker may run it elsewhere. */
  | { type: 'gone' };

export type ToTab = { type: 'cancel' };

/** How often the tab says it is alive while a run goes on. */
export const TAB_HEARTBEAT_MS = 5_000;

export function isTabRequest(data: unknown): data is TabRequest {
  return typeof data === 'object' && data !== null && (data as { kind?: unknown }).kind === TAB_REQUEST;
}
