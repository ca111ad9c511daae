/**
 * Firestore rules in force in the Firestore emulator, through the web SDK (gRPC in Node, as
 * @firebase/rules-unit-testing hands it out) and raw REST: rules from a file, reloaded on
 * change; `setRules` and `PUT :securityRules` refusing a source that does not compile while
 * the previous rules stay; denials in the official emulator's words; a batch judged as a whole
 * (`getAfter`/`existsAfter`, one budget of document reads); server timestamps equal to
 * `request.time` to the microsecond; lists judged by their constraints; the owner's bypass and
 * `withSecurityRulesDisabled`/`clearFirestore`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, doc, getDoc, getDocs, query, runTransaction, serverTimestamp, setDoc, Timestamp, where, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';

const PROJECT = 'demo-rules-enforcement';

const FILE_RULES = (condition: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{note} { allow read, write: if ${condition}; }
  }
}`;

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /rooms/{room} {
      allow get: if true;
      allow list: if resource.data.owner == request.auth.uid;
      allow create: if existsAfter(/databases/$(database)/documents/logs/$(room));
    }
    match /logs/{room} {
      allow create: if getAfter(/databases/$(database)/documents/rooms/$(room)).data.owner == request.auth.uid;
    }
    match /stamps/{id} {
      allow create: if request.resource.data.at == request.time;
    }
    match /lookups/{id} {
      allow create: if exists(/databases/$(database)/documents/refs/$(id));
    }
    match /{path=**}/reviews/{id} {
      allow list: if resource.data.public == true;
    }
  }
}`;

let dir: string;
let rulesPath: string;
let emulator: FirestoreEmulator;
let env: RulesTestEnvironment;
const log: string[] = [];
const origin = () => `http://127.0.0.1:${emulator.port}`;
const asAlice = () => env.authenticatedContext('alice').firestore() as unknown as Firestore;
const signedOut = () => env.unauthenticatedContext().firestore() as unknown as Firestore;

function putRules(source: string): Promise<Response> {
  return fetch(`${origin()}/emulator/v1/projects/${PROJECT}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: source }] } }),
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'encore-firestore-rules-'));
  rulesPath = join(dir, 'firestore.rules');
  await writeFile(rulesPath, FILE_RULES('request.auth != null'));
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT, rulesPath });
  vi.spyOn(console, 'warn').mockImplementation((message: string) => void log.push(message));
  // No `rules` here: the file's rules are the ones in force until a test loads others.
  env = await initializeTestEnvironment({ projectId: PROJECT, firestore: { host: '127.0.0.1', port: emulator.port } });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await env?.cleanup();
  await emulator?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('rules from a file', () => {
  it('are in force from the start, and reload when the file changes', async () => {
    await assertFails(setDoc(doc(signedOut(), 'notes/n1'), { text: 'hi' }));
    await assertSucceeds(setDoc(doc(asAlice(), 'notes/n1'), { text: 'hi' }));

    await writeFile(rulesPath, FILE_RULES('false'));
    await vi.waitFor(() => expect(emulator.getRules()).toBe(FILE_RULES('false')), { timeout: 5000 });
    await assertFails(getDoc(doc(asAlice(), 'notes/n1')));
  });

  it('a broken edit is refused with its line and column, and the previous rules stay', async () => {
    await writeFile(rulesPath, FILE_RULES('request.auth.uid ==='));
    await vi.waitFor(() => expect(log.join('\n')).toMatch(/firestore\.rules refused, previous rules stay in force: Line 4, column \d+: /), { timeout: 5000 });
    expect(emulator.getRules()).toBe(FILE_RULES('false'));
  });
});

describe('rules set from code (setRules)', () => {
  it('refuses a source that does not compile, naming line and column; the rules in force stay', () => {
    const before = emulator.getRules();
    expect(() => emulator.setRules("rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ); }\n}")).toThrow(/^Line 3, column 29: /);
    expect(() => emulator.setRules("rules_version = '2'; service firebase.storage { match /b/{bucket}/o { } }")).toThrow(/Expected rules for service cloud.firestore/);
    expect(emulator.getRules()).toBe(before);
  });
});

describe('rules through PUT :securityRules (what @firebase/rules-unit-testing calls)', () => {
  it('refuses a source that does not compile with 400 INVALID_ARGUMENT naming line and column; the rules in force stay', async () => {
    const before = emulator.getRules();
    const response = await putRules("rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ); }\n}");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Error compiling rules: Line 3, column 29: /) } });
    expect(emulator.getRules()).toBe(before);
    await expect(initializeTestEnvironment({ projectId: PROJECT, firestore: { host: '127.0.0.1', port: emulator.port, rules: 'service cloud.firestore {' } })).rejects.toThrow(
      /Line 1, column \d+/,
    );
    expect((await putRules("rules_version = '2'; service firebase.storage { match /b/{bucket}/o { } }")).status).toBe(400);
  });

  it('loads valid rules, which then decide', async () => {
    expect((await putRules(RULES)).status).toBe(200);
    expect(emulator.getRules()).toBe(RULES);
    await assertSucceeds(getDoc(doc(signedOut(), 'rooms/r0')));
  });
});

describe('denials', () => {
  it('reach the SDK as permission-denied with the official emulator’s wording', async () => {
    const error = await assertFails(setDoc(doc(asAlice(), 'rooms/lonely'), { owner: 'alice' }));
    expect(error).toMatchObject({ code: 'permission-denied' });
    expect((error as Error).message).toContain("false for 'create' @ L7");
    const nothing = await assertFails(setDoc(doc(asAlice(), 'unnamed/x'), { a: 1 }));
    expect((nothing as Error).message).toContain('No matching allow statements');
  });

  it('reach REST clients as 403 PERMISSION_DENIED, with the caller from their ID token', async () => {
    const token = (sub: string) => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub, user_id: sub })).toString('base64url')}.`;
    const url = `${origin()}/v1/projects/${PROJECT}/databases/(default)/documents/stamps?documentId=s-rest`;
    const response = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${token('alice')}` }, body: JSON.stringify({ fields: { at: { stringValue: 'now' } } }) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED', message: "false for 'create' @ L13" } });
    // The owner credential bypasses the rules, as with the official emulator.
    const owner = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer owner' }, body: JSON.stringify({ fields: { at: { stringValue: 'now' } } }) });
    expect(owner.status).toBe(200);
  });
});

describe('writes', () => {
  it('a batch is judged as a whole: getAfter()/existsAfter() see every write of it', async () => {
    const alice = asAlice();
    await assertFails(setDoc(doc(alice, 'rooms/r1'), { owner: 'alice' }));
    const batch = writeBatch(alice);
    batch.set(doc(alice, 'rooms/r1'), { owner: 'alice' });
    batch.set(doc(alice, 'logs/r1'), { created: true });
    await assertSucceeds(batch.commit());

    const forged = writeBatch(alice);
    forged.set(doc(alice, 'rooms/r2'), { owner: 'bob' });
    forged.set(doc(alice, 'logs/r2'), { created: true });
    await assertFails(forged.commit());
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await getDoc(doc(context.firestore() as unknown as Firestore, 'rooms/r2'))).exists()).toBe(false);
    });
  });

  it('the writes of one commit share one budget of 20 document reads', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      const owner = context.firestore() as unknown as Firestore;
      const batch = writeBatch(owner);
      for (let i = 0; i < 21; i++) batch.set(doc(owner, `refs/l${i}`), { i });
      await batch.commit();
    });
    const alice = asAlice();
    const lookups = (count: number) => {
      const batch = writeBatch(alice);
      for (let i = 0; i < count; i++) batch.set(doc(alice, `lookups/l${i}`), { i });
      return batch.commit();
    };
    const overBudget = await assertFails(lookups(21));
    expect((overBudget as Error).message).toContain('limit of 20 document access calls');
    await assertSucceeds(lookups(20));
  });

  it('a transaction’s reads and its commit are judged like any others', async () => {
    const alice = asAlice();
    // rooms are readable, logs are not: a transaction that reads a log fails at that read.
    await assertFails(runTransaction(alice, async (transaction) => transaction.get(doc(alice, 'logs/r1'))));
    await assertSucceeds(
      runTransaction(alice, async (transaction) => {
        await transaction.get(doc(alice, 'rooms/r1'));
        transaction.set(doc(alice, 'stamps/s-tx'), { at: serverTimestamp() });
      }),
    );
  });

  it('a server timestamp equals request.time; a client-chosen time does not', async () => {
    await assertSucceeds(setDoc(doc(asAlice(), 'stamps/s1'), { at: serverTimestamp() }));
    await assertFails(setDoc(doc(asAlice(), 'stamps/s2'), { at: Timestamp.now() }));
  });

  it('request.time is the commit time to the microsecond: a client-chosen time 1 µs off fails, the exact one passes', async () => {
    await assertSucceeds(setDoc(doc(asAlice(), 'stamps/exact'), { at: serverTimestamp() }));
    let last = Timestamp.now();
    await env.withSecurityRulesDisabled(async (owner) => {
      last = (await getDoc(doc(owner.firestore() as unknown as Firestore, 'stamps/exact'))).get('at') as Timestamp;
    });
    // Hold the wall clock at the first whole millisecond after the last commit: the emulator's
    // clock (strictly increasing, microsecond steps) then commits at exactly that millisecond,
    // and each later commit 1 µs after the one before.
    const millis = Math.floor(last.toMillis()) + 1;
    const wall = [vi.spyOn(Date, 'now').mockReturnValue(millis), vi.spyOn(performance, 'now').mockReturnValue(0)];
    const at = (micros: number) => new Timestamp(Math.floor(millis / 1000), (millis % 1000) * 1e6 + micros * 1000);
    try {
      // Committed at millis + 0 µs; the document says 1 µs later.
      await assertFails(setDoc(doc(asAlice(), 'stamps/late'), { at: at(1) }));
      // Committed at millis + 1 µs; the document says its millisecond, 1 µs earlier.
      await assertFails(setDoc(doc(asAlice(), 'stamps/early'), { at: at(0) }));
      // Committed at millis + 2 µs, which the document names exactly.
      await assertSucceeds(setDoc(doc(asAlice(), 'stamps/chosen'), { at: at(2) }));
    } finally {
      for (const spy of wall) spy.mockRestore();
    }
  });
});

describe('lists', () => {
  it('are judged by the query’s constraints, not by the documents it would return', async () => {
    await assertSucceeds(getDocs(query(collection(asAlice(), 'rooms'), where('owner', '==', 'alice'))));
    // Only alice's rooms exist, yet a query that does not say so is denied (rules are not filters).
    await assertFails(getDocs(collection(asAlice(), 'rooms')));
    await assertFails(getDocs(query(collection(asAlice(), 'rooms'), where('owner', '==', 'bob'))));
  });

  it('a collection group query is judged by the recursive match and its constraints', async () => {
    await assertSucceeds(getDocs(query(collectionGroup(asAlice(), 'reviews'), where('public', '==', true))));
    await assertFails(getDocs(collectionGroup(asAlice(), 'reviews')));
  });
});

describe('@firebase/rules-unit-testing helpers', () => {
  it('clearFirestore() empties the database as the owner, past the rules', async () => {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await getDocs(collection(context.firestore() as unknown as Firestore, 'rooms'))).size).toBe(0);
    });
  });
});
