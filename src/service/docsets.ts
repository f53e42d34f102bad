// DocSets: named collections of parsed documents, with their original files and elements. All
// writes go through one queue (`serial`) so that a DocSet's size stays the sum of its documents
// even when many parses finish at once.
import type { DocContent, DocRecord, DocSetRecord, DocSetStore, StoredDoc } from './stores.ts';
import { RequestError } from './types.ts';

export const DEFAULT_DOCSET = 'tessera_storage';

/** Ids become file names on the server: only these characters, never a path. */
const ID = /^[A-Za-z0-9_.:-]{1,128}$/;
export function validId(id: string): boolean {
  return ID.test(id) && id !== '.' && id !== '..';
}

export function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

export interface DocSetDeps {
  store: DocSetStore;
  now: () => number;
  newId: () => string;
}

export class DocSets {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: DocSetDeps) {}

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined); // the caller gets the error; the queue goes on
    return next;
  }

  private iso(): string {
    return new Date(this.deps.now()).toISOString();
  }

  async list(): Promise<DocSetRecord[]> {
    const all = await this.deps.store.listDocSets();
    return all.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  async get(id: string): Promise<DocSetRecord> {
    const d = validId(id) ? await this.deps.store.getDocSet(id) : undefined;
    if (!d) throw new RequestError(404, `No such DocSet: ${id}.`);
    return d;
  }

  create(input: unknown): Promise<DocSetRecord> {
    const body = (input ?? {}) as { name?: unknown; properties?: unknown };
    if (typeof body !== 'object' || Array.isArray(body)) throw new RequestError(422, 'The body must be a JSON object such as {"name": "reports"}.');
    if (typeof body.name !== 'string' || body.name.trim() === '') throw new RequestError(422, 'A DocSet needs a "name" (a non-empty string).');
    if (body.properties !== undefined && (typeof body.properties !== 'object' || body.properties === null || Array.isArray(body.properties)))
      throw new RequestError(422, '"properties" must be a JSON object.');
    const record: DocSetRecord = {
      docset_id: `ds-${this.deps.newId()}`,
      name: body.name,
      created_at: this.iso(),
      readonly: false,
      properties: (body.properties as Record<string, unknown>) ?? {},
      size: 0,
    };
    return this.serial(async () => {
      await this.deps.store.putDocSet(record);
      return record;
    });
  }

  update(id: string, input: unknown): Promise<DocSetRecord> {
    const body = (input ?? {}) as { name?: unknown; properties?: unknown };
    if (typeof body !== 'object' || Array.isArray(body)) throw new RequestError(422, 'The body must be a JSON object.');
    if (body.name !== undefined && (typeof body.name !== 'string' || body.name.trim() === '')) throw new RequestError(422, '"name" must be a non-empty string.');
    if (body.properties !== undefined && (typeof body.properties !== 'object' || body.properties === null || Array.isArray(body.properties)))
      throw new RequestError(422, '"properties" must be a JSON object.');
    return this.serial(async () => {
      const d = await this.get(id);
      if (d.readonly) throw new RequestError(403, `DocSet ${id} is read-only.`);
      const next: DocSetRecord = {
        ...d,
        name: (body.name as string | undefined) ?? d.name,
        properties: body.properties !== undefined ? { ...d.properties, ...(body.properties as Record<string, unknown>) } : d.properties,
      };
      await this.deps.store.putDocSet(next);
      return next;
    });
  }

  remove(id: string): Promise<DocSetRecord> {
    return this.serial(async () => {
      const d = await this.get(id);
      if (d.readonly) throw new RequestError(403, `DocSet ${id} is read-only.`);
      await this.deps.store.deleteDocSet(id);
      return d;
    });
  }

  async docs(id: string): Promise<DocRecord[]> {
    await this.get(id);
    const all = await this.deps.store.listDocs(id);
    return all.sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  async doc(id: string, docId: string): Promise<StoredDoc> {
    await this.get(id);
    const d = validId(docId) ? await this.deps.store.getDoc(id, docId) : undefined;
    if (!d) throw new RequestError(404, `No such document: ${docId} in DocSet ${id}.`);
    return d;
  }

  removeDoc(id: string, docId: string): Promise<DocRecord> {
    return this.serial(async () => {
      const d = await this.doc(id, docId);
      const set = await this.get(id);
      await this.deps.store.deleteDoc(id, docId);
      await this.deps.store.putDocSet({ ...set, size: Math.max(0, set.size - d.record.size) });
      return d.record;
    });
  }

  /** Stores a parsed document; the DocSet is created when it does not exist yet. */
  add(docsetId: string, file: { bytes: Uint8Array; name: string; type: string }, content: DocContent, properties: Record<string, unknown>): Promise<DocRecord> {
    if (!validId(docsetId)) return Promise.reject(new Error(`"${docsetId}" is not a valid DocSet id (letters, digits, _ . : - only)`));
    return this.serial(async () => {
      let set = await this.deps.store.getDocSet(docsetId);
      if (!set) set = { docset_id: docsetId, name: docsetId, created_at: this.iso(), readonly: false, properties: {}, size: 0 };
      if (set.readonly) throw new Error(`DocSet ${docsetId} is read-only`);
      const record: DocRecord = {
        doc_id: `doc-${this.deps.newId()}`,
        docset_id: docsetId,
        created_at: this.iso(),
        name: file.name,
        size: file.bytes.byteLength,
        content_type: file.type || 'application/octet-stream',
        properties,
      };
      await this.deps.store.putDoc({ record, content, file: file.bytes });
      await this.deps.store.putDocSet({ ...set, size: set.size + record.size });
      return record;
    });
  }
}
