/**
 * Storage rules in force in the Storage emulator: loaded from a file and reloaded when it
 * changes, loaded through `PUT /internal/setRules` (what @firebase/rules-unit-testing
 * calls), a source that does not parse refused with its line and column while the previous
 * rules stay, and `firestore.get()` answered by a Firestore emulator.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadString, type FirebaseStorage } from 'firebase/storage';
import { initializeTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firestoreRestDocuments } from '../../src/rules-enforcement/firestore-rest-documents.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { DEFAULT_STORAGE_BUCKET, startStorageEmulator, type StorageEmulator } from '../../src/storage/index.js';

const rules = (condition: string) => `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} { allow read, write: if ${condition}; }
  }
}`;

let dir: string;
let rulesPath: string;
let firestore: FirestoreEmulator;
let storage: StorageEmulator;
const apps: FirebaseApp[] = [];
const log: string[] = [];

function webStorage(uid?: string): FirebaseStorage {
  const app = initializeApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET, apiKey: 'fake' }, `app-${apps.length}`);
  apps.push(app);
  const instance = getStorage(app);
  connectStorageEmulator(instance, '127.0.0.1', storage.port, uid ? { mockUserToken: { sub: uid } } : {});
  return instance;
}

async function outcome(upload: Promise<unknown>): Promise<string> {
  return upload.then(
    () => 'allowed',
    (error: { code?: string }) => error.code ?? String(error),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-storage-rules-'));
  rulesPath = join(dir, 'storage.rules');
  await writeFile(rulesPath, rules('request.auth != null'));
  firestore = await startFirestoreEmulator({ port: 0, projectId: 'demo-encore' });
  storage = await startStorageEmulator({
    port: 0,
    rulesPath,
    firestore: firestoreRestDocuments(`http://127.0.0.1:${firestore.port}`, 'demo-encore'),
  });
  vi.spyOn(console, 'warn').mockImplementation((message: string) => void log.push(message));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(apps.map((app) => deleteApp(app)));
  await storage?.close();
  await firestore?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('rules from a file', () => {
  it('are in force from the start', async () => {
    expect(storage.getRules()).toBe(rules('request.auth != null'));
    expect(await outcome(uploadString(ref(webStorage(), 'a/signed-out.txt'), 'x'))).toBe('storage/unauthorized');
    expect(await outcome(uploadString(ref(webStorage('alice'), 'a/alice.txt'), 'x'))).toBe('allowed');
  });

  it('reload when the file changes, and a broken edit is refused with its line and column', async () => {
    await writeFile(rulesPath, rules("request.auth.uid == 'bob'"));
    await vi.waitFor(() => expect(storage.getRules()).toBe(rules("request.auth.uid == 'bob'")), { timeout: 5000 });
    expect(await outcome(uploadString(ref(webStorage('alice'), 'a/alice-again.txt'), 'x'))).toBe('storage/unauthorized');

    await writeFile(rulesPath, rules("request.auth.uid == 'bob' &&"));
    await vi.waitFor(() => expect(log.join('\n')).toMatch(/refused, previous rules stay in force: Error compiling rules: Line 4, column 74: Unexpected/), { timeout: 5000 });
    expect(storage.getRules()).toBe(rules("request.auth.uid == 'bob'"));
    expect(await outcome(uploadString(ref(webStorage('bob'), 'a/bob.txt'), 'x'))).toBe('allowed');
  });
});

describe('rules through the admin endpoint', () => {
  it('a source that does not parse is refused with the official 400 reply (line and column in its issues and the log); the rules in force stay', async () => {
    const before = storage.getRules();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const response = await fetch(`http://127.0.0.1:${storage.port}/internal/setRules`, {
        method: 'PUT',
        body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o { allow read: if (; }\n}" }] } }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'There was an error updating rules, see logs for more details',
        issues: [expect.stringMatching(/^Error compiling rules: Line 3, column 41: Unexpected/)],
      });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/Error compiling rules: Line 3, column 41: Unexpected/));
    } finally {
      warn.mockRestore();
    }
    expect(storage.getRules()).toBe(before);
  });

  it('Firestore rules are refused by the Storage emulator', async () => {
    expect(() => storage.setRules("rules_version = '2'; service cloud.firestore { match /databases/{d}/documents { } }")).toThrow(
      /Expected rules for service firebase.storage, got service cloud.firestore/,
    );
  });

  it('@firebase/rules-unit-testing loads rules, and its initializeTestEnvironment fails on a broken source', async () => {
    const env = await initializeTestEnvironment({ projectId: 'demo-encore', storage: { host: '127.0.0.1', port: storage.port, rules: rules('false') } });
    try {
      expect(storage.getRules()).toBe(rules('false'));
      expect(await outcome(uploadString(ref(webStorage('bob'), 'a/bob-denied.txt'), 'x'))).toBe('storage/unauthorized');
      // Its owner paths pass the rules: writing with rules disabled, and clearStorage().
      await env.withSecurityRulesDisabled((context) => context.storage().ref('by-owner.txt').putString('x').then(() => undefined));
      await env.clearStorage();
      const listing = (await (await fetch(`http://127.0.0.1:${storage.port}/b/demo-encore/o`)).json()) as { items?: unknown[] };
      expect(listing.items).toBeUndefined();
    } finally {
      await env.cleanup();
    }
    await expect(
      initializeTestEnvironment({ projectId: 'demo-encore', storage: { host: '127.0.0.1', port: storage.port, rules: 'service firebase.storage {' } }),
    ).rejects.toThrow(/Line 1, column \d+/);
  });
});

describe('firestore.get() in Storage rules', () => {
  const GATED = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /gated/{name} {
      allow write: if firestore.get(/databases/(default)/documents/gates/$(name)).data.open == true;
    }
  }
}`;
  const gate = (name: string, open: boolean) =>
    fetch(`http://127.0.0.1:${firestore.port}/v1/projects/demo-encore/databases/(default)/documents/gates/${name}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer owner' },
      body: JSON.stringify({ fields: { open: { booleanValue: open } } }),
    });

  beforeAll(async () => {
    await gate('shut', false);
    await gate('wide', true);
  });

  it('reads the Firestore emulator as the owner: allowed once the document says so', async () => {
    storage.setRules(GATED);
    const gated = (name: string) => outcome(uploadString(ref(webStorage('alice'), `gated/${name}`), 'x'));
    expect(await gated('wide')).toBe('allowed');
    expect(await gated('shut')).toBe('storage/unauthorized');
    expect(await gated('missing')).toBe('storage/unauthorized');
  });

  it('finds the Firestore emulator through FIRESTORE_EMULATOR_HOST when not told, and denies without one', async () => {
    const previous = process.env.FIRESTORE_EMULATOR_HOST;
    const other = await startStorageEmulator({ port: 0 });
    try {
      other.setRules(GATED);
      const upload = (name: string) => {
        const app = initializeApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET, apiKey: 'fake' }, `env-${name}-${apps.length}`);
        apps.push(app);
        const instance = getStorage(app);
        connectStorageEmulator(instance, '127.0.0.1', other.port, { mockUserToken: { sub: 'alice' } });
        return outcome(uploadString(ref(instance, `gated/${name}`), 'x'));
      };
      delete process.env.FIRESTORE_EMULATOR_HOST;
      expect(await upload('wide')).toBe('storage/unauthorized');
      process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
      expect(await upload('wide')).toBe('allowed');
    } finally {
      if (previous === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = previous;
      await other.close();
    }
  });
});

describe('firestore.get() and firestore.exists() behave as production documents', () => {
  // A new id only, as Encore's uploads: the document must be missing (and Firestore reachable to say so).
  const FRESH_ONLY = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /fresh/{id} {
      allow write: if request.auth.token.get('role', '') == 'staff'
        || !firestore.exists(/databases/(default)/documents/gates/$(id));
    }
    match /both/{id} {
      allow write: if firestore.exists(/databases/(default)/documents/gates/$(id))
        && firestore.get(/databases/(default)/documents/gates/$(id)).data.open == true;
    }
  }
}`;
  let isolated: StorageEmulator | undefined;
  let silent: Server | undefined;
  const upload = (emulator: StorageEmulator, name: string, claims: Record<string, unknown> = {}) => {
    const app = initializeApp({ projectId: 'demo-encore', storageBucket: DEFAULT_STORAGE_BUCKET, apiKey: 'fake' }, `docs-${apps.length}`);
    apps.push(app);
    const instance = getStorage(app);
    connectStorageEmulator(instance, '127.0.0.1', emulator.port, { mockUserToken: { sub: 'alice', ...claims } });
    return outcome(uploadString(ref(instance, name), 'x'));
  };

  afterAll(async () => {
    await isolated?.close();
    await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
  });

  it('a missing document is null: exists() is false, so a new id passes and a taken one does not', async () => {
    storage.setRules(FRESH_ONLY);
    expect(await upload(storage, 'fresh/never-seen')).toBe('allowed');
    expect(await upload(storage, 'fresh/wide')).toBe('storage/unauthorized');
  });

  it('get() and exists() of one document read it once, within the access limit', async () => {
    storage.setRules(FRESH_ONLY);
    expect(await upload(storage, 'both/wide')).toBe('allowed');
    expect(await upload(storage, 'both/shut')).toBe('storage/unauthorized');
  });

  it('an unreachable Firestore is an error in the condition that reads it: denied, unless another branch allows', async () => {
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    isolated = await startStorageEmulator({ port: 0, firestore: firestoreRestDocuments(`http://127.0.0.1:${port}`, 'demo-encore') });
    isolated.setRules(FRESH_ONLY);
    expect(await upload(isolated, 'fresh/anything')).toBe('storage/unauthorized');
    expect(await upload(isolated, 'fresh/anything', { role: 'staff' })).toBe('allowed');
  });

  it('a Firestore that does not answer fails the read at its deadline instead of hanging the upload', async () => {
    silent = createServer(() => {}); // accepts and never answers
    await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
    const slow = await startStorageEmulator({ port: 0, firestore: firestoreRestDocuments(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, 'demo-encore', 300) });
    try {
      slow.setRules(FRESH_ONLY);
      expect(await upload(slow, 'fresh/slow')).toBe('storage/unauthorized');
    } finally {
      await slow.close();
      silent.closeAllConnections();
    }
  });
});
