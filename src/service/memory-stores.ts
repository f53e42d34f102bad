// In-memory stores: the reference behaviour of the store interfaces, and a fallback where nothing
// persistent is available. Values are cloned in and out so callers cannot alias stored state.
import type { DocRecord, DocSetRecord, DocSetStore, SettingsStore, StoredDoc, TaskRecord, TaskStore } from './stores.ts';

export class MemoryDocSetStore implements DocSetStore {
  private readonly docsets = new Map<string, DocSetRecord>();
  private readonly docs = new Map<string, Map<string, StoredDoc>>();

  async listDocSets(): Promise<DocSetRecord[]> {
    return [...this.docsets.values()].map((d) => structuredClone(d));
  }
  async getDocSet(id: string): Promise<DocSetRecord | undefined> {
    const d = this.docsets.get(id);
    return d && structuredClone(d);
  }
  async putDocSet(record: DocSetRecord): Promise<void> {
    this.docsets.set(record.docset_id, structuredClone(record));
  }
  async deleteDocSet(id: string): Promise<void> {
    this.docsets.delete(id);
    this.docs.delete(id);
  }
  async listDocs(docsetId: string): Promise<DocRecord[]> {
    return [...(this.docs.get(docsetId)?.values() ?? [])].map((d) => structuredClone(d.record));
  }
  async getDoc(docsetId: string, docId: string): Promise<StoredDoc | undefined> {
    const d = this.docs.get(docsetId)?.get(docId);
    return d && structuredClone(d);
  }
  async putDoc(doc: StoredDoc): Promise<void> {
    let set = this.docs.get(doc.record.docset_id);
    if (!set) this.docs.set(doc.record.docset_id, (set = new Map()));
    set.set(doc.record.doc_id, structuredClone(doc));
  }
  async deleteDoc(docsetId: string, docId: string): Promise<void> {
    this.docs.get(docsetId)?.delete(docId);
  }
}

export class MemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  async list(): Promise<TaskRecord[]> {
    return [...this.tasks.values()].map((t) => structuredClone(t));
  }
  async get(id: string): Promise<TaskRecord | undefined> {
    const t = this.tasks.get(id);
    return t && structuredClone(t);
  }
  async put(record: TaskRecord): Promise<void> {
    this.tasks.set(record.task_id, structuredClone(record));
  }
  async delete(id: string): Promise<void> {
    this.tasks.delete(id);
  }
}

export class MemorySettingsStore implements SettingsStore {
  private retention: boolean | undefined;
  async getRetention(): Promise<boolean | undefined> {
    return this.retention;
  }
  async setRetention(on: boolean): Promise<void> {
    this.retention = on;
  }
}
