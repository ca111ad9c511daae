/**
 * The GCS JSON API where Firebase's own Storage-emulator conformance suite and the SDKs'
 * storage tests found it missing or different, through @google-cloud/storage (as
 * firebase-admin hands it out) and raw HTTP: compose (`bucket.combine`), listing with
 * `matchGlob`, copying custom metadata whose value is null, object ACLs (`makePublic`) and the
 * public URL form `GET /{bucket}/{object}`.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET, patternBytes, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
});

afterAll(async () => {
  await harness.close();
});

const bucket = () => harness.adminBucket();

describe('compose (bucket.combine)', () => {
  it('writes the sources one after the other as the destination, with its own content type and checksums', async () => {
    const parts = [patternBytes(70_000, 1), patternBytes(0), patternBytes(123_457, 2)];
    await Promise.all(parts.map((bytes, index) => bucket().file(`compose/part-${index}`).save(Buffer.from(bytes))));
    const [combined] = await bucket().combine(
      parts.map((_, index) => `compose/part-${index}`),
      bucket().file('compose/whole.bin'),
    );
    const whole = Buffer.concat(parts.map((bytes) => Buffer.from(bytes)));
    const [metadata] = await combined.getMetadata();
    expect(Number(metadata.size)).toBe(whole.byteLength);
    expect(metadata.contentType).toBe('application/octet-stream');
    expect(metadata.md5Hash).toBe(createHash('md5').update(whole).digest('base64'));
    // download() validates the CRC32C the emulator computed for the composed bytes.
    const [downloaded] = await combined.download();
    expect(downloaded.equals(whole)).toBe(true);
  });

  it('takes the destination content type, and a source generation that is not the live one is a 404 that writes nothing', async () => {
    await bucket().file('compose/a.txt').save('a');
    await bucket().file('compose/b.txt').save('b');
    const [combined] = await bucket().combine(['compose/a.txt', 'compose/b.txt'], bucket().file('compose/ab.txt', {}), {});
    expect((await combined.getMetadata())[0].contentType).toBe('text/plain');
    expect((await combined.download())[0].toString()).toBe('ab');
    const stale = bucket().file('compose/a.txt', { generation: 1 });
    await expect(bucket().combine([stale, bucket().file('compose/b.txt')], 'compose/stale.txt')).rejects.toMatchObject({ code: 404 });
    expect((await bucket().file('compose/stale.txt').exists())[0]).toBe(false);
  });

  it('refuses no sources, more than 32 and a missing one with the GCS statuses', async () => {
    const compose = (body: unknown) =>
      fetch(`${harness.origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('compose/x.txt')}/compose`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify(body),
      });
    expect((await compose({ sourceObjects: [] })).status).toBe(400);
    const tooMany = await compose({ sourceObjects: Array.from({ length: 33 }, () => ({ name: 'compose/a.txt' })) });
    expect([tooMany.status, ((await tooMany.json()) as { error: { message: string } }).error.message]).toEqual([
      400,
      'The number of source components provided (33) exceeds the maximum (32)',
    ]);
    expect((await compose({ sourceObjects: [{ name: 'compose/none.txt' }] })).status).toBe(404);
    expect((await compose({ sourceObjects: [{ name: 'compose/a.txt', objectPreconditions: { ifGenerationMatch: 1 } }] })).status).toBe(412);
    expect((await bucket().file('compose/x.txt').exists())[0]).toBe(false);
  });
});

describe('listing with matchGlob', () => {
  it('getFiles({ matchGlob }) lists only the names under the prefix the glob matches; a malformed glob is a 400', async () => {
    for (const name of ['glob/a.txt', 'glob/b.png', 'glob/deep/c.txt', 'glob/deep/d.png']) await bucket().file(name).save('x');
    const names = async (options: Record<string, unknown>) => (await bucket().getFiles(options))[0].map((file) => file.name);
    expect(await names({ prefix: 'glob/', matchGlob: 'glob/*.txt' })).toEqual(['glob/a.txt']);
    expect(await names({ prefix: 'glob/', matchGlob: '**.txt' })).toEqual(['glob/a.txt', 'glob/deep/c.txt']);
    expect(await names({ prefix: 'glob/', matchGlob: 'glob/**.{png,txt}' })).toEqual(['glob/a.txt', 'glob/b.png', 'glob/deep/c.txt', 'glob/deep/d.png']);
    const malformed = await fetch(`${harness.origin}/storage/v1/b/${BUCKET}/o?matchGlob=${encodeURIComponent('glob/[a')}`);
    expect(malformed.status).toBe(400);
  });
});

describe('object ACLs and the public URL', () => {
  it('makePublic() makes the object readable by anyone at its public URL; makePrivate() takes that back', async () => {
    const file = bucket().file('acl/poster one.txt');
    await file.save('poster');
    expect((await file.isPublic())[0]).toBe(false);
    const privateReply = await fetch(file.publicUrl());
    expect([privateReply.status, await privateReply.text()]).toEqual([403, expect.stringContaining('<Code>AccessDenied</Code>')]);
    const [acl] = await file.makePublic();
    expect(acl).toEqual({
      kind: 'storage#objectAccessControl',
      id: expect.stringMatching(new RegExp(`^${BUCKET}/acl/poster one.txt/\\d+/allUsers$`)),
      selfLink: `${harness.origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('acl/poster one.txt')}/acl/allUsers`,
      bucket: BUCKET,
      object: 'acl/poster one.txt',
      generation: expect.any(String),
      entity: 'allUsers',
      role: 'READER',
      etag: expect.any(String),
    });
    expect((await file.isPublic())[0]).toBe(true);
    const publicReply = await fetch(file.publicUrl());
    expect([publicReply.status, await publicReply.text()]).toEqual([200, 'poster']);
    await file.makePrivate();
    expect((await file.isPublic())[0]).toBe(false);
  });

  it('save({ public: true }) uploads a public object; the ACL lists, reads and deletes entries', async () => {
    const file = bucket().file('acl/flyer.txt');
    await file.save('flyer', { public: true, resumable: false });
    expect((await file.isPublic())[0]).toBe(true);
    const [entries] = await file.acl.get();
    expect(entries).toEqual([expect.objectContaining({ entity: 'allUsers', role: 'READER' })]);
    const [entry] = await file.acl.get({ entity: 'allUsers' });
    expect(entry).toMatchObject({ entity: 'allUsers', role: 'READER' });
    await file.acl.delete({ entity: 'allUsers' });
    expect((await file.isPublic())[0]).toBe(false);
    await expect(file.acl.get({ entity: 'allUsers' })).rejects.toMatchObject({ code: 404 });
  });

  it('an admin reads any object at its public URL, anyone else only public ones (403 AccessDenied); a missing one is 404 NoSuchKey', async () => {
    await bucket().file('acl/staff.txt').save('staff only');
    const owner = { Authorization: 'Bearer owner' };
    const read = await fetch(`${harness.origin}/${BUCKET}/acl/staff.txt`, { headers: owner });
    expect([read.status, await read.text()]).toEqual([200, 'staff only']);
    expect((await fetch(`${harness.origin}/${BUCKET}/acl/staff.txt`)).status).toBe(403);
    const missing = await fetch(`${harness.origin}/${BUCKET}/acl/none.txt`);
    expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining('<Code>NoSuchKey</Code>')]);
    // Paths under the APIs' own prefixes are never the public URL form.
    expect((await fetch(`${harness.origin}/b/${BUCKET}`)).status).toBe(404);
  });

  it('the Firebase API does not take an acl from a client: the object stays private', async () => {
    await bucket().file('acl/sneaky.txt').save('x');
    const user = `Firebase e30.${Buffer.from(JSON.stringify({ sub: 'ana' })).toString('base64url')}.`;
    const patched = await fetch(`${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent('acl/sneaky.txt')}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: user },
      body: JSON.stringify({ acl: [{ entity: 'allUsers', role: 'READER' }] }),
    });
    expect(patched.status).toBe(200);
    expect((await bucket().file('acl/sneaky.txt').isPublic())[0]).toBe(false);
  });
});

describe('copy', () => {
  it('keeps the source metadata under the fields the request gives, and a null custom value as ""', async () => {
    await bucket().file('copy/source.txt').save('x', { contentType: 'text/plain', metadata: { cacheControl: 'private,no-store', metadata: { hello: 'world' } } });
    const [, response] = await bucket()
      .file('copy/source.txt')
      .copy(bucket().file('copy/target.txt'), { metadata: { foo: 'bar', nullMetadata: null }, cacheControl: 'private,max-age=10' } as never);
    const resource = (response as { resource: Record<string, unknown> }).resource;
    expect(resource).toMatchObject({ contentType: 'text/plain', cacheControl: 'private,max-age=10', metadata: { foo: 'bar', nullMetadata: '' } });
    const [stored] = await bucket().file('copy/target.txt').getMetadata();
    expect(stored.metadata).toEqual({ foo: 'bar', nullMetadata: '' });
    // Without metadata in the request, the source's is copied whole.
    await bucket().file('copy/source.txt').copy(bucket().file('copy/plain.txt'));
    expect((await bucket().file('copy/plain.txt').getMetadata())[0]).toMatchObject({ contentType: 'text/plain', cacheControl: 'private,no-store', metadata: { hello: 'world' } });
  });
});

describe('download headers and upload content types', () => {
  const owner = { Authorization: 'Bearer owner' };

  it("media downloads name the file as firebase-tools' conformance suite expects, on both JSON APIs", async () => {
    // gcs.endpoints.test.ts "should set default response headers on object download", through the same raw requests.
    const uploaded = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?name=testFile`, { method: 'POST', headers: owner, body: Buffer.from('hello world') });
    expect(uploaded.status).toBe(200);
    const gcs = await fetch(`${harness.origin}/storage/v1/b/${BUCKET}/o/testFile?alt=media`, { headers: owner });
    expect([gcs.headers.get('content-type'), gcs.headers.get('content-disposition')]).toEqual(['application/octet-stream', 'attachment; filename*=testFile']);
    // firebase-js-sdk.test.ts "serves the right content": the Firebase API's download URL of an object saved by firebase-admin.
    await bucket().file('testing/storage_ref/testFile').save(Buffer.from('hello world'));
    const firebase = await fetch(`${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent('testing/storage_ref/testFile')}?alt=media`, { headers: owner });
    expect(firebase.headers.get('content-disposition')).toBe('attachment; filename*=testFile');
    expect(await firebase.text()).toBe('hello world');
  });

  it('names the file after a stored disposition, percent-encodes names that need it, and keeps a stored filename as it is', async () => {
    await bucket().file('headers/inline.txt').save('x', { metadata: { contentDisposition: 'inline' } });
    const inline = await fetch(`${harness.origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('headers/inline.txt')}?alt=media`, { headers: owner });
    expect(inline.headers.get('content-disposition')).toBe('inline; filename*=inline.txt');
    await bucket().file("headers/été (1)'s.jpg").save('x');
    const encoded = await fetch(`${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent("headers/été (1)'s.jpg")}?alt=media`, { headers: owner });
    expect(encoded.headers.get('content-disposition')).toBe('attachment; filename*=%C3%A9t%C3%A9%20%281%29%27s.jpg');
    await bucket().file('headers/named.txt').save('x', { metadata: { contentDisposition: 'attachment; filename="poster.txt"' } });
    const named = await fetch(`${harness.origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('headers/named.txt')}?alt=media`, { headers: owner });
    expect(named.headers.get('content-disposition')).toBe('attachment; filename="poster.txt"');
  });

  it('a GCS multipart upload takes X-Upload-Content-Type over the media part\'s type', async () => {
    const boundary = 'b1d5b2e3';
    const body = `--${boundary}\r\ncontent-type: application/json\r\n\r\n{"name":"headers/typed"}\r\n--${boundary}\r\ncontent-type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const response = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=multipart`, {
      method: 'POST',
      headers: { ...owner, 'Content-Type': `multipart/related; boundary=${boundary}`, 'X-Upload-Content-Type': 'image/png' },
      body,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { contentType: string }).contentType).toBe('image/png');
  });
});

describe('a GCS resumable upload whose finalize is refused', () => {
  it('answers the same refusal (412) to a retried chunk, and stores nothing', async () => {
    await bucket().file('resumable/taken.txt').save('first');
    const start = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=resumable%2Ftaken.txt&ifGenerationMatch=0`, { method: 'POST' });
    const session = start.headers.get('location')!;
    const send = () => fetch(session, { method: 'PUT', headers: { 'Content-Range': 'bytes 0-5/6' }, body: 'second' });
    expect((await send()).status).toBe(412);
    expect((await send()).status).toBe(412);
    expect((await bucket().file('resumable/taken.txt').download())[0].toString()).toBe('first');
  });
});
