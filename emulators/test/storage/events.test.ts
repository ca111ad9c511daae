/** Every change publishes one event on `objectEvents`, in order, carrying the GCS object resource. */
import { deleteObject, getMetadata, ref, updateMetadata, uploadBytes, uploadBytesResumable } from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { patternBytes, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.events.length = 0;
});

describe('object events', () => {
  it('web SDK upload, update and delete emit finalized, metadataUpdated, deleted in order', async () => {
    const storage = harness.web();
    const target = ref(storage, 'events/photo.jpg');
    await uploadBytes(target, new Uint8Array([1, 2, 3]), { contentType: 'image/jpeg', customMetadata: { by: 'ana' } });
    await updateMetadata(target, { customMetadata: { by: 'bo' } });
    await deleteObject(target);
    expect(harness.events.map((event) => [event.kind, event.object.name])).toEqual([
      ['finalized', 'events/photo.jpg'],
      ['metadataUpdated', 'events/photo.jpg'],
      ['deleted', 'events/photo.jpg'],
    ]);
    const [finalized, updated, deleted] = harness.events;
    expect(finalized!.object).toMatchObject({
      kind: 'storage#object',
      bucket: 'demo-encore.appspot.com',
      name: 'events/photo.jpg',
      size: '3',
      contentType: 'image/jpeg',
      metageneration: '1',
      crc32c: expect.stringMatching(/^[A-Za-z0-9+/]{6}==$/),
      md5Hash: expect.any(String),
      id: `demo-encore.appspot.com/events/photo.jpg/${finalized!.object.generation}`,
      mediaLink: expect.stringContaining(`${harness.origin}/download/storage/v1/b/demo-encore.appspot.com/o/events%2Fphoto.jpg`),
      metadata: { by: 'ana', firebaseStorageDownloadTokens: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(typeof finalized!.object.generation).toBe('string');
    expect(updated!.object).toMatchObject({ metageneration: '2', metadata: { by: 'bo' }, generation: finalized!.object.generation });
    expect(deleted!.object).toMatchObject({ name: 'events/photo.jpg', generation: finalized!.object.generation });
    for (const event of harness.events) expect(Date.parse(event.time)).not.toBeNaN();
  });

  it('a resumable upload emits exactly one finalized event, after the last chunk', async () => {
    const storage = harness.web();
    await uploadBytesResumable(ref(storage, 'events/big.bin'), patternBytes(900_000));
    expect(harness.events.map((event) => [event.kind, event.object.size])).toEqual([['finalized', '900000']]);
  });

  it('the first Firebase API read of an object without a download token adds one: a metadataUpdated event', async () => {
    await harness.adminBucket().file('events/no-token.txt').save('x');
    const storage = harness.web();
    const first = await getMetadata(ref(storage, 'events/no-token.txt'));
    const second = await getMetadata(ref(storage, 'events/no-token.txt'));
    expect(second.metageneration).toBe(first.metageneration);
    expect(harness.events.map((event) => [event.kind, event.object.metageneration])).toEqual([
      ['finalized', '1'],
      ['metadataUpdated', '2'],
    ]);
    expect(harness.events[1]!.object.metadata).toEqual({ firebaseStorageDownloadTokens: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('admin overwrite, metadata update and delete emit one event each', async () => {
    const file = harness.adminBucket().file('events/admin.txt');
    await file.save('one');
    await file.save('two!');
    await file.setMetadata({ metadata: { k: 'v' } });
    await file.delete();
    expect(harness.events.map((event) => [event.kind, event.object.size, event.object.metageneration])).toEqual([
      ['finalized', '3', '1'],
      ['finalized', '4', '1'],
      ['metadataUpdated', '4', '2'],
      ['deleted', '4', '2'],
    ]);
    expect(Number(harness.events[1]!.object.generation)).toBeGreaterThan(Number(harness.events[0]!.object.generation));
  });
});
