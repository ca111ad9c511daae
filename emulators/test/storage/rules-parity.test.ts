/**
 * Storage rules as production and the official emulator apply them to uploads and to the
 * `/internal/setRules` door: a content upload over an existing object is a `create` with
 * `resource` set to the stored object; rules load with the official reply shapes.
 */
import { connectStorageEmulator, deleteObject, getStorage, ref, updateMetadata, uploadString } from 'firebase/storage';
import { initializeApp } from 'firebase/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET, errorCode, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /kept/{name} {
      allow read;
      // A first upload, or one over an object that says it may be replaced.
      allow create: if resource == null || resource.metadata.replaceable == 'yes';
      allow update: if false;
    }
    match /sized/{name} {
      allow create: if request.resource.size > 0;
    }
  }
}`;

beforeAll(async () => {
  harness = await startStorageHarness();
  harness.emulator.setRules(RULES);
});

afterAll(async () => {
  await harness.close();
});

describe('a content upload over an existing object', () => {
  it('is judged as create with resource set to the stored object (update stays the metadata change)', async () => {
    const storage = harness.web({ mockUserToken: { sub: 'ana' } });
    const replaceable = ref(storage, 'kept/replaceable.txt');
    await uploadString(replaceable, 'first', 'raw', { customMetadata: { replaceable: 'yes' } });
    // An `update` rule would refuse this (allow update: if false): the upload is a create.
    const second = await uploadString(replaceable, 'second', 'raw', { customMetadata: { replaceable: 'no' } });
    expect(second.metadata.size).toBe(6);
    // Now resource.metadata.replaceable is 'no': the create rule refuses the next upload.
    expect(await errorCode(uploadString(replaceable, 'third'))).toBe('storage/unauthorized');
    const [stored] = await harness.adminBucket().file('kept/replaceable.txt').download();
    expect(stored.toString()).toBe('second');
    // A metadata change is the update, which these rules refuse.
    expect(await errorCode(updateMetadata(replaceable, { contentType: 'text/plain' }))).toBe('storage/unauthorized');
  });
});

function putRules(body: unknown): Promise<Response> {
  return fetch(`${harness.origin}/internal/setRules`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

const openFor = (who: string) => `rules_version = '2'; service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read, write: if request.auth.uid == '${who}'; } } }`;

describe('PUT /internal/setRules', () => {
  it('answers refusals in the official emulator\'s words and shape', async () => {
    const reply = async (body: unknown) => {
      const response = await putRules(body);
      return [response.status, await response.json()];
    };
    expect(await reply({})).toEqual([400, { message: "Request body must include 'rules.files' array" }]);
    expect(await reply({ rules: { files: [] } })).toEqual([400, { message: "Request body must include 'rules.files' array" }]);
    expect(await reply({ rules: { files: [{ content: 'x' }] } })).toEqual([400, { message: "Each member of 'rules.files' array must contain 'name' and 'content'" }]);
    expect(await reply({ rules: { files: [{ name: 'a.rules', content: openFor('a') }, { name: 'b.rules', content: openFor('b') }] } })).toEqual([
      400,
      { message: "Each member of 'rules.files' array must contain 'name', 'content', and 'resource'" },
    ]);
    expect(await reply({ rules: { files: [{ name: 'storage.rules', content: RULES }] } })).toEqual([200, { message: 'Rules updated successfully' }]);
  });

  it('takes several files, one per bucket: each bucket is judged by its own rules, and a bucket without any is closed', async () => {
    const response = await putRules({
      rules: {
        files: [
          { name: 'a.rules', content: openFor('ana'), resource: 'bucket-a' },
          { name: 'b.rules', content: openFor('ben'), resource: 'bucket-b' },
        ],
      },
    });
    expect(response.status).toBe(200);
    try {
      const as = (uid: string, bucket: string) => {
        const app = initializeApp({ projectId: 'demo-encore', storageBucket: bucket, apiKey: 'fake-api-key' }, `${uid}-${bucket}`);
        const storage = getStorage(app);
        connectStorageEmulator(storage, '127.0.0.1', harness.emulator.port, { mockUserToken: { sub: uid } });
        return storage;
      };
      await uploadString(ref(as('ana', 'bucket-a'), 'x.txt'), 'a');
      await uploadString(ref(as('ben', 'bucket-b'), 'x.txt'), 'b');
      expect(await errorCode(uploadString(ref(as('ben', 'bucket-a'), 'y.txt'), 'b'))).toBe('storage/unauthorized');
      expect(await errorCode(uploadString(ref(as('ana', 'bucket-b'), 'y.txt'), 'a'))).toBe('storage/unauthorized');
      const closed = await fetch(`${harness.origin}/v0/b/bucket-c/o/x.txt`);
      expect([closed.status, await closed.json()]).toEqual([
        403,
        expect.objectContaining({ error: expect.objectContaining({ code: 403, message: 'Permission denied. Storage Emulator has no loaded ruleset.' }) }),
      ]);
    } finally {
      harness.emulator.setRules(RULES);
    }
  });
});

describe('a resumable upload whose finalize the rules refuse', () => {
  it('answers 403 with X-Goog-Upload-Status: final, and again to a repeated finalize; nothing is stored', async () => {
    const start = await fetch(`${harness.origin}/v0/b/${BUCKET}/o?name=sized%2Fempty.txt`, {
      method: 'POST',
      headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start' },
    });
    expect(start.status).toBe(200);
    const url = start.headers.get('x-goog-upload-url')!;
    const command = (name: string) => fetch(url, { method: 'PUT', headers: { 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': name, 'X-Goog-Upload-Offset': '0' } });
    const refused = await command('upload, finalize');
    expect([refused.status, refused.headers.get('x-goog-upload-status')]).toEqual([403, 'final']);
    const again = await command('finalize');
    expect([again.status, again.headers.get('x-goog-upload-status')]).toEqual([403, 'final']);
    expect((await command('query')).headers.get('x-goog-upload-status')).toBe('final');
    expect((await harness.adminBucket().file('sized/empty.txt').exists())[0]).toBe(false);
  });
});

describe('a multipart upload with a Content-Type that is not multipart/related', () => {
  it('is a 400 whose message says "Bad content type."', async () => {
    const response = await fetch(`${harness.origin}/v0/b/${BUCKET}/o/?name=${encodeURIComponent('kept/bad.png')}`, {
      method: 'POST',
      headers: { 'x-goog-upload-protocol': 'multipart', 'content-type': 'foo' },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Bad content type.');
  });
});

/** The rules of Firebase's own Storage-emulator conformance suite, as its web SDK cases meet them. */
const CONFORMANCE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /upload {
      match /replace.txt {
        allow read, create;
      }
      match /allowIfNoExistingFile.txt {
        allow create: if resource == null;
      }
    }
    match /delete {
      match /disallowIfContentTypeText {
        allow create;
        allow delete: if resource.contentType != 'text/plain';
      }
    }
  }
}`;

describe("the conformance suite's rules", () => {
  it('let an upload replace upload/replace.txt (create only), refuse a second allowIfNoExistingFile.txt, and judge a delete on the stored object', async () => {
    harness.emulator.setRules(CONFORMANCE_RULES);
    try {
      const storage = harness.web();
      await uploadString(ref(storage, 'upload/replace.txt'), 'some-content');
      await uploadString(ref(storage, 'upload/replace.txt'), 'some-other-content');
      expect((await harness.adminBucket().file('upload/replace.txt').download())[0].toString()).toBe('some-other-content');
      await uploadString(ref(storage, 'upload/allowIfNoExistingFile.txt'), 'some-content');
      expect(await errorCode(uploadString(ref(storage, 'upload/allowIfNoExistingFile.txt'), 'some-other-content'))).toBe('storage/unauthorized');
      await uploadString(ref(storage, 'delete/disallowIfContentTypeText'), 'x', 'raw', { contentType: 'text/plain' });
      expect(await errorCode(deleteObject(ref(storage, 'delete/disallowIfContentTypeText')))).toBe('storage/unauthorized');
      await uploadString(ref(storage, 'delete/disallowIfContentTypeText'), 'x', 'raw', { contentType: 'image/png' });
      await deleteObject(ref(storage, 'delete/disallowIfContentTypeText'));
    } finally {
      harness.emulator.setRules(RULES);
    }
  });
});
