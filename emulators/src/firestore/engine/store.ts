/**
 * The document store of one database: every document at any depth, keyed by its path relative
 * to `documents/`, with a short version history so reads at a past `read_time` (read-only
 * transactions, `readTime` reads) see the state as of that time.
 */
import type { Nanos } from './time.js';
import { parentPath } from './paths.js';
import type { Fields } from './values.js';

export interface StoredDocument {
  path: string;
  fields: Fields;
  createTime: Nanos;
  updateTime: Nanos;
}

interface Version {
  time: Nanos;
  doc: StoredDocument | null;
}

/** Versions older than this are dropped (production allows reads up to one hour back). */
export const HISTORY_NANOS = 60n * 60n * 1_000_000_000n;

export class DocumentStore {
  private readonly versions = new Map<string, Version[]>();
  /** Collection path -> paths of the documents (live or with history) directly in it. */
  private readonly collections = new Map<string, Set<string>>();
  /**
   * Collection id -> the paths of the collections with that id: a collection-group query
   * visits only its own collections (`users/{uid}/favorites` is one collection per visitor,
   * thousands of them beside every other collection).
   */
  private readonly groups = new Map<string, Set<string>>();

  get(path: string, readTime?: Nanos): StoredDocument | null {
    const history = this.versions.get(path);
    if (history === undefined) return null;
    if (readTime === undefined) return history[history.length - 1]!.doc;
    for (let i = history.length - 1; i >= 0; i--) {
      if (history[i]!.time <= readTime) return history[i]!.doc;
    }
    return null;
  }

  /** Records the new state of a document at `time` (null: deleted). */
  put(path: string, doc: StoredDocument | null, time: Nanos): void {
    let history = this.versions.get(path);
    if (history === undefined) {
      if (doc === null) return;
      history = [];
      this.versions.set(path, history);
      const collection = parentPath(path);
      let members = this.collections.get(collection);
      if (members === undefined) {
        members = new Set();
        this.collections.set(collection, members);
        const id = idOf(collection);
        let group = this.groups.get(id);
        if (group === undefined) this.groups.set(id, (group = new Set()));
        group.add(collection);
      }
      members.add(path);
    }
    history.push({ time, doc });
    this.prune(path, history, time);
  }

  private prune(path: string, history: Version[], now: Nanos): void {
    let drop = 0;
    while (drop < history.length - 1 && history[drop + 1]!.time <= now - HISTORY_NANOS) drop++;
    if (drop > 0) history.splice(0, drop);
    if (history.length === 1 && history[0]!.doc === null && history[0]!.time <= now - HISTORY_NANOS) this.forget(path);
  }

  private forget(path: string): void {
    this.versions.delete(path);
    const collection = parentPath(path);
    const members = this.collections.get(collection);
    members?.delete(path);
    if (members?.size === 0) {
      this.collections.delete(collection);
      const group = this.groups.get(idOf(collection));
      group?.delete(collection);
      if (group?.size === 0) this.groups.delete(idOf(collection));
    }
  }

  /** Documents directly in `collectionPath`, as of `readTime` (or now). */
  *inCollection(collectionPath: string, readTime?: Nanos): Iterable<StoredDocument> {
    const members = this.collections.get(collectionPath);
    if (members === undefined) return;
    for (const path of members) {
      const doc = this.get(path, readTime);
      if (doc !== null) yield doc;
    }
  }

  /**
   * Documents in every collection with id `collectionId` under `parent` ('' for the root);
   * every document under `parent` when `collectionId` is undefined (a kindless query).
   */
  *inCollectionGroup(parent: string, collectionId: string | undefined, readTime?: Nanos): Iterable<StoredDocument> {
    const prefix = parent === '' ? '' : `${parent}/`;
    const collections = collectionId === undefined ? this.collections.keys() : (this.groups.get(collectionId) ?? []);
    for (const collectionPath of collections) {
      if (!collectionPath.startsWith(prefix)) continue;
      for (const path of this.collections.get(collectionPath) ?? []) {
        const doc = this.get(path, readTime);
        if (doc !== null) yield doc;
      }
    }
  }

  /** Ids of the collections directly under a document ('' for the root) holding a live document at any depth. */
  collectionIds(parent: string): string[] {
    const prefix = parent === '' ? '' : `${parent}/`;
    const ids = new Set<string>();
    for (const [collectionPath, members] of this.collections) {
      if (!collectionPath.startsWith(prefix)) continue;
      const id = collectionPath.slice(prefix.length).split('/')[0]!;
      if (ids.has(id)) continue;
      for (const path of members) {
        if (this.get(path) !== null) {
          ids.add(id);
          break;
        }
      }
    }
    return [...ids].sort();
  }

  /** Every live document (for export). */
  *all(): Iterable<StoredDocument> {
    for (const history of this.versions.values()) {
      const doc = history[history.length - 1]!.doc;
      if (doc !== null) yield doc;
    }
  }

  get size(): number {
    return this.versions.size;
  }

  clear(): void {
    this.versions.clear();
    this.collections.clear();
    this.groups.clear();
  }
}

/** The last segment of a collection path: its id. */
function idOf(collectionPath: string): string {
  return collectionPath.slice(collectionPath.lastIndexOf('/') + 1);
}
