/**
 * The in-memory object table, per bucket. Every change replaces a whole record and
 * reports itself through `onChange` synchronously, so events come out in commit order
 * and a failed request never leaves a half-written object behind.
 */
import type { StorageObjectEvent } from '../common/events.js';
import { listNames, type ListOptions, type ListPage } from './listing.js';
import type { ObjectMetadata, StoredObject } from './object-metadata.js';

export type ChangeKind = StorageObjectEvent['kind'];

export type ObjectPage = Omit<ListPage, 'items'> & { items: ObjectMetadata[] };

export class ObjectStore {
  private readonly buckets = new Map<string, Map<string, StoredObject>>();
  private lastGeneration = 0;
  private bytes = 0;

  constructor(private readonly onChange: (kind: ChangeKind, metadata: ObjectMetadata) => void) {}

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
    this.bytes += object.data.byteLength - (this.get(object.metadata.bucket, object.metadata.name)?.data.byteLength ?? 0);
    this.bucket(object.metadata.bucket).set(object.metadata.name, object);
    this.onChange('finalized', object.metadata);
  }

  /**
   * Replaces an existing object's metadata, keeping its bytes: one `metadataUpdated` event.
   * Returns false (and changes nothing) when the object is gone, e.g. deleted by a request
   * that ran while this one awaited its access check.
   */
  putMetadata(metadata: ObjectMetadata): boolean {
    const current = this.get(metadata.bucket, metadata.name);
    if (!current) return false;
    this.bucket(metadata.bucket).set(metadata.name, { metadata, data: current.data });
    this.onChange('metadataUpdated', metadata);
    return true;
  }

  /** Removes an object: one `deleted` event. Returns false when there was nothing to delete. */
  delete(bucket: string, name: string): boolean {
    const current = this.get(bucket, name);
    if (!current) return false;
    this.buckets.get(bucket)?.delete(name);
    this.bytes -= current.data.byteLength;
    this.onChange('deleted', current.metadata);
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

  /** Loads objects from an import: no events (nothing changed from the app's point of view). */
  load(objects: readonly StoredObject[]): void {
    for (const object of objects) {
      this.bytes += object.data.byteLength - (this.get(object.metadata.bucket, object.metadata.name)?.data.byteLength ?? 0);
      this.bucket(object.metadata.bucket).set(object.metadata.name, object);
      this.lastGeneration = Math.max(this.lastGeneration, Number(object.metadata.generation));
    }
  }

  clear(): void {
    this.buckets.clear();
    this.bytes = 0;
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

