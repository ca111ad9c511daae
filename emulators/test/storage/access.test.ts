/**
 * The access seam: what the authorizer is asked for each web SDK operation, how a refusal
 * reaches the SDK, that owners and download tokens bypass it, and the other error statuses
 * the SDK maps (unauthenticated, quota-exceeded).
 */
import { getBytes, getMetadata, listAll, ref, updateMetadata, uploadBytes, uploadString, deleteObject } from 'firebase/storage';
import { getDownloadURL as adminDownloadUrl } from 'firebase-admin/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccessRequest } from '../../src/storage/index.js';
import { errorCode, startStorageHarness, type StorageHarness } from './harness.js';

const asked: AccessRequest[] = [];
let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness({
    authorize: (request) => {
      asked.push(request);
      return request.path !== 'private' && !request.path.startsWith('private/');
    },
  });
  harness.emulator.setRules("rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read, write: if true; } } }");
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  asked.length = 0;
});

describe('authorize hook', () => {
  it('sees create (before and after the body), then update, get, list and delete as Storage rules do, with request.auth and the rules source', async () => {
    const storage = harness.web({ mockUserToken: { sub: 'ana', email: 'ana@example.com' } });
    const target = ref(storage, 'public/a.txt');
    await uploadString(target, 'hello', 'raw', { customMetadata: { k: 'v' } });
    await updateMetadata(target, { contentType: 'text/plain' });
    await getMetadata(target);
    await listAll(ref(storage, 'public'));
    await deleteObject(target);
    expect(asked.map((request) => [request.method, request.path])).toEqual([
      ['create', 'public/a.txt'],
      ['create', 'public/a.txt'],
      ['update', 'public/a.txt'],
      ['get', 'public/a.txt'],
      ['list', 'public'],
      ['delete', 'public/a.txt'],
    ]);
    const [admitted, create, update] = asked;
    // Before the body: what the request declares (the size from its length), no checksums yet.
    expect(admitted).toMatchObject({ resource: null, incoming: { name: 'public/a.txt', size: 5, metadata: { k: 'v' }, md5Hash: '', crc32c: '' } });
    // Once the body is in: the object as it will be stored.
    expect(create).toMatchObject({
      bucket: 'demo-encore.appspot.com',
      auth: { uid: 'ana', token: { email: 'ana@example.com', firebase: { sign_in_provider: 'custom' } } },
      resource: null,
      incoming: { name: 'public/a.txt', size: 5, metadata: { k: 'v' }, metageneration: '1', md5Hash: 'XUFAKrxLKna5cZ2REBfFkg==' },
    });
    expect(create!.rules).toContain('service firebase.storage');
    expect(update).toMatchObject({ resource: { contentType: 'application/octet-stream' }, incoming: { contentType: 'text/plain', metageneration: '2' } });
  });

  it('a signed-out caller is asked about with auth null', async () => {
    await uploadString(ref(harness.web(), 'public/anon.txt'), 'x');
    expect(asked).toMatchObject([
      { method: 'create', auth: null },
      { method: 'create', auth: null },
    ]);
  });

  it('a refusal is storage/unauthorized for every operation, and a refused write stores nothing', async () => {
    const storage = harness.web({ mockUserToken: { sub: 'bo' } });
    expect(await errorCode(uploadBytes(ref(storage, 'private/x.txt'), new Uint8Array([1])))).toBe('storage/unauthorized');
    expect(await errorCode(getMetadata(ref(storage, 'private/x.txt')))).toBe('storage/unauthorized');
    expect(await errorCode(listAll(ref(storage, 'private')))).toBe('storage/unauthorized');
    expect(await harness.adminBucket().file('private/x.txt').exists()).toEqual([false]);
  });

  it('owners (firebase-admin) never reach the hook, and a download token grants read despite a refusal', async () => {
    const file = harness.adminBucket().file('private/owned.txt');
    await file.save('secret');
    const url = await adminDownloadUrl(file);
    expect(asked).toEqual([]);
    const response = await fetch(url);
    expect(await response.text()).toBe('secret');
    expect(asked).toEqual([]);
    expect(await errorCode(getBytes(ref(harness.web(), 'private/owned.txt')))).toBe('storage/unauthorized');
  });
});

describe('other statuses the SDK maps', () => {
  it('an undecodable token is storage/unauthenticated', async () => {
    const storage = harness.web({ mockUserToken: 'not-a-jwt' } as never);
    expect(await errorCode(getMetadata(ref(storage, 'public/a.txt')))).toBe('storage/unauthenticated');
  });

  it('writes beyond the quota are storage/quota-exceeded and store nothing', async () => {
    const small = await startStorageHarness({ quotaBytes: 10 });
    try {
      const storage = small.web();
      await uploadString(ref(storage, 'q/fits.txt'), '12345678');
      expect(await errorCode(uploadString(ref(storage, 'q/too-big.txt'), '12345'))).toBe('storage/quota-exceeded');
      expect(small.events.map((event) => event.object.name)).toEqual(['q/fits.txt']);
    } finally {
      await small.close();
      process.env.STORAGE_EMULATOR_HOST = harness.origin;
    }
  });
});
