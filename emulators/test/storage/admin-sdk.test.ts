/** firebase-admin (@google-cloud/storage underneath) against the emulator's GCS JSON API. */
import { createHash } from 'node:crypto';
import { getDownloadURL } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patternBytes, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;
let bucket: ReturnType<StorageHarness['adminBucket']>;

beforeAll(async () => {
  harness = await startStorageHarness();
  bucket = harness.adminBucket();
});

afterAll(async () => {
  await harness.close();
});

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('base64');

describe('uploads', () => {
  it('save() (resumable by default) stores bytes, content type and custom metadata with correct hashes', async () => {
    const file = bucket.file('admin/hello.txt');
    await file.save('hello admin', { contentType: 'text/plain', metadata: { metadata: { festival: 'encore' } } });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({
      kind: 'storage#object',
      name: 'admin/hello.txt',
      bucket: 'demo-encore.appspot.com',
      size: '11',
      contentType: 'text/plain',
      crc32c: 'SH55+w==',
      md5Hash: md5(Buffer.from('hello admin')),
      metadata: { festival: 'encore' },
    });
    const [bytes] = await file.download();
    expect(bytes.toString()).toBe('hello admin');
  });

  it('save({ resumable: false }) uses a multipart upload', async () => {
    const data = Buffer.from(patternBytes(300_000, 5));
    const file = bucket.file('admin/multipart.bin');
    await file.save(data, { resumable: false, contentType: 'application/x-encore' });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({ size: '300000', contentType: 'application/x-encore', md5Hash: md5(data) });
    expect((await file.download())[0].equals(data)).toBe(true);
  });

  it('a chunked resumable upload (chunkSize) goes through 308 replies and stores every chunk in order', async () => {
    const data = Buffer.from(patternBytes(614_400, 6));
    const file = bucket.file('admin/chunked.bin');
    await file.save(data, { resumable: true, chunkSize: 262_144 });
    const [metadata] = await file.getMetadata();
    expect(metadata.size).toBe('614400');
    expect(metadata.md5Hash).toBe(md5(data));
    expect((await file.download())[0].equals(data)).toBe(true);
  });

  it('stores an empty object through the single-request resumable path', async () => {
    const file = bucket.file('admin/empty.txt');
    await file.save('');
    expect((await file.getMetadata())[0]).toMatchObject({ size: '0', crc32c: 'AAAAAA==' });
    expect((await file.download())[0].byteLength).toBe(0);
  });

  it('createWriteStream() streams a larger object', async () => {
    const data = Buffer.from(patternBytes(3_000_000, 7));
    const file = bucket.file('admin/stream.bin');
    await new Promise<void>((resolve, reject) => {
      const stream = file.createWriteStream({ contentType: 'application/octet-stream' });
      stream.on('error', reject).on('finish', resolve);
      stream.end(data);
    });
    expect((await file.download())[0].equals(data)).toBe(true);
  });
});

describe('downloads', () => {
  it('download() with a byte range', async () => {
    const file = bucket.file('admin/range.txt');
    await file.save('0123456789');
    const [slice] = await file.download({ start: 2, end: 5 });
    expect(slice.toString()).toBe('2345');
  });
});

describe('metadata, exists and delete', () => {
  it('setMetadata merges custom metadata (null deletes) and bumps metageneration', async () => {
    const file = bucket.file('admin/meta.txt');
    await file.save('m', { metadata: { metadata: { a: '1', b: '2' } } });
    await file.setMetadata({ contentType: 'text/x-encore', cacheControl: 'no-cache', metadata: { a: null, c: '3' } });
    const [metadata] = await file.getMetadata();
    expect(metadata).toMatchObject({ contentType: 'text/x-encore', cacheControl: 'no-cache', metadata: { b: '2', c: '3' }, metageneration: '2' });
    expect(metadata.metadata).not.toHaveProperty('a');
  });

  it('exists() is true for a stored object and false for a missing one', async () => {
    await bucket.file('admin/here.txt').save('x');
    expect(await bucket.file('admin/here.txt').exists()).toEqual([true]);
    expect(await bucket.file('admin/not-here.txt').exists()).toEqual([false]);
  });

  it('delete() removes the object; a second delete is a 404 unless ignoreNotFound', async () => {
    const file = bucket.file('admin/delete-me.txt');
    await file.save('x');
    await file.delete();
    expect(await file.exists()).toEqual([false]);
    await expect(file.delete()).rejects.toMatchObject({ code: 404 });
    await expect(file.delete({ ignoreNotFound: true })).resolves.toBeDefined();
  });

  it('getMetadata() of a missing object rejects with code 404', async () => {
    await expect(bucket.file('admin/missing.txt').getMetadata()).rejects.toMatchObject({ code: 404 });
  });
});

describe('copy and move', () => {
  it('copy() duplicates bytes and metadata, and move() also deletes the source', async () => {
    const source = bucket.file('admin/original.txt');
    await source.save('original bytes', { contentType: 'text/plain', metadata: { metadata: { kept: 'yes' } } });
    await source.copy('admin/copy.txt');
    const [copy] = await bucket.file('admin/copy.txt').getMetadata();
    expect(copy).toMatchObject({ contentType: 'text/plain', metadata: { kept: 'yes' }, size: '14' });
    await bucket.file('admin/copy.txt').move('admin/moved/copy.txt');
    expect(await bucket.file('admin/copy.txt').exists()).toEqual([false]);
    expect((await bucket.file('admin/moved/copy.txt').download())[0].toString()).toBe('original bytes');
  });

  it('copy() with metadata replaces the source metadata on the destination', async () => {
    const source = bucket.file('admin/original.txt');
    await source.copy(bucket.file('admin/relabelled.txt'), { contentType: 'text/markdown', metadata: { label: 'new' } });
    const [copy] = await bucket.file('admin/relabelled.txt').getMetadata();
    expect(copy).toMatchObject({ contentType: 'text/markdown', metadata: { label: 'new' } });
    expect(copy.metadata).not.toHaveProperty('kept');
  });

  it('copying a missing object is a 404', async () => {
    await expect(bucket.file('admin/nothing.txt').copy('admin/never.txt')).rejects.toMatchObject({ code: 404 });
    expect(await bucket.file('admin/never.txt').exists()).toEqual([false]);
  });
});

describe('preconditions', () => {
  it('ifGenerationMatch: 0 creates only once (resumable and multipart); a mismatch is a 412 that changes nothing', async () => {
    const file = bucket.file('admin/once.txt');
    await file.save('first', { preconditionOpts: { ifGenerationMatch: 0 } });
    await expect(file.save('second', { preconditionOpts: { ifGenerationMatch: 0 } })).rejects.toMatchObject({ code: 412 });
    await expect(file.save('third', { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } })).rejects.toMatchObject({ code: 412 });
    expect((await file.download())[0].toString()).toBe('first');
    const [metadata] = await file.getMetadata();
    await file.save('fourth', { resumable: false, preconditionOpts: { ifGenerationMatch: Number(metadata.generation) } });
    expect((await file.download())[0].toString()).toBe('fourth');
  });

  it('setMetadata and delete honour metageneration and generation preconditions', async () => {
    const file = bucket.file('admin/guarded.txt');
    await file.save('g');
    await expect(file.setMetadata({ metadata: { a: '1' } }, { ifMetagenerationMatch: 7 })).rejects.toMatchObject({ code: 412 });
    await file.setMetadata({ metadata: { a: '1' } }, { ifMetagenerationMatch: 1 });
    await expect(file.delete({ ifGenerationMatch: 1 })).rejects.toMatchObject({ code: 412 });
    expect(await file.exists()).toEqual([true]);
  });
});

describe('listing', () => {
  beforeAll(async () => {
    for (const name of ['list/a.txt', 'list/b.txt', 'list/c.txt', 'list/sub/d.txt', 'list/sub/e.txt']) await bucket.file(name).save(name);
  });

  it('getFiles() caps at maxResults, and paging with pageToken returns every object under the prefix', async () => {
    const [files] = await bucket.getFiles({ prefix: 'list/', maxResults: 2, autoPaginate: true });
    expect(files.map((file) => file.name)).toEqual(['list/a.txt', 'list/b.txt']);
    const all: string[] = [];
    let query: { prefix: string; maxResults: number; autoPaginate: false; pageToken?: string } | null = { prefix: 'list/', maxResults: 2, autoPaginate: false };
    while (query) {
      const [page, next] = await bucket.getFiles(query);
      all.push(...page.map((file) => file.name));
      query = next as typeof query;
    }
    expect(all).toEqual(['list/a.txt', 'list/b.txt', 'list/c.txt', 'list/sub/d.txt', 'list/sub/e.txt']);
  });

  it('getFiles() with a delimiter folds sub-folders into prefixes', async () => {
    const [files, , response] = await bucket.getFiles({ prefix: 'list/', delimiter: '/', autoPaginate: false });
    expect(files.map((file) => file.name)).toEqual(['list/a.txt', 'list/b.txt', 'list/c.txt']);
    expect((response as { prefixes?: string[] }).prefixes).toEqual(['list/sub/']);
  });
});

describe('the calls Encore functions make (functions/src/platform/storage.ts)', () => {
  it('save({ resumable: false, contentType, metadata: { cacheControl } }) keeps both', async () => {
    const file = bucket.file('thumbs/t1.webp');
    await file.save(Buffer.from([1, 2, 3]), { resumable: false, contentType: 'image/webp', metadata: { cacheControl: 'public, max-age=31536000' } });
    expect((await file.getMetadata())[0]).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=31536000' });
  });

  it('download() of a missing object rejects with code 404', async () => {
    await expect(bucket.file('thumbs/missing.webp').download()).rejects.toMatchObject({ code: 404 });
  });

  it('getFiles({ autoPaginate }) follows page tokens past 1000 objects, and deleteFiles({ prefix }) removes them all', async () => {
    const names = Array.from({ length: 1005 }, (_, index) => `many/${String(index).padStart(4, '0')}.txt`);
    for (let start = 0; start < names.length; start += 50) {
      await Promise.all(
        names.slice(start, start + 50).map(async (name) => {
          const response = await fetch(`${harness.origin}/upload/storage/v1/b/${bucket.name}/o?uploadType=media&name=${encodeURIComponent(name)}`, {
            method: 'POST',
            body: name,
          });
          expect(response.status).toBe(200);
        }),
      );
    }
    const [files] = await bucket.getFiles({ prefix: 'many/', autoPaginate: true });
    expect(files.map((file) => file.name)).toEqual(names);
    await bucket.deleteFiles({ prefix: 'many/', force: true });
    expect((await bucket.getFiles({ prefix: 'many/' }))[0]).toEqual([]);
  });
});

describe('getDownloadURL (firebase-admin/storage)', () => {
  it('returns a token URL that serves the bytes', async () => {
    const file = bucket.file('admin/shared.txt');
    await file.save('shared bytes');
    const url = await getDownloadURL(file);
    expect(url).toMatch(new RegExp(`^${harness.origin}/v0/b/demo-encore.appspot.com/o/admin%2Fshared.txt\\?alt=media&token=[0-9a-f-]{36}$`));
    expect(await (await fetch(url)).text()).toBe('shared bytes');
    // The token is now part of the object's metadata, as GCS clients see it.
    const [metadata] = await file.getMetadata();
    expect(url.endsWith(String(metadata.metadata?.firebaseStorageDownloadTokens))).toBe(true);
  });
});
