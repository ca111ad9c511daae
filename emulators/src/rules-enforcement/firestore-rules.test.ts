import { describe, expect, it } from 'vitest';
import type { FirestoreDocument } from '../rules/index.js';
import { decideFirestoreAccess, type FirestoreAccess } from './firestore-rules.js';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /rooms/{room} {
      allow get: if request.auth != null;
      allow create: if request.resource.data.owner == request.auth.uid
        && request.resource.data.createdAt == request.time;
      allow update: if getAfter(/databases/$(database)/documents/logs/$(room)).data.note == 'renamed';
      allow delete: if get(/databases/$(database)/documents/admins/$(request.auth.uid)).data.level > 1;
    }
  }
}`;

const alice = { uid: 'alice', token: { sub: 'alice' } };
const T = new Date('2026-08-14T20:00:00.123Z');
const doc = (fields: Record<string, unknown>): FirestoreDocument => ({ fields: fields as FirestoreDocument['fields'] });

function access(overrides: Partial<FirestoreAccess>): FirestoreAccess {
  return { databaseId: '(default)', method: 'get', path: 'rooms/r1', auth: alice, time: T, resource: null, incoming: null, documents: () => null, ...overrides };
}

describe('decideFirestoreAccess', () => {
  it('allows everything while no rules are loaded', () => {
    expect(decideFirestoreAccess(undefined, access({ auth: null })).allowed).toBe(true);
  });

  it('phrases a denial as the official emulator does: outcome, method and line', () => {
    expect(decideFirestoreAccess(RULES, access({ auth: null }))).toEqual({ allowed: false, message: "false for 'get' @ L5" });
    expect(decideFirestoreAccess(RULES, access({ path: 'elsewhere/x' }))).toEqual({ allowed: false, message: 'No matching allow statements' });
  });

  it('sees request.time exactly as given, so a server timestamp resolved to it passes', () => {
    const incoming = doc({ owner: { stringValue: 'alice' }, createdAt: { timestampValue: T.toISOString() } });
    expect(decideFirestoreAccess(RULES, access({ method: 'create', incoming })).allowed).toBe(true);
    const early = doc({ owner: { stringValue: 'alice' }, createdAt: { timestampValue: '2026-08-14T19:00:00Z' } });
    expect(decideFirestoreAccess(RULES, access({ method: 'create', incoming: early })).allowed).toBe(false);
  });

  it('answers getAfter() from the database after the commit and get() from before it', () => {
    const after = (path: string) => (path === 'logs/r1' ? doc({ note: { stringValue: 'renamed' } }) : null);
    const update = access({ method: 'update', resource: doc({}), incoming: doc({}), documentsAfter: after });
    expect(decideFirestoreAccess(RULES, update).allowed).toBe(true);
    expect(decideFirestoreAccess(RULES, { ...update, documentsAfter: () => null }).message).toMatch(/for 'update' @ L8$/);

    const admins = (path: string) => (path === 'admins/alice' ? doc({ level: { integerValue: '2' } }) : null);
    expect(decideFirestoreAccess(RULES, access({ method: 'delete', resource: doc({}), documents: admins })).allowed).toBe(true);
  });

  it('charges the document reads of one commit to one budget of 20', () => {
    const commit = {};
    const admins = () => doc({ level: { integerValue: '2' } });
    // 20 deletes by 20 different users read 20 different admin documents: the 21st is over the limit.
    const verdicts = Array.from({ length: 21 }, (_, i) =>
      decideFirestoreAccess(RULES, access({ method: 'delete', path: `rooms/r${i}`, auth: { uid: `u${i}`, token: { sub: `u${i}` } }, resource: doc({}), documents: admins, commit })),
    );
    expect(verdicts.slice(0, 20).every((v) => v.allowed)).toBe(true);
    expect(verdicts[20]).toMatchObject({ allowed: false, message: expect.stringMatching(/limit of 20 document access calls/) });
  });

  it('denies everything when the rules in force do not compile', () => {
    expect(decideFirestoreAccess('service cloud.firestore {', access({}))).toMatchObject({ allowed: false, message: expect.stringMatching(/do not compile: Line 1/) });
  });
});
