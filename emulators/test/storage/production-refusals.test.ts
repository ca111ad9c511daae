/**
 * Where the Storage emulator answers as production does rather than as it used to: a client
 * cannot choose an object's download token (custom metadata `firebaseStorageDownloadTokens`,
 * which the rules never see), a resumable chunk without `X-Goog-Upload-Offset` goes where the
 * upload stands, a rewrite with a `rewriteToken` never issued is refused, an object name that
 * is not UTF-8 and a list `maxResults` no uint32 holds are 400s. Beside each, the honest
 * request that still works.
 */
import { getDownloadURL, getMetadata, ref, updateMetadata, uploadBytes, uploadBytesResumable, type FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET, errorCode, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;
let storage: FirebaseStorage;

beforeAll(async () => {
  harness = await startStorageHarness();
  storage = harness.web({ mockUserToken: { sub: 'fan-1' } });
});

afterAll(async () => {
  await harness.close();
});

const bytes = new TextEncoder().encode('photo bytes');
const CHOSEN = 'token-the-client-chose';

describe('download tokens are the service’s to make', () => {
  it('refuses an upload (multipart) whose custom metadata names a token, and stores nothing', async () => {
    const refused = uploadBytes(ref(storage, 'uploads/chosen.jpg'), bytes, { customMetadata: { firebaseStorageDownloadTokens: CHOSEN } });
    expect(await errorCode(refused)).toBe('storage/unauthorized');
    expect((await fetch(`${harness.origin}/b/${BUCKET}/o/${encodeURIComponent('uploads/chosen.jpg')}`)).status).toBe(404);
    expect(await fetch(`${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent('uploads/chosen.jpg')}?alt=media&token=${CHOSEN}`).then((r) => r.status)).toBe(404);
  });

  it('refuses a resumable upload whose custom metadata names a token', async () => {
    const task = uploadBytesResumable(ref(storage, 'uploads/chosen-resumable.jpg'), bytes, { customMetadata: { firebaseStorageDownloadTokens: CHOSEN } });
    expect(await errorCode(Promise.resolve(task))).toBe('storage/unauthorized');
  });

  it('refuses a metadata update that names a token, and keeps the token the service made', async () => {
    await uploadBytes(ref(storage, 'uploads/honest.jpg'), bytes, { customMetadata: { by: 'fan-1' } });
    const url = await getDownloadURL(ref(storage, 'uploads/honest.jpg'));
    expect(url).not.toContain(CHOSEN);
    const refused = updateMetadata(ref(storage, 'uploads/honest.jpg'), { customMetadata: { firebaseStorageDownloadTokens: CHOSEN } });
    expect(await errorCode(refused)).toBe('storage/unauthorized');
    // The honest upload and its other custom metadata went through; its URL still works.
    expect((await getMetadata(ref(storage, 'uploads/honest.jpg'))).customMetadata).toEqual({ by: 'fan-1' });
    expect((await fetch(url)).status).toBe(200);
  });

  it('still lets an admin set tokens through the GCS API', async () => {
    const file = harness.adminBucket().file('uploads/admin-token.jpg');
    await file.save(Buffer.from(bytes), { metadata: { metadata: { firebaseStorageDownloadTokens: 'admin-made' } } });
    expect((await fetch(`${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent('uploads/admin-token.jpg')}?alt=media&token=admin-made`)).status).toBe(200);
  });
});

describe('resumable chunks', () => {
  async function start(name: string, size: number): Promise<string> {
    const response = await fetch(`${harness.origin}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': String(size),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ name, contentType: 'text/plain' }),
    });
    expect(response.status).toBe(200);
    return response.headers.get('x-goog-upload-url')!;
  }

  it('takes chunks without X-Goog-Upload-Offset where the upload stands, as GCS does', async () => {
    const url = await start('chunks/no-offset.txt', 10);
    expect((await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'upload' }, body: 'abcd' })).status).toBe(200);
    const final = await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'upload, finalize' }, body: 'efghij' });
    expect(final.status).toBe(200);
    expect(final.headers.get('x-goog-upload-status')).toBe('final');
    expect(await (await fetch(`${harness.origin}/b/${BUCKET}/o/${encodeURIComponent('chunks/no-offset.txt')}?alt=media`)).text()).toBe('abcdefghij');
  });

  it('still refuses an offset that is not where the upload stands', async () => {
    const url = await start('chunks/wrong-offset.txt', 10);
    expect((await fetch(url, { method: 'POST', headers: { 'X-Goog-Upload-Command': 'upload', 'X-Goog-Upload-Offset': '3' }, body: 'abcd' })).status).toBe(400);
  });
});

describe('rewrite tokens', () => {
  const rewriteUrl = (token?: string) =>
    `${harness.origin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent('uploads/honest.jpg')}/rewriteTo/b/${BUCKET}/o/${encodeURIComponent('copies/honest.jpg')}${token ? `?rewriteToken=${token}` : ''}`;

  it('refuses a rewriteToken it never issued with 400, and copies nothing', async () => {
    await uploadBytes(ref(storage, 'uploads/honest.jpg'), bytes);
    const response = await fetch(rewriteUrl('made-up'), { method: 'POST', headers: { authorization: 'Bearer owner', 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 400, errors: [{ reason: 'invalid' }] });
    expect((await fetch(`${harness.origin}/b/${BUCKET}/o/${encodeURIComponent('copies/honest.jpg')}`)).status).toBe(404);
  });

  it('rewrites in one call without a token, as firebase-admin asks', async () => {
    await harness.adminBucket().file('uploads/honest.jpg').copy('copies/honest.jpg');
    expect((await fetch(`${harness.origin}/b/${BUCKET}/o/${encodeURIComponent('copies/honest.jpg')}?alt=media`)).status).toBe(200);
  });
});

describe('object names that are not UTF-8', () => {
  const owner = { authorization: 'Bearer owner' };
  /** Every stored name, straight from the GCS listing. */
  const storedNames = async (): Promise<string[]> =>
    (((await (await fetch(`${harness.origin}/storage/v1/b/${BUCKET}/o?prefix=names/`, { headers: owner })).json()) as { items?: Array<{ name: string }> }).items ?? []).map((item) => item.name);
  const firebaseUpload = (rawName: string) => fetch(`${harness.origin}/v0/b/${BUCKET}/o?name=${rawName}`, { method: 'POST', headers: { ...owner, 'content-type': 'text/plain' }, body: 'x' });
  /** A form upload (`POST /{bucket}`) whose key field is these bytes. */
  const formUpload = (key: Buffer) =>
    fetch(`${harness.origin}/${BUCKET}`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'multipart/form-data; boundary=f' },
      body: Buffer.concat([Buffer.from('--f\r\nContent-Disposition: form-data; name="key"\r\n\r\n'), key, Buffer.from('\r\n--f\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nx\r\n--f--\r\n')]),
    });
  const gcsUpload = (rawName: string) => fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${rawName}`, { method: 'POST', headers: owner, body: 'x' });

  it('refuses a name whose escapes are not UTF-8 (%FF) with 400 on both APIs, and stores nothing', async () => {
    for (const response of [await firebaseUpload('names/bad%FF.txt'), await gcsUpload('names/bad%FF.txt'), await gcsUpload('names/half%C3.txt')]) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 400, errors: [{ reason: 'invalid' }] });
    }
    // A lone surrogate in a JSON resource has no UTF-8 form either.
    const multipart = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=multipart`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'multipart/related; boundary=n' },
      body: `--n\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ name: 'names/lone\udc00.txt' })}\r\n--n\r\n\r\nx\r\n--n--`,
    });
    expect(multipart.status).toBe(400);
    // Raw bytes that are not UTF-8 in a JSON resource or a form's key field.
    const rawJson = Buffer.concat([Buffer.from('--n\r\nContent-Type: application/json\r\n\r\n{"name":"names/raw'), Buffer.from([0xff]), Buffer.from('.txt"}\r\n--n\r\n\r\nx\r\n--n--')]);
    const rawMultipart = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=multipart`, { method: 'POST', headers: { ...owner, 'content-type': 'multipart/related; boundary=n' }, body: rawJson });
    expect(rawMultipart.status).toBe(400);
    expect((await formUpload(Buffer.concat([Buffer.from('names/form'), Buffer.from([0xff])]))).status).toBe(400);
    // In the path too: a malformed escape there was already a 400.
    expect((await fetch(`${harness.origin}/v0/b/${BUCKET}/o/names%2Fbad%FF.txt`, { method: 'POST', headers: owner, body: 'x' })).status).toBe(400);
    expect(await storedNames()).toEqual([]);
  });

  it('stores names that are UTF-8, U+FFFD itself included, as sent', async () => {
    expect((await firebaseUpload('names/%C3%A9t%C3%A9.txt')).status).toBe(200);
    expect((await gcsUpload('names/replacement%EF%BF%BD.txt')).status).toBe(200);
    expect((await gcsUpload('names/plus+space.txt')).status).toBe(200);
    expect((await formUpload(Buffer.from('names/form-é.txt'))).status).toBe(204);
    expect((await storedNames()).sort()).toEqual(['names/form-é.txt', 'names/plus space.txt', 'names/replacement\ufffd.txt', 'names/été.txt']);
  });
});

describe('list maxResults out of range', () => {
  const list = (api: 'gcs' | 'firebase', maxResults: string) =>
    fetch(api === 'gcs' ? `${harness.origin}/storage/v1/b/${BUCKET}/o?maxResults=${maxResults}` : `${harness.origin}/v0/b/${BUCKET}/o?maxResults=${maxResults}`, {
      headers: { authorization: 'Bearer owner' },
    });

  it('refuses a maxResults no uint32 holds (1e30, 2^32) with 400 on both APIs', async () => {
    for (const api of ['gcs', 'firebase'] as const) {
      for (const value of ['1e30', '4294967296']) {
        const response = await list(api, value);
        expect(response.status, `${api} ${value}`).toBe(400);
        expect(((await response.json()) as { error: unknown }).error).toMatchObject({ code: 400, errors: [{ reason: 'invalid' }] });
      }
    }
  });

  it('still lists with any maxResults up to 2^32 - 1 (capped at 1000 items)', async () => {
    for (const api of ['gcs', 'firebase'] as const) {
      for (const value of ['2', '4294967295']) expect((await list(api, value)).status, `${api} ${value}`).toBe(200);
    }
  });
});
