/**
 * The festival's audit trail (issue 35) on the local stack, rules enforced: a programme staff
 * member signed in with an SMS second factor edits a stage through the web SDK, as the
 * console does, and the trigger with auth context records one entry naming them (from their
 * staff document), with the stage before and after; functions' own write to the same stage
 * (firebase-admin, a service account) records nothing; an import through the callable records
 * an entry per set it wrote, `via: importProgramme`, sharing one batch id; and the entries
 * are theirs to write only (the web SDK is refused). A redelivered event adding nothing is
 * proven by the handler's unit test (the runner offers no way to deliver an event twice on
 * purpose).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, setDoc, type Firestore as WebFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { signInWithSecondFactor as signInAsStaff } from './second-factor-sign-in.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema, firestorePaths } from '@encore/model';
import { REGION } from '../../src/config.js';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, waitForQuery, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-audit-it';
const EMAIL = 'pim@audit.test';
const PASSWORD = 'a long password';
const PHONE = '+16505550178';
let stack: EncoreStack;
let web: FirebaseApp;
let auth: Auth;
let clientDb: WebFirestore;
let functions: Functions;
let uid: string;

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, auth: true, rules: true });
  const admin = adminAuth(stack.admin);
  ({ uid } = await admin.createUser({
    email: EMAIL,
    password: PASSWORD,
    emailVerified: true,
    multiFactor: { enrolledFactors: [{ factorId: 'phone', phoneNumber: PHONE, displayName: 'Test phone' }] },
  }));
  await stack.db.doc(firestorePaths.festivalStaffMember(FESTIVAL_ID, uid)).set({ role: 'programme', email: EMAIL, name: 'Pim de Vries', addedAt: new Date(), addedBy: null });
  web = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key', appId: 'demo-app' }, 'audit-it');
  initializeAppCheck(web, { provider: new CustomProvider({ getToken: () => stack.appCheckToken('demo-app') }), isTokenAutoRefreshEnabled: false });
  auth = getAuth(web);
  connectAuthEmulator(auth, `http://${stack.hosts.auth}`, { disableWarnings: true });
  clientDb = getFirestore(web);
  const [firestoreHost, firestorePort] = stack.hosts.firestore.split(':') as [string, string];
  connectFirestoreEmulator(clientDb, firestoreHost, Number(firestorePort));
  functions = getFunctions(web, REGION);
  const [host, port] = stack.hosts.functions!.split(':') as [string, string];
  connectFunctionsEmulator(functions, host, Number(port));
  await signInWithSecondFactor();
}, 180_000);

afterAll(async () => {
  if (web) await deleteApp(web);
  await stack?.stop();
});

/** Password, then the SMS code the emulator made (second-factor-sign-in.ts). */
function signInWithSecondFactor(): Promise<void> {
  return signInAsStaff(auth, stack.hosts.auth!, PROJECT, EMAIL, PASSWORD);
}

/** The festival's audit entries about one document, parsed (Timestamps as Dates). */
async function entriesAbout(document: string, count: number, what: string) {
  const snapshot = await waitForQuery(stack.db.collection(firestorePaths.auditEntries(FESTIVAL_ID)).where('document', '==', document), (found) => found.size >= count, what);
  return snapshot.docs.map((entry) => {
    const data = entry.data();
    const dates = (map: Record<string, unknown> | null) => map && Object.fromEntries(Object.entries(map).map(([key, value]) => [key, (value as { toDate?: () => Date })?.toDate?.() ?? value]));
    return { id: entry.id, ...auditEntrySchema.parse({ ...data, at: data.at.toDate(), before: dates(data.before), after: dates(data.after) }) };
  });
}

describe('the audit trail', () => {
  it('records a staff member’s console edit once, naming them, with the stage before and after', async () => {
    await setDoc(doc(clientDb, firestorePaths.stage(FESTIVAL_ID, 'tent')), { name: 'The Big Tent', order: 1 });
    const [entry, ...more] = await entriesAbout('stages/tent', 1, 'the stage edit’s entry');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: { uid, email: EMAIL, name: 'Pim de Vries' },
      action: 'updated',
      kind: 'stage',
      label: 'The Big Tent',
      before: { name: 'The Tent', order: 1 },
      after: { name: 'The Big Tent', order: 1 },
      changed: ['name'],
      detail: 'complete',
      via: 'console',
    });
    expect(entry!.id).toMatch(/^console-/);
  });

  it('refuses the staff member’s own write to the trail', async () => {
    await expect(setDoc(doc(clientDb, firestorePaths.auditEntry(FESTIVAL_ID, 'forged')), { kind: 'stage' })).rejects.toMatchObject({ code: 'permission-denied' });
  });

  // Nothing happening leaves nothing to wait for: knowing the trigger ran takes the invocation log.
  it.skipIf(official)(encoreOnly('records nothing for functions’ own write (a service account)', "the functions runner's invocation log"), async () => {
    const before = stack.invocations.ok('auditStageWritten').length;
    await stack.db.doc(firestorePaths.stage(FESTIVAL_ID, 'main')).set({ name: 'Main Stage', order: 5 });
    await stack.invocations.until(() => stack.invocations.ok('auditStageWritten').length > before, 'the audit trigger on the admin write');
    const entries = await stack.db.collection(firestorePaths.auditEntries(FESTIVAL_ID)).where('document', '==', 'stages/main').get();
    expect(entries.size).toBe(0);
  });

  it('records each set an import wrote, via importProgramme, under one batch id', async () => {
    const importProgramme = httpsCallable(functions, 'importProgramme');
    const csv = 'artistId,stageId,startsAt,endsAt\nnina,tent,2026-08-15 20:00,2026-08-15 21:00\nkae,tent,2026-08-15 21:30,2026-08-15 22:30\n';
    expect((await importProgramme({ festivalId: FESTIVAL_ID, format: 'csv', content: csv })).data).toMatchObject({ written: true });
    const snapshot = await waitForQuery(
      stack.db.collection(firestorePaths.auditEntries(FESTIVAL_ID)).where('via', '==', 'importProgramme'),
      (found) => found.size >= 1,
      'the import’s entries',
    );
    const entries = snapshot.docs.map((entry) => entry.data());
    expect(entries.map((entry) => [entry.kind, entry.action, entry.label, entry.actor.uid])).toEqual(entries.map(() => ['performance', expect.any(String), expect.any(String), uid]));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(entries.map((entry) => entry.batchId as string)).size).toBe(1);
    // The import's own writes are a service account's: the console trigger added nothing for them.
    const documents = entries.map((entry) => entry.document as string);
    for (const document of documents) expect((await entriesAbout(document, 1, document)).filter((entry) => entry.via === 'console')).toEqual([]);
  });
});
