// Storage the service core writes through: DocSets with their documents, and async tasks. The
// browser implements these on IndexedDB (src/sw/idb-stores.ts), the server on a data directory
// (src/server/disk-stores.ts); memory-stores.ts has the in-memory reference used by unit tests.
import type { PartitionResponse } from '../core/contract/types.ts';

export interface DocSetRecord {
  docset_id: string;
  name: string;
  /** ISO 8601. */
  created_at: string;
  readonly: boolean;
  properties: Record<string, unknown>;
  /** Bytes of the original files of its documents. */
  size: number;
}

export interface DocRecord {
  doc_id: string;
  docset_id: string;
  created_at: string;
  name: string;
  /** Bytes of the original file. */
  size: number;
  content_type: string;
  properties: Record<string, unknown>;
}

/** What a parse produced: the output fields of the response (elements, or markdown / html). */
export type DocContent = Pick<PartitionResponse, 'elements' | 'markdown' | 'html'>;

export interface StoredDoc {
  record: DocRecord;
  content: DocContent;
  file: Uint8Array;
}

export interface DocSetStore {
  listDocSets(): Promise<DocSetRecord[]>;
  getDocSet(id: string): Promise<DocSetRecord | undefined>;
  putDocSet(record: DocSetRecord): Promise<void>;
  /** Removes the DocSet and every document in it. */
  deleteDocSet(id: string): Promise<void>;
  listDocs(docsetId: string): Promise<DocRecord[]>;
  getDoc(docsetId: string, docId: string): Promise<StoredDoc | undefined>;
  putDoc(doc: StoredDoc): Promise<void>;
  deleteDoc(docsetId: string, docId: string): Promise<void>;
}

export type TaskStatus = 'queue' | 'run' | 'done' | 'cancel' | 'abort';

export interface TaskRecord {
  task_id: string;
  action: string;
  task_status: TaskStatus;
  /** Milliseconds of the service clock. */
  created_at: number;
  finished_at?: number;
  /** Name of the submitted file, for listings. */
  name?: string;
  webhook?: string;
  /** The full response once the task stopped (done, cancel or abort). */
  result?: PartitionResponse;
}

export interface TaskStore {
  list(): Promise<TaskRecord[]>;
  get(id: string): Promise<TaskRecord | undefined>;
  put(record: TaskRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

/** Service settings that outlive a restart. */
export interface SettingsStore {
  getRetention(): Promise<boolean | undefined>;
  setRetention(on: boolean): Promise<void>;
}
