// The server's storage: a data directory that survives restarts. Every file is written atomically
// (to a temporary name, then renamed), so a crash never leaves a half-written record behind; a
// document's record.json is written last, so a document is listed only once it is complete.
//
//   DIR/settings.json
//   DIR/tasks/<task_id>.json            the task record (no result)
//   DIR/tasks/<task_id>.result.json     its response, once it stopped
//   DIR/docsets/<docset_id>/docset.json
//   DIR/docsets/<docset_id>/docs/<doc_id>/{original.bin, content.json, record.json}
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PartitionResponse } from '../core/contract/types.ts';
import { validId, type DocContent, type DocRecord, type DocSetRecord, type DocSetStore, type SettingsStore, type StoredDoc, type TaskRecord, type TaskStore } from '../service/index.ts';

async function writeAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

async function dirs(path: string): Promise<string[]> {
  try {
    return (await readdir(path, { withFileTypes: true })).filter((d) => d.isDirectory() && validId(d.name)).map((d) => d.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Removes a directory so that readers never see it half-deleted: rename away first. */
async function removeDir(path: string): Promise<void> {
  const trash = `${path}.trash-${randomBytes(4).toString('hex')}`;
  try {
    await rename(path, trash);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  await rm(trash, { recursive: true, force: true });
}

export class DiskDocSetStore implements DocSetStore {
  constructor(private readonly root: string) {}

  private setDir(id: string): string {
    if (!validId(id)) throw new Error(`invalid DocSet id ${id}`);
    return join(this.root, 'docsets', id);
  }
  private docDir(setId: string, docId: string): string {
    if (!validId(docId)) throw new Error(`invalid document id ${docId}`);
    return join(this.setDir(setId), 'docs', docId);
  }

  async listDocSets(): Promise<DocSetRecord[]> {
    const out: DocSetRecord[] = [];
    for (const id of await dirs(join(this.root, 'docsets'))) {
      const d = await readJson<DocSetRecord>(join(this.setDir(id), 'docset.json'));
      if (d) out.push(d);
    }
    return out;
  }
  getDocSet(id: string): Promise<DocSetRecord | undefined> {
    return readJson<DocSetRecord>(join(this.setDir(id), 'docset.json'));
  }
  async putDocSet(record: DocSetRecord): Promise<void> {
    const dir = this.setDir(record.docset_id);
    await mkdir(dir, { recursive: true });
    await writeAtomic(join(dir, 'docset.json'), JSON.stringify(record, null, 2));
  }
  deleteDocSet(id: string): Promise<void> {
    return removeDir(this.setDir(id));
  }
  async listDocs(docsetId: string): Promise<DocRecord[]> {
    const out: DocRecord[] = [];
    for (const id of await dirs(join(this.setDir(docsetId), 'docs'))) {
      const d = await readJson<DocRecord>(join(this.docDir(docsetId, id), 'record.json'));
      if (d) out.push(d);
    }
    return out;
  }
  async getDoc(docsetId: string, docId: string): Promise<StoredDoc | undefined> {
    const dir = this.docDir(docsetId, docId);
    const record = await readJson<DocRecord>(join(dir, 'record.json'));
    if (!record) return undefined;
    const content = (await readJson<DocContent>(join(dir, 'content.json'))) ?? {};
    const file = new Uint8Array(await readFile(join(dir, 'original.bin')));
    return { record, content, file };
  }
  async putDoc(doc: StoredDoc): Promise<void> {
    const dir = this.docDir(doc.record.docset_id, doc.record.doc_id);
    await mkdir(dir, { recursive: true });
    await writeAtomic(join(dir, 'original.bin'), doc.file);
    await writeAtomic(join(dir, 'content.json'), JSON.stringify(doc.content));
    await writeAtomic(join(dir, 'record.json'), JSON.stringify(doc.record, null, 2));
  }
  deleteDoc(docsetId: string, docId: string): Promise<void> {
    return removeDir(this.docDir(docsetId, docId));
  }
}

/** Task records are kept in memory too (list() is called often); results are read on demand. */
export class DiskTaskStore implements TaskStore {
  private index: Map<string, TaskRecord> | null = null;
  constructor(private readonly root: string) {}

  private path(id: string, suffix = ''): string {
    if (!validId(id)) throw new Error(`invalid task id ${id}`);
    return join(this.root, 'tasks', `${id}${suffix}.json`);
  }

  private async load(): Promise<Map<string, TaskRecord>> {
    if (this.index) return this.index;
    const index = new Map<string, TaskRecord>();
    await mkdir(join(this.root, 'tasks'), { recursive: true });
    for (const name of await readdir(join(this.root, 'tasks'))) {
      if (!name.endsWith('.json') || name.endsWith('.result.json')) continue;
      const rec = await readJson<TaskRecord>(join(this.root, 'tasks', name));
      if (rec) index.set(rec.task_id, rec);
    }
    return (this.index = index);
  }

  async list(): Promise<TaskRecord[]> {
    return [...(await this.load()).values()].map((t) => ({ ...t }));
  }
  async get(id: string): Promise<TaskRecord | undefined> {
    if (!validId(id)) return undefined;
    const rec = (await this.load()).get(id);
    if (!rec) return undefined;
    const result = await readJson<PartitionResponse>(this.path(id, '.result'));
    return { ...rec, ...(result ? { result } : {}) };
  }
  async put(record: TaskRecord): Promise<void> {
    const index = await this.load();
    const { result, ...rest } = record;
    if (result) await writeAtomic(this.path(record.task_id, '.result'), JSON.stringify(result));
    await writeAtomic(this.path(record.task_id), JSON.stringify(rest));
    index.set(record.task_id, rest);
  }
  async delete(id: string): Promise<void> {
    (await this.load()).delete(id);
    await rm(this.path(id, '.result'), { force: true });
    await rm(this.path(id), { force: true });
  }
}

export class DiskSettingsStore implements SettingsStore {
  constructor(private readonly root: string) {}
  async getRetention(): Promise<boolean | undefined> {
    return (await readJson<{ retention?: boolean }>(join(this.root, 'settings.json')))?.retention;
  }
  async setRetention(on: boolean): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await writeAtomic(join(this.root, 'settings.json'), JSON.stringify({ retention: on }));
  }
}
