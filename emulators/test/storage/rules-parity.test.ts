/**
 * Storage rules as production and the official emulator apply them to uploads and to the
 * `/internal/setRules` door: a content upload over an existing object is a `create` with
 * `resource` set to the stored object; rules load with the official reply shapes.
 */
import { ref, updateMetadata, uploadString } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageHarness, type StorageHarness } from './harness.js';

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
  }
}`;

beforeAll(async () => {
  harness = await startStorageHarness();
  harness.emulator.setRules(RULES);
});

afterAll(async () => {
  await harness.close();
});

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected the call to fail');
}

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
