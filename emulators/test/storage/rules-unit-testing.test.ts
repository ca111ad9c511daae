/**
 * @firebase/rules-unit-testing against the emulator: it loads rules through
 * `PUT /internal/setRules`, signs contexts in with `mockUserToken` (the `owner` token when
 * rules are disabled) and clears storage by listing and deleting. Plus the other `/internal` calls.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRequest } from '../../src/storage/index.js';
import { BUCKET, startStorageHarness, type StorageHarness } from './harness.js';

const RULES = "rules_version = '2';\nservice firebase.storage { match /b/{bucket}/o { match /{path=**} { allow read, write: if request.auth != null; } } }";

const asked: AccessRequest[] = [];
let harness: StorageHarness;
let env: RulesTestEnvironment;

beforeAll(async () => {
  harness = await startStorageHarness({
    authorize: (request) => {
      asked.push(request);
      return request.auth !== null;
    },
  });
  env = await initializeTestEnvironment({
    projectId: 'demo-encore',
    storage: { host: '127.0.0.1', port: harness.emulator.port, rules: RULES },
  });
});

afterAll(async () => {
  await env?.cleanup();
  await harness.close();
});

describe('@firebase/rules-unit-testing', () => {
  it('loads the rules the authorizer then sees, and its contexts reach it as their users', async () => {
    const alice = env.authenticatedContext('alice').storage(`gs://${BUCKET}`);
    await alice.ref('users/alice/avatar.txt').putString('hi');
    expect(asked.at(-1)).toMatchObject({ rules: RULES, method: 'create', auth: { uid: 'alice' } });
    const anonymous = env.unauthenticatedContext().storage(`gs://${BUCKET}`);
    await expect(anonymous.ref('users/alice/avatar.txt').getMetadata()).rejects.toMatchObject({ code: 'storage/unauthorized' });
  });

  it('clearStorage() deletes as the owner, without asking the authorizer', async () => {
    asked.length = 0;
    await env.withSecurityRulesDisabled(async (context) => {
      await context.storage(`gs://demo-encore`).ref('root.txt').putString('in the project bucket');
    });
    await env.clearStorage();
    expect(asked).toEqual([]);
    const listing = await (await fetch(`${harness.origin}/b/demo-encore/o`)).json();
    expect(listing.items).toBeUndefined();
  });
});

describe('/internal endpoints', () => {
  it('setRules rejects a body without exactly one named file', async () => {
    const put = (body: unknown): Promise<Response> =>
      fetch(`${harness.origin}/internal/setRules`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await put({ rules: { files: [] } })).status).toBe(400);
    expect((await put({ rules: { files: [{ content: 'x' }] } })).status).toBe(400);
    expect((await put({})).status).toBe(400);
  });

  it('export writes the CLI layout into the path the hub names (its storage_export/), and reset drops every object', async () => {
    await harness.adminBucket().file('internal/kept.txt').save('kept');
    const dir = await mkdtemp(join(tmpdir(), 'encore-storage-internal-'));
    try {
      const exported = await fetch(`${harness.origin}/internal/export`, { method: 'POST', body: JSON.stringify({ path: dir }) });
      expect(exported.status).toBe(200);
      expect(JSON.parse(await readFile(join(dir, 'buckets.json'), 'utf8'))).toEqual({ buckets: [{ id: BUCKET }] });
      const names = await Promise.all((await readdir(join(dir, 'metadata'))).map(async (file) => JSON.parse(await readFile(join(dir, 'metadata', file), 'utf8')).name));
      expect(names).toContain('internal/kept.txt');
      expect(await readdir(join(dir, 'blobs'))).toHaveLength(names.length);
      expect((await fetch(`${harness.origin}/internal/export`, { method: 'POST', body: '{}' })).status).toBe(400);
      expect((await fetch(`${harness.origin}/internal/reset`, { method: 'POST' })).status).toBe(200);
      expect(await harness.adminBucket().file('internal/kept.txt').exists()).toEqual([false]);
      expect((await fetch(`${harness.origin}/internal/reset`, { method: 'GET' })).status).toBe(405);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
