// The in-browser service's storage on IndexedDB (through idb, a small well-kept promise wrapper):
// DocSets, their documents (records and elements apart from the original files, so listings stay
// light), async tasks and settings. Survives reloads and service worker restarts.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DocContent, DocRecord, DocSetRecord, DocSetStore, SettingsStore, StoredDoc, TaskRecord, TaskStore } from '../service/index.ts';

interface Schema extends DBSchema {
  docsets: { key: string; value: DocSetRecord };
  docs: { key: [string, string]; value: { docset_id: string; doc_id: string; record: DocRecord; content: DocContent }; indexes: { 'by-docset': string } };
  files: { key: [string, string]; value: { docset_id: string; doc_id: string; bytes: Uint8Array } };
  tasks: { key: string; value: TaskRecord };
  settings: { key: string; value: unknown };
}

export type ServiceDb = IDBPDatabase<Schema>;

export function openServiceDb(name = 'tessera-service'): Promise<ServiceDb> {
  return openDB<Schema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('docsets', { keyPath: 'docset_id' });
      const docs = db.createObjectStore('docs', { keyPath: ['docset_id', 'doc_id'] });
      docs.createIndex('by-docset', 'docset_id');
      db.createObjectStore('files', { keyPath: ['docset_id', 'doc_id'] });
      db.createObjectStore('tasks', { keyPath: 'task_id' });
      db.createObjectStore('settings');
    },
  });
}

export class IdbDocSetStore implements DocSetStore {
  constructor(private readonly db: ServiceDb) {}
  listDocSets(): Promise<DocSetRecord[]> {
    return this.db.getAll('docsets');
  }
  getDocSet(id: string): Promise<DocSetRecord | undefined> {
    return this.db.get('docsets', id);
  }
  async putDocSet(record: DocSetRecord): Promise<void> {
    await this.db.put('docsets', record);
  }
  async deleteDocSet(id: string): Promise<void> {
    const tx = this.db.transaction(['docsets', 'docs', 'files'], 'readwrite');
    const range = IDBKeyRange.bound([id, ''], [id, '\uffff']);
    await Promise.all([tx.objectStore('docsets').delete(id), tx.objectStore('docs').delete(range), tx.objectStore('files').delete(range), tx.done]);
  }
  async listDocs(docsetId: string): Promise<DocRecord[]> {
    return (await this.db.getAllFromIndex('docs', 'by-docset', docsetId)).map((d) => d.record);
  }
  async getDoc(docsetId: string, docId: string): Promise<StoredDoc | undefined> {
    const doc = await this.db.get('docs', [docsetId, docId]);
    if (!doc) return undefined;
    const file = await this.db.get('files', [docsetId, docId]);
    return { record: doc.record, content: doc.content, file: file?.bytes ?? new Uint8Array() };
  }
  async putDoc(doc: StoredDoc): Promise<void> {
    const key = { docset_id: doc.record.docset_id, doc_id: doc.record.doc_id };
    const tx = this.db.transaction(['docs', 'files'], 'readwrite');
    await Promise.all([tx.objectStore('files').put({ ...key, bytes: doc.file }), tx.objectStore('docs').put({ ...key, record: doc.record, content: doc.content }), tx.done]);
  }
  async deleteDoc(docsetId: string, docId: string): Promise<void> {
    const tx = this.db.transaction(['docs', 'files'], 'readwrite');
    await Promise.all([tx.objectStore('docs').delete([docsetId, docId]), tx.objectStore('files').delete([docsetId, docId]), tx.done]);
  }
}

export class IdbTaskStore implements TaskStore {
  constructor(private readonly db: ServiceDb) {}
  async list(): Promise<TaskRecord[]> {
    // Listings do not need results (they can be large): drop them here.
    return (await this.db.getAll('tasks')).map(({ result: _r, ...rest }) => rest);
  }
  get(id: string): Promise<TaskRecord | undefined> {
    return this.db.get('tasks', id);
  }
  async put(record: TaskRecord): Promise<void> {
    await this.db.put('tasks', record);
  }
  async delete(id: string): Promise<void> {
    await this.db.delete('tasks', id);
  }
}

export class IdbSettingsStore implements SettingsStore {
  constructor(private readonly db: ServiceDb) {}
  async getRetention(): Promise<boolean | undefined> {
    const v = await this.db.get('settings', 'retention');
    return typeof v === 'boolean' ? v : undefined;
  }
  async setRetention(on: boolean): Promise<void> {
    await this.db.put('settings', on, 'retention');
  }
}
