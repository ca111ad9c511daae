/**
 * The object table, per bucket: each object's metadata and the id of the file holding its
 * bytes (blob-store.ts). Every change replaces a whole record, is first handed to the
 * durable log (when the emulator has a data folder) and then reports itself through
 * `onChange` synchronously, so events come out in commit order and a failed request never
 * leaves a half-written object behind. A blob no object refers to any more is released.
 */
import type { StorageObjectEvent } from '../common/events.js';
import { listNames, type ListOptions, type ListPage } from './listing.js';
import type { ObjectMetadata, StoredObject } from './object-metadata.js';

export type ChangeKind = StorageObjectEvent['kind'];

export type ObjectPage = Omit<ListPage, 'items'> & { items: ObjectMetadata[] };

/** Where changes are made durable (durable-catalog.ts); each call happens before the change does. */
export interface CatalogLog {
  put(object: StoredObject): void;
  metadata(metadata: ObjectMetadata): void;
  delete(bucket: string, name: string): void;
  clear(): void;
}

export interface ObjectStoreHooks {
  onChange(kind: ChangeKind, metadata: ObjectMetadata): void;
  /** The blob is no longer any object's bytes (overwritten, deleted, cleared). */
  releaseBlob?(id: string): void;
}

export class ObjectStore {
  /** The durable log in force, if any. */
  log: CatalogLog | undefined;
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private lastGeneration = 0;
  private bytes = 0;

  constructor(private readonly hooks: ObjectStoreHooks) {}

  get(bucket: string, name: string): StoredObject | undefined {
    return this.buckets.get(bucket)?.get(name);
  }

  /** A generation number for a new write: microseconds since the epoch, strictly increasing. */
  nextGeneration(): string {
    this.lastGeneration = Math.max(Date.now() * 1000, this.lastGeneration + 1);
    return String(this.lastGeneration);
  }

  /** Writes (or overwrites) an object: one `finalized` event. */
  put(object: StoredObject): void {
    this.log?.put(object);
    const replaced = this.set(object);
    if (replaced && replaced.blob !== object.blob) this.hooks.releaseBlob?.(replaced.blob);
    this.hooks.onChange('finalized', object.metadata);
  }

  /**
   * Replaces an existing object's metadata, keeping its bytes: one `metadataUpdated` event.
   * Returns false (and changes nothing) when the object is gone, e.g. deleted by a request
   * that ran while this one awaited its access check.
   */
  putMetadata(metadata: ObjectMetadata): boolean {
    const current = this.get(metadata.bucket, metadata.name);
    if (!current) return false;
    this.log?.metadata(metadata);
    this.bucket(metadata.bucket).set(metadata.name, { metadata, blob: current.blob });
    this.hooks.onChange('metadataUpdated', metadata);
    return true;
  }

  /** Removes an object: one `deleted` event. Returns false when there was nothing to delete. */
  delete(bucket: string, name: string): boolean {
    const current = this.get(bucket, name);
    if (!current) return false;
    this.log?.delete(bucket, name);
    this.remove(bucket, name);
    this.hooks.releaseBlob?.(current.blob);
    this.hooks.onChange('deleted', current.metadata);
    return true;
  }

  /** One page of a listing, with each listed object's metadata as it is at this moment. */
  list(bucket: string, options: ListOptions): ObjectPage {
    const objects = this.buckets.get(bucket) ?? new Map<string, StoredObject>();
    // Code-unit order, the same order listNames compares page tokens in.
    const page = listNames([...objects.keys()].sort(), options);
    return { ...page, items: page.items.map((name) => objects.get(name)!.metadata) };
  }

  /** Bytes held across all buckets, for the optional quota. */
  totalBytes(): number {
    return this.bytes;
  }

  all(): StoredObject[] {
    return [...this.buckets.values()].flatMap((objects) => [...objects.values()]);
  }

  /** Drops every object (no events). */
  clear(): void {
    this.log?.clear();
    const released = this.all();
    this.buckets.clear();
    this.bytes = 0;
    for (const object of released) this.hooks.releaseBlob?.(object.blob);
  }

  // ---- restoring (an import, a snapshot, a journal): no log, no events ------------------

  /** Loads objects as they were (nothing changed from the app's point of view). */
  load(objects: readonly StoredObject[]): void {
    for (const object of objects) this.set(object);
  }

  /** Replays a metadata change. */
  restoreMetadata(metadata: ObjectMetadata): void {
    const current = this.get(metadata.bucket, metadata.name);
    if (current) this.bucket(metadata.bucket).set(metadata.name, { metadata, blob: current.blob });
  }

  /** Replays a delete. */
  restoreDelete(bucket: string, name: string): void {
    this.remove(bucket, name);
  }

  /** Replays a clear. */
  restoreClear(): void {
    this.buckets.clear();
    this.bytes = 0;
  }

  private set(object: StoredObject): StoredObject | undefined {
    const { bucket, name } = object.metadata;
    const replaced = this.get(bucket, name);
    this.bytes += object.metadata.size - (replaced?.metadata.size ?? 0);
    this.bucket(bucket).set(name, object);
    this.lastGeneration = Math.max(this.lastGeneration, Number(object.metadata.generation));
    return replaced;
  }

  private remove(bucket: string, name: string): void {
    const current = this.get(bucket, name);
    if (!current) return;
    this.buckets.get(bucket)?.delete(name);
    this.bytes -= current.metadata.size;
  }

  private bucket(name: string): Map<string, StoredObject> {
    let objects = this.buckets.get(name);
    if (!objects) {
      objects = new Map();
      this.buckets.set(name, objects);
    }
    return objects;
  }
}
