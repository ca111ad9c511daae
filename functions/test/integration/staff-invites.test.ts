/**
 * Accepting a staff invite (issue 35) through the web SDK, on the local stack: the callable
 * (App Check enforced) reads the invite by the SHA-256 of the link's secret, refuses another
 * email and an unverified one with a `details.reason` the app words, gives the invited person
 * the role in one transaction, answers the same person's retry, and refuses anyone after that
 * and an expired invite. The invite is written here as `inviteStaff` stores it (making one
 * through the callable needs an admin's second-factor sign-in: the unit tests cover it).
 */
import { createHash } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signInWithEmailAndPassword, signOut, type Auth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths, type AcceptStaffInviteAnswer, type AcceptStaffInviteRequest } from '@encore/model';
import { FESTIVAL_ID, startEncoreStack, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-staff-invites-it';
const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const EXPIRED_SECRET = 'ZyXwVuTsRqPoNmLkJiHgFe';
const PASSWORD = 'festival-team-123';
const DAY = 24 * 60 * 60 * 1000;
let stack: EncoreStack;
let web: FirebaseApp;
let auth: Auth;
let functions: Functions;
const uids: Record<string, string> = {};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function seedInvite(secret: string, createdAt: Date): Promise<void> {
  await stack.db.doc(firestorePaths.staffInvite(FESTIVAL_ID, sha256(secret))).set({
    email: 'cleo@encore.test',
    role: 'moderator',
    createdBy: 'ada-uid',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 7 * DAY),
    acceptedBy: null,
    acceptedAt: null,
    revokedAt: null,
  });
}

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, auth: true });
  web = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key', appId: 'demo-app' }, 'staff-invites-it');
  initializeAppCheck(web, { provider: new CustomProvider({ getToken: () => stack.appCheckToken('demo-app') }), isTokenAutoRefreshEnabled: false });
  auth = getAuth(web);
  connectAuthEmulator(auth, `http://${stack.hosts.auth}`, { disableWarnings: true });
  functions = getFunctions(web, 'europe-west1');
  const [host, port] = stack.hosts.functions!.split(':');
  connectFunctionsEmulator(functions, host!, Number(port));
  for (const name of ['cleo', 'dirk']) {
    uids[name] = (await createUserWithEmailAndPassword(auth, `${name}@encore.test`, PASSWORD)).user.uid;
    await signOut(auth);
  }
  await adminAuth(stack.admin).updateUser(uids.dirk!, { emailVerified: true });
  await seedInvite(SECRET, new Date(Date.now() - DAY));
  await seedInvite(EXPIRED_SECRET, new Date(Date.now() - 8 * DAY));
}, 240_000);

afterAll(async () => {
  if (web) await deleteApp(web);
  await stack?.stop();
});

async function as(name: string): Promise<void> {
  await signOut(auth);
  await signInWithEmailAndPassword(auth, `${name}@encore.test`, PASSWORD);
  await auth.currentUser!.getIdToken(true);
}
const accept = (secret: string) =>
  httpsCallable<AcceptStaffInviteRequest, AcceptStaffInviteAnswer>(functions, 'acceptStaffInvite')({ festivalId: FESTIVAL_ID, secret }).then((result) => result.data);
const staffDoc = (name: string) => stack.db.doc(firestorePaths.festivalStaffMember(FESTIVAL_ID, uids[name]!)).get();

describe('accepting a staff invite through the web SDK', { timeout: 60_000 }, () => {
  it('refuses another email than the invited one, and the invited one until it is verified', async () => {
    await as('dirk');
    await expect(accept(SECRET)).rejects.toMatchObject({ code: 'functions/failed-precondition', details: { reason: 'invite-wrong-email' } });
    await as('cleo');
    await expect(accept(SECRET)).rejects.toMatchObject({ code: 'functions/failed-precondition', details: { reason: 'email-unverified' } });
    expect((await staffDoc('cleo')).exists).toBe(false);
  });

  it('gives the verified invited person the role, added by the inviter; a retry answers the same; anyone after is refused', async () => {
    await adminAuth(stack.admin).updateUser(uids.cleo!, { emailVerified: true });
    await as('cleo');
    await expect(accept(SECRET)).resolves.toEqual({ role: 'moderator' });
    expect((await staffDoc('cleo')).data()).toMatchObject({ role: 'moderator', email: 'cleo@encore.test', addedBy: 'ada-uid' });
    expect((await stack.db.doc(firestorePaths.staffInvite(FESTIVAL_ID, sha256(SECRET))).get()).data()).toMatchObject({ acceptedBy: uids.cleo });
    await expect(accept(SECRET)).resolves.toEqual({ role: 'moderator' });
    await as('dirk');
    await expect(accept(SECRET)).rejects.toMatchObject({ code: 'functions/failed-precondition', details: { reason: 'invite-used' } });
    expect((await staffDoc('dirk')).exists).toBe(false);
  });

  it('refuses an expired invite and an unknown secret', async () => {
    await as('cleo');
    await expect(accept(EXPIRED_SECRET)).rejects.toMatchObject({ code: 'functions/failed-precondition', details: { reason: 'invite-expired' } });
    await expect(accept('A'.repeat(22))).rejects.toMatchObject({ code: 'functions/not-found', details: { reason: 'invite-unknown' } });
  });
});
