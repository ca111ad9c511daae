/** The web SDK (Node build) against the emulator: uploads, downloads, metadata, listing and errors. */
import { createHash } from 'node:crypto';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
  type UploadTaskSnapshot,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patternBytes, errorCode, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;
let storage: FirebaseStorage;

beforeAll(async () => {
  harness = await startStorageHarness();
  storage = harness.web();
});

afterAll(async () => {
  await harness.close();
});

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

describe('uploadBytes (multipart)', () => {
  it('stores the bytes and metadata and returns the object metadata', async () => {
    const result = await uploadBytes(ref(storage, 'festival/posters/a b.txt'), new TextEncoder().encode('hello'), {
      contentType: 'text/plain',
      customMetadata: { owner: 'ana' },
      cacheControl: 'public, max-age=60',
    });
    expect(result.metadata).toMatchObject({
      bucket: 'demo-encore.appspot.com',
      fullPath: 'festival/posters/a b.txt',
      name: 'a b.txt',
      size: 5,
      contentType: 'text/plain',
      cacheControl: 'public, max-age=60',
      customMetadata: { owner: 'ana' },
      md5Hash: md5(new TextEncoder().encode('hello')),
      metageneration: '1',
    });
    expect(result.metadata.generation).toMatch(/^\d+$/);
    expect(Date.parse(result.metadata.timeCreated)).not.toBeNaN();
  });

  it('serves the bytes at the download URL, with a token, and through getBytes', async () => {
    const target = ref(storage, 'festival/posters/poster.bin');
    const bytes = patternBytes(10_000);
    await uploadBytes(target, bytes);
    const url = await getDownloadURL(target);
    expect(url).toMatch(/\?alt=media&token=[0-9a-f-]{36}$/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(await getBytes(target)).equals(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(await getBytes(target, 100)).equals(Buffer.from(bytes.subarray(0, 100)))).toBe(true);
  });

  it('uploadString keeps the data_url content type', async () => {
    const result = await uploadString(ref(storage, 'notes/n.txt'), 'data:text/markdown;base64,IyBoaQ==', 'data_url');
    expect(result.metadata.contentType).toBe('text/markdown');
    expect(new TextDecoder().decode(await getBytes(ref(storage, 'notes/n.txt')))).toBe('# hi');
  });
});

describe('buckets and edge sizes', () => {
  it('any bucket name works, and objects in different buckets are separate', async () => {
    const other = getStorage(storage.app, 'gs://encore-media-eu');
    connectStorageEmulator(other, '127.0.0.1', harness.emulator.port);
    const result = await uploadString(ref(other, 'same/name.txt'), 'in another bucket');
    expect(result.metadata.bucket).toBe('encore-media-eu');
    expect(await errorCode(getMetadata(ref(storage, 'same/name.txt')))).toBe('storage/object-not-found');
    expect(new TextDecoder().decode(await getBytes(ref(other, 'same/name.txt')))).toBe('in another bucket');
  });

  it('stores an empty object', async () => {
    const result = await uploadBytes(ref(storage, 'edge/empty.bin'), new Uint8Array());
    expect(result.metadata.size).toBe(0);
    expect((await getBytes(ref(storage, 'edge/empty.bin'))).byteLength).toBe(0);
  });
});

describe('uploadBytesResumable', () => {
  it('uploads in growing chunks with progress events and returns the final metadata', async () => {
    const bytes = patternBytes(1_200_000, 2);
    const snapshots: Array<Pick<UploadTaskSnapshot, 'bytesTransferred' | 'totalBytes' | 'state'>> = [];
    const task = uploadBytesResumable(ref(storage, 'videos/clip.bin'), bytes, { contentType: 'video/mp4', customMetadata: { take: '1' } });
    task.on('state_changed', (snapshot) => snapshots.push({ bytesTransferred: snapshot.bytesTransferred, totalBytes: snapshot.totalBytes, state: snapshot.state }));
    const result = await task;
    expect(result.metadata).toMatchObject({ size: 1_200_000, contentType: 'video/mp4', customMetadata: { take: '1' }, md5Hash: md5(bytes) });
    const transferred = snapshots.map((snapshot) => snapshot.bytesTransferred);
    // 256 KiB, then 512 KiB (the SDK doubles the chunk after each success), then the rest.
    expect(transferred).toEqual(expect.arrayContaining([262_144, 786_432, 1_200_000]));
    expect(transferred).toEqual([...transferred].sort((a, b) => a - b));
    expect(snapshots.every((snapshot) => snapshot.totalBytes === 1_200_000)).toBe(true);
    expect(Buffer.from(await getBytes(ref(storage, 'videos/clip.bin'))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('pauses and resumes, re-syncing with a status query, and stores the exact bytes', async () => {
    const bytes = patternBytes(3_000_000, 3);
    const task = uploadBytesResumable(ref(storage, 'videos/paused.bin'), bytes);
    const states: string[] = [];
    let paused = false;
    task.on('state_changed', (snapshot) => {
      states.push(snapshot.state);
      if (snapshot.state === 'paused') setTimeout(() => task.resume(), 50);
      if (!paused && snapshot.bytesTransferred > 0) {
        paused = true;
        // A tick later the next chunk is in flight: pausing aborts it, and resuming must ask the server what arrived.
        setTimeout(() => task.pause(), 0);
      }
    });
    const result = await task;
    expect(states).toContain('paused');
    expect(states.at(-1)).toBe('running');
    expect(result.metadata.size).toBe(3_000_000);
    expect(result.metadata.md5Hash).toBe(md5(bytes));
    expect(Buffer.from(await getBytes(ref(storage, 'videos/paused.bin'))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('cancel rejects with storage/canceled and stores nothing', async () => {
    const task = uploadBytesResumable(ref(storage, 'videos/canceled.bin'), patternBytes(2_000_000, 4));
    task.on('state_changed', (snapshot) => {
      if (snapshot.bytesTransferred > 0) task.cancel();
    });
    expect(await errorCode(task.then(() => undefined))).toBe('storage/canceled');
    expect(await errorCode(getMetadata(ref(storage, 'videos/canceled.bin')))).toBe('storage/object-not-found');
  });
});

describe('metadata', () => {
  it('getMetadata and updateMetadata (null deletes a custom key, metageneration grows)', async () => {
    const target = ref(storage, 'meta/m.txt');
    await uploadBytes(target, new TextEncoder().encode('m'), { customMetadata: { a: '1', b: '2' } });
    const before = await getMetadata(target);
    expect(before.customMetadata).toEqual({ a: '1', b: '2' });
    const after = await updateMetadata(target, {
      contentType: 'text/x-encore',
      contentLanguage: 'fr',
      customMetadata: { a: null as unknown as string, c: '3' },
    });
    expect(after).toMatchObject({ contentType: 'text/x-encore', contentLanguage: 'fr', customMetadata: { b: '2', c: '3' }, metageneration: '2' });
    expect(after.generation).toBe(before.generation);
    expect(await getMetadata(target)).toMatchObject({ customMetadata: { b: '2', c: '3' }, contentLanguage: 'fr' });
  });
});

describe('list and listAll', () => {
  beforeAll(async () => {
    for (const path of ['lineup/day1/a.txt', 'lineup/day1/b.txt', 'lineup/day2/c.txt', 'lineup/x.txt', 'lineup/y.txt', 'lineup/z.txt']) {
      await uploadString(ref(storage, path), path);
    }
  });

  it('listAll returns direct items and folder prefixes', async () => {
    const result = await listAll(ref(storage, 'lineup'));
    expect(result.items.map((item) => item.fullPath)).toEqual(['lineup/x.txt', 'lineup/y.txt', 'lineup/z.txt']);
    expect(result.prefixes.map((prefix) => prefix.fullPath)).toEqual(['lineup/day1', 'lineup/day2']);
  });

  it('list pages with maxResults and pageToken until there is no token', async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await list(ref(storage, 'lineup'), { maxResults: 2, ...(pageToken ? { pageToken } : {}) });
      seen.push(...page.prefixes.map((prefix) => `${prefix.fullPath}/`), ...page.items.map((item) => item.fullPath));
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toEqual(['lineup/day1/', 'lineup/day2/', 'lineup/x.txt', 'lineup/y.txt', 'lineup/z.txt']);
  });

  it('leaves out names the SDK cannot address (empty segments), as the Firebase API does', async () => {
    await harness.adminBucket().file('odd//double-slash.txt').save('x');
    await harness.adminBucket().file('odd/fine.txt').save('x');
    const result = await listAll(ref(storage, 'odd'));
    expect(result.items.map((item) => item.fullPath)).toEqual(['odd/fine.txt']);
    expect(result.prefixes).toEqual([]);
  });

  it('lists the root', async () => {
    const result = await listAll(ref(storage));
    expect(result.prefixes.map((prefix) => prefix.fullPath)).toContain('lineup');
  });
});

describe('deleteObject and missing objects', () => {
  it('deletes, then every read is storage/object-not-found', async () => {
    const target = ref(storage, 'tmp/gone.txt');
    await uploadString(target, 'bye');
    await deleteObject(target);
    expect(await errorCode(getMetadata(target))).toBe('storage/object-not-found');
    expect(await errorCode(getDownloadURL(target))).toBe('storage/object-not-found');
    expect(await errorCode(getBytes(target))).toBe('storage/object-not-found');
    expect(await errorCode(updateMetadata(target, { contentType: 'text/plain' }))).toBe('storage/object-not-found');
    expect(await errorCode(deleteObject(target))).toBe('storage/object-not-found');
  });
});
