/**
 * Cloud Storage rule sets: object paths, metadata in `resource`/`request.resource`,
 * list at a prefix (as firebase-tools' emulator asks), and `firestore.get()`.
 */
import { describe, expect, it } from 'vitest';
import { RulesEngine, type StorageObjectMetadata, type StorageRequest } from '../../src/rules/index.js';
import { alice, bob, fields } from './helpers.js';

const storage = (body: string, version = '2') =>
  RulesEngine.fromSource(`rules_version = '${version}';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${body}\n  }\n}\n`);

const object = (overrides: Partial<StorageObjectMetadata> = {}): StorageObjectMetadata => ({
  name: 'users/alice/photo.png',
  bucket: 'demo-encore.appspot.com',
  size: '2048',
  contentType: 'image/png',
  metadata: { owner: 'alice' },
  md5Hash: 'XrY7u+Ae7tCTyyK7j1rNww==',
  generation: '1700000000000000',
  metageneration: '1',
  timeCreated: '2026-01-01T00:00:00.000Z',
  updated: new Date('2026-01-02T00:00:00Z'),
  ...overrides,
});

type Case = [name: string, request: Omit<StorageRequest, 'bucket' | 'auth'> & { auth?: StorageRequest['auth'] }, allowed: boolean];

async function check(engine: RulesEngine, cases: Case[]) {
  for (const [name, request, allowed] of cases) {
    const decision = await engine.authorizeStorage({ bucket: 'demo-encore.appspot.com', auth: null, ...request });
    expect({ name, allowed: decision.allowed }).toEqual({ name, allowed });
  }
}

describe('Storage rules', () => {
  const engine = storage(`
    match /users/{uid}/{allPaths=**} {
      allow read: if request.auth != null && request.auth.uid == uid;
      allow create: if request.auth.uid == uid
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.metadata.owner == uid
        && request.resource.name == 'users/' + uid + '/' + allPaths[0]
        && bucket == 'demo-encore.appspot.com' && request.resource.bucket == bucket;
      allow update: if request.auth.uid == uid && resource.metadata.owner == uid
        && request.resource.metadata.diff(resource.metadata).affectedKeys().hasOnly(['caption']);
      allow delete: if request.auth.uid == uid && resource.size > 0 && resource.timeCreated < request.time
        && resource.generation is int && resource.contentEncoding == null;
    }
    match /public/{file} {
      allow get: if resource.contentType == 'text/plain' && request.resource == null;
    }
    match /teams/{team}/{file} {
      allow get: if firestore.get(/databases/(default)/documents/teams/$(team)).data.members.hasAny([request.auth.uid]);
      allow create: if firestore.exists(/databases/(default)/documents/teams/$(team)/members/$(request.auth.uid));
    }`);

  it('checks owners, sizes, content types and custom metadata on upload', async () => {
    await check(engine, [
      ['owner uploads an image', { method: 'create', path: 'users/alice/photo.png', auth: alice, incoming: object() }, true],
      ['too large', { method: 'create', path: 'users/alice/photo.png', auth: alice, incoming: object({ size: 6 * 1024 * 1024 }) }, false],
      ['not an image', { method: 'create', path: 'users/alice/photo.png', auth: alice, incoming: object({ contentType: 'application/pdf' }) }, false],
      ['no content type (null)', { method: 'create', path: 'users/alice/photo.png', auth: alice, incoming: object({ contentType: null }) }, false],
      ['metadata owner mismatch', { method: 'create', path: 'users/alice/photo.png', auth: alice, incoming: object({ metadata: { owner: 'bob' } }) }, false],
      ["into someone else's folder", { method: 'create', path: 'users/alice/photo.png', auth: bob, incoming: object() }, false],
      ['signed out', { method: 'create', path: 'users/alice/photo.png', incoming: object() }, false],
    ]);
  });

  it('reads, updates and deletes against the stored object', async () => {
    await check(engine, [
      ['owner downloads', { method: 'get', path: 'users/alice/photo.png', auth: alice, resource: object() }, true],
      ['nested path downloads', { method: 'get', path: 'users/alice/a/b/c.png', auth: alice, resource: object() }, true],
      ['stranger downloads', { method: 'get', path: 'users/alice/photo.png', auth: bob, resource: object() }, false],
      ['caption change', { method: 'update', path: 'users/alice/photo.png', auth: alice, resource: object(), incoming: object({ metadata: { owner: 'alice', caption: 'hi' } }) }, true],
      ['owner change', { method: 'update', path: 'users/alice/photo.png', auth: alice, resource: object(), incoming: object({ metadata: { owner: 'bob' } }) }, false],
      ['delete', { method: 'delete', path: 'users/alice/photo.png', auth: alice, resource: object() }, true],
      ['public text file (request.resource null on reads)', { method: 'get', path: 'public/readme.txt', resource: object({ contentType: 'text/plain' }) }, true],
      ['public non-text file', { method: 'get', path: 'public/readme.bin', resource: object({ contentType: 'application/octet-stream' }) }, false],
    ]);
  });

  it('checks list requests at the prefix; version 1 denies lists', async () => {
    await check(engine, [
      ['list own folder (recursive wildcard matches zero segments)', { method: 'list', path: 'users/alice/', auth: alice }, true],
      ["list someone else's folder", { method: 'list', path: 'users/alice', auth: bob }, false],
      ['list the root', { method: 'list', path: '', auth: alice }, false],
    ]);
    const v1 = storage('    match /{allPaths=**} { allow read; }', '1');
    const decision = await v1.authorizeStorage({ method: 'list', bucket: 'b', path: 'x/', auth: alice });
    expect(decision).toMatchObject({ allowed: false, reason: "Permission denied. List operations are only allowed for rules_version='2'." });
    await check(v1, [['version 1 still allows get', { method: 'get', path: 'x/y', resource: object() }, true]]);
  });

  it('reads Firestore documents with firestore.get() and firestore.exists()', async () => {
    const documents: Record<string, ReturnType<typeof fields>> = {
      'teams/red': fields({ members: ['alice'] }),
      'teams/red/members/alice': fields({}),
    };
    const firestore = async (path: string) => documents[path] ?? null;
    await check(engine, [
      ['member downloads', { method: 'get', path: 'teams/red/plan.pdf', auth: alice, resource: object(), firestore }, true],
      ['non-member downloads', { method: 'get', path: 'teams/red/plan.pdf', auth: bob, resource: object(), firestore }, false],
      ['unknown team: document missing', { method: 'get', path: 'teams/blue/plan.pdf', auth: alice, resource: object(), firestore }, false],
      ['member uploads', { method: 'create', path: 'teams/red/new.pdf', auth: alice, incoming: object(), firestore }, true],
      ['no Firestore accessor', { method: 'get', path: 'teams/red/plan.pdf', auth: alice, resource: object() }, false],
    ]);
  });

  it('explains denials', async () => {
    const decision = await engine.authorizeStorage({ method: 'get', bucket: 'bkt', path: 'users/alice/x', auth: null, resource: object() });
    expect(decision.reason).toBe('Denied get on /b/bkt/o/users/alice/x: line 6: condition was false');
  });
});
