// The service core's view of HTTP: a small request/response model that both adapters (the service
// worker and the Node server) translate to and from. Nothing here knows Node or the DOM: storage,
// clock, ids, fetch and the engine are injected (see ServiceDeps in routes.ts).
import type { PartitionResponse } from '../core/contract/types.ts';

export interface UploadedFile {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** The multipart form of the partition endpoints, already parsed by the adapter. */
export interface PartitionForm {
  file?: UploadedFile;
  file_url?: string;
  options?: string;
}

export interface ServiceRequest {
  method: string;
  /** URL path without the query, e.g. `/v1/async/result/abc`. */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** Parses the multipart body; throws RequestError (422 unparseable, 413 too large). */
  form(): Promise<PartitionForm>;
  /** Parses a JSON body; throws RequestError (422) when it is not JSON. */
  json(): Promise<unknown>;
  /** Aborted when the client goes away: a sync partition then stops its work. */
  signal?: AbortSignal;
}

export type ServiceResponse =
  | { status: number; body: unknown; headers?: Record<string, string> }
  /** A body written piece by piece as the work proceeds (the sync partition's status lines). */
  | { status: number; stream: AsyncIterable<string>; headers?: Record<string, string> }
  | { status: number; bytes: Uint8Array; contentType: string; headers?: Record<string, string> };

/** A request error of the conventions: an HTTP status with `{"detail": "..."}`. */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'RequestError';
  }
}

/** What the service needs from the engine: core's partition() with status lines and a signal. */
export interface Engine {
  partition(req: {
    file: Uint8Array;
    options: unknown;
    filename: string;
    signal: AbortSignal;
    onStatus: (line: string) => void;
  }): Promise<PartitionResponse>;
}

/** fetch() as far as the service uses it (file_url downloads, webhook POSTs). */
export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; arrayBuffer(): Promise<ArrayBuffer>; headers: { get(name: string): string | null } }>;

export type Clock = () => number;

export interface Logger {
  warn(message: string): void;
}
