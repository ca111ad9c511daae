import { describe, expect, it } from 'vitest';
import type { AccessRequest } from '../firestore/engine/access.js';
import { values, type FirestoreDocument } from '../rules/index.js';
import { decideFirestoreAccess, enforceFirestoreRules, type FirestoreAccess } from './firestore-rules.js';

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

  it('sees request.time exactly as given, so a document time equal to it to the nanosecond passes', () => {
    const exact = values.Timestamp.parse('2026-08-14T20:00:00.123456789Z');
    const create = (createdAt: string) => decideFirestoreAccess(RULES, access({ method: 'create', time: exact, incoming: doc({ owner: { stringValue: 'alice' }, createdAt: { timestampValue: createdAt } }) })).allowed;
    expect(create('2026-08-14T20:00:00.123456789Z')).toBe(true);
    expect(create('2026-08-14T20:00:00.123456788Z')).toBe(false);
    expect(create('2026-08-14T20:00:00.123Z')).toBe(false);
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

describe('enforceFirestoreRules', () => {
  /** What the Firestore emulator hands the seam for a create committed at `commitTime` (microseconds). */
  const commitAt = (commitTime: string, createdAt: string): AccessRequest => ({
    caller: { kind: 'user', auth: alice },
    method: 'create',
    path: 'projects/p/databases/(default)/documents/rooms/r1',
    resource: null,
    incoming: {
      name: 'projects/p/databases/(default)/documents/rooms/r1',
      fields: { owner: { stringValue: 'alice' }, createdAt: { timestampValue: createdAt } },
      createTime: commitTime,
      updateTime: commitTime,
    },
    timestamp: commitTime,
    documents: () => null,
    documentsAfter: () => null,
    commit: {},
  });
  const authorize = enforceFirestoreRules(() => RULES);
  const allowed = (request: AccessRequest) => {
    const verdict = authorize(request);
    return typeof verdict === 'boolean' ? verdict : verdict.allowed;
  };

  it('judges `createdAt == request.time` at the commit time’s microsecond: a resolved server timestamp passes, 1 µs off fails', () => {
    const commitTime = '2026-08-14T20:00:00.123456Z';
    expect(allowed(commitAt(commitTime, commitTime))).toBe(true);
    expect(allowed(commitAt(commitTime, '2026-08-14T20:00:00.123457Z'))).toBe(false);
    expect(allowed(commitAt(commitTime, '2026-08-14T20:00:00.123455Z'))).toBe(false);
    // The millisecond Date beside it is not what rules see.
    expect(allowed(commitAt(commitTime, '2026-08-14T20:00:00.123Z'))).toBe(false);
  });
});
