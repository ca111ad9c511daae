import { describe, expect, it } from 'vitest';
import { hashObject } from './hashes.js';
import { newObjectMetadata, updatedObjectMetadata } from './object-metadata.js';
import { ObjectStore, type ChangeKind } from './object-store.js';

function object(store: ObjectStore, name: string, text: string) {
  const data = Buffer.from(text);
  const metadata = newObjectMetadata({ bucket: 'b', name, size: data.byteLength, hashes: hashObject(data), patch: {}, generation: store.nextGeneration(), now: 'now', firebaseDefaults: false });
  return { metadata, blob: `blob-${name}-${text}` };
}

describe('ObjectStore', () => {
  it('reports each change in order, releases replaced blobs and keeps the byte count across overwrite, delete, load and clear', () => {
    const changes: Array<[ChangeKind, string, number]> = [];
    const released: string[] = [];
    const store = new ObjectStore({ onChange: (kind, metadata) => changes.push([kind, metadata.name, metadata.size]), releaseBlob: (id) => released.push(id) });
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
    expect(released).toEqual(['blob-a-12345', 'blob-a-12']);
    store.clear();
    expect(released).toEqual(['blob-a-12345', 'blob-a-12', 'blob-b-123']);
    expect(store.totalBytes()).toBe(0);
    store.load([object(store, 'c', '1234')]);
    expect(store.totalBytes()).toBe(4);
    expect(changes).toHaveLength(5);
  });

  it('hands out strictly increasing generations, above any imported one', () => {
    const store = new ObjectStore({ onChange: () => undefined });
    const imported = object(store, 'x', 'x');
    imported.metadata.generation = String(Date.now() * 1000 + 10_000_000);
    store.load([imported]);
    const first = Number(store.nextGeneration());
    expect(first).toBeGreaterThan(Number(imported.metadata.generation));
    expect(Number(store.nextGeneration())).toBeGreaterThan(first);
  });
});

describe('ObjectStore with a durable log', () => {
  it('logs each change before it applies it, and a failing log changes nothing', () => {
    const logged: string[] = [];
    const store = new ObjectStore({ onChange: () => undefined });
    store.log = {
      put: (stored) => logged.push(`put ${stored.metadata.name} (${store.get('b', stored.metadata.name) ? 'replacing' : 'new'})`),
      metadata: (metadata) => logged.push(`metadata ${metadata.name}`),
      delete: (_bucket, name) => logged.push(`delete ${name} (${store.get('b', name) ? 'present' : 'gone'})`),
      clear: () => logged.push('clear'),
    };
    store.put(object(store, 'a', '1'));
    store.put(object(store, 'a', '2'));
    store.putMetadata(updatedObjectMetadata(store.get('b', 'a')!.metadata, {}, 'later'));
    store.delete('b', 'a');
    store.clear();
    expect(logged).toEqual(['put a (new)', 'put a (replacing)', 'metadata a', 'delete a (present)', 'clear']);
    store.log.put = () => {
      throw new Error('disk full');
    };
    expect(() => store.put(object(store, 'c', '3'))).toThrow('disk full');
    expect(store.get('b', 'c')).toBeUndefined();
  });
});
