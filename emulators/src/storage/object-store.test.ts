import { describe, expect, it } from 'vitest';
import { newObjectMetadata, updatedObjectMetadata } from './object-metadata.js';
import { ObjectStore, type ChangeKind } from './object-store.js';

function object(store: ObjectStore, name: string, text: string) {
  const data = Buffer.from(text);
  const metadata = newObjectMetadata({ bucket: 'b', name, data, patch: {}, generation: store.nextGeneration(), now: 'now', firebaseDefaults: false });
  return { metadata, data };
}

describe('ObjectStore', () => {
  it('reports each change in order and keeps the byte count across overwrite, delete, load and clear', () => {
    const changes: Array<[ChangeKind, string, number]> = [];
    const store = new ObjectStore((kind, metadata) => changes.push([kind, metadata.name, metadata.size]));
    store.put(object(store, 'a', '12345'));
    store.put(object(store, 'a', '12'));
    store.put(object(store, 'b', '123'));
    store.putMetadata(updatedObjectMetadata(store.get('b', 'b')!.metadata, { contentType: 'text/plain' }, 'later'));
    expect(store.totalBytes()).toBe(5);
    const deleted = store.get('b', 'a')!.metadata;
    expect(store.delete('b', 'a')).toBe(true);
    expect(store.delete('b', 'a')).toBe(false);
    expect(store.putMetadata(updatedObjectMetadata(deleted, {}, 'later'))).toBe(false);
    expect(store.totalBytes()).toBe(3);
    expect(changes).toEqual([
      ['finalized', 'a', 5],
      ['finalized', 'a', 2],
      ['finalized', 'b', 3],
      ['metadataUpdated', 'b', 3],
      ['deleted', 'a', 2],
    ]);
    store.clear();
    expect(store.totalBytes()).toBe(0);
    store.load([object(store, 'c', '1234')]);
    expect(store.totalBytes()).toBe(4);
    expect(changes).toHaveLength(5);
  });

  it('hands out strictly increasing generations, above any imported one', () => {
    const store = new ObjectStore(() => undefined);
    const imported = object(store, 'x', 'x');
    imported.metadata.generation = String(Date.now() * 1000 + 10_000_000);
    store.load([imported]);
    const first = Number(store.nextGeneration());
    expect(first).toBeGreaterThan(Number(imported.metadata.generation));
    expect(Number(store.nextGeneration())).toBeGreaterThan(first);
  });
});
