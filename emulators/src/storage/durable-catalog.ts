/**
 * The object table's durable form in a data folder (see ../durability/journaled-state.ts):
 * a snapshot of every object's metadata and blob id, and a journal with one record per
 * change, appended before the change is applied and acknowledged:
 *
 * - `put`: an object written (upload, copy), with the blob already renamed into `objects/`;
 * - `metadata`: an object's metadata replaced (PATCH, a new download token);
 * - `delete`, `clear`.
 *
 * After the state is restored, every object's file is checked (present, right size): an
 * object whose bytes did not reach the disk before the machine crashed is dropped and
 * reported, never served broken. Files no object refers to (an upload renamed into place
 * just before a crash, a file whose delete did not happen) are removed.
 */
import { stat } from 'node:fs/promises';
import { JournaledState, type Recovery } from '../durability/journaled-state.js';
import type { BlobStore } from './blob-store.js';
import type { ObjectMetadata, StoredObject } from './object-metadata.js';
import type { ObjectStore } from './object-store.js';

export type StorageJournalEntry =
  | { op: 'put'; object: StoredObject }
  | { op: 'metadata'; metadata: ObjectMetadata }
  | { op: 'delete'; bucket: string; name: string }
  | { op: 'clear' };

interface CatalogState {
  objects: StoredObject[];
}

export interface DurableCatalogOptions {
  fsyncIntervalMs?: number;
  compactAfterBytes?: number;
  report?: (line: string) => void;
}

export interface DurableCatalog {
  recovery: Recovery;
  compact(): Promise<void>;
  close(): Promise<void>;
}

export async function openDurableCatalog(store: ObjectStore, blobs: BlobStore, dir: string, options: DurableCatalogOptions = {}): Promise<DurableCatalog> {
  const report = options.report ?? ((line: string) => console.warn(`[storage] ${line}`));
  const { state, recovery } = await JournaledState.open<CatalogState, StorageJournalEntry>({
    dir,
    ...options,
    report: (line) => report(`journal ${line}`),
    restore: (saved) => store.load(saved.objects),
    replay: (entry) => replay(store, entry),
    capture: () => ({ objects: store.all() }),
  });

  const lost = await objectsWithoutBytes(store, blobs);
  for (const object of lost) store.restoreDelete(object.metadata.bucket, object.metadata.name);
  if (lost.length > 0) {
    const names = lost.map((object) => `${object.metadata.bucket}/${object.metadata.name}`);
    report(`${lost.length} object${lost.length === 1 ? '' : 's'} lost ${lost.length === 1 ? 'its' : 'their'} bytes in a crash and ${lost.length === 1 ? 'was' : 'were'} dropped: ${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}`);
    await state.compact();
  }
  await removeUnreferenced(store, blobs);

  store.log = {
    put: (object) => state.append({ op: 'put', object }),
    metadata: (metadata) => state.append({ op: 'metadata', metadata }),
    delete: (bucket, name) => state.append({ op: 'delete', bucket, name }),
    clear: () => state.append({ op: 'clear' }),
  };
  return {
    recovery,
    compact: () => state.compact(),
    async close() {
      store.log = undefined;
      await blobs.flush();
      await state.close();
    },
  };
}

function replay(store: ObjectStore, entry: StorageJournalEntry): void {
  switch (entry.op) {
    case 'put':
      store.load([entry.object]);
      return;
    case 'metadata':
      store.restoreMetadata(entry.metadata);
      return;
    case 'delete':
      store.restoreDelete(entry.bucket, entry.name);
      return;
    case 'clear':
      store.restoreClear();
      return;
  }
}

async function objectsWithoutBytes(store: ObjectStore, blobs: BlobStore): Promise<StoredObject[]> {
  const lost: StoredObject[] = [];
  for (const object of store.all()) {
    const size = await stat(blobs.path(object.blob)).then(
      (stats) => stats.size,
      () => undefined,
    );
    if (size !== object.metadata.size) lost.push(object);
  }
  return lost;
}

async function removeUnreferenced(store: ObjectStore, blobs: BlobStore): Promise<void> {
  const referenced = new Set(store.all().map((object) => object.blob));
  for (const id of await blobs.ids()) if (!referenced.has(id)) blobs.remove(id);
}
