/**
 * `createFestival` on the local stack through the web SDK, as the app calls it: a project
 * admin (the `admin` claim) with an SMS second factor signs in with the web SDK's multi-factor
 * resolver on the Auth emulator, and the Functions SDK calls the callable with that ID token
 * and an App Check token. The festival and its admin's staff document are written; a retry
 * answers success; a taken address is `already-exists`.
 *
 * The web SDK's phone provider is browser-only (in Node its PhoneAuthProvider and
 * PhoneMultiFactorGenerator throw), and the Auth emulator has no TOTP: the code is asked for
 * through the emulator's REST API (as the browser SDK asks for it), and the resolver is given
 * an assertion that finalizes the sign-in through that API too (`_process`, the hook the
 * SDK's own assertions implement). Everything else is the SDK's.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { getAuth as adminAuth } from 'firebase-admin/auth';
import { signInWithSecondFactor as signInAsStaff } from './second-factor-sign-in.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalStaffSchema, firestorePaths, type CreateFestivalInput, type CreateFestivalResult } from '@encore/model';
import { REGION } from '../../src/config.js';
import { FESTIVAL_ID, startEncoreStack, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-festivals-it';
const EMAIL = 'owner@festivals.test';
const PASSWORD = 'a long password';
const PHONE = '+16505550177';
let stack: EncoreStack;
let web: FirebaseApp;
let auth: Auth;
let functions: Functions;

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, auth: true, rules: true });
  const admin = adminAuth(stack.admin);
  const { uid } = await admin.createUser({
    email: EMAIL,
    password: PASSWORD,
    emailVerified: true,
    displayName: 'Olga Owner',
    multiFactor: { enrolledFactors: [{ factorId: 'phone', phoneNumber: PHONE, displayName: 'Test phone' }] },
  });
  await admin.setCustomUserClaims(uid, { role: 'admin' });
  web = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key', appId: 'demo-app' }, 'create-festival-it');
  initializeAppCheck(web, { provider: new CustomProvider({ getToken: () => stack.appCheckToken('demo-app') }), isTokenAutoRefreshEnabled: false });
  auth = getAuth(web);
  connectAuthEmulator(auth, `http://${stack.hosts.auth}`, { disableWarnings: true });
  functions = getFunctions(web, REGION);
  const [host, port] = stack.hosts.functions!.split(':') as [string, string];
  connectFunctionsEmulator(functions, host, Number(port));
}, 180_000);

afterAll(async () => {
  if (web) await deleteApp(web);
  await stack?.stop();
});

/** Password, then the SMS code the emulator made (second-factor-sign-in.ts). */
function signInWithSecondFactor(): Promise<void> {
  return signInAsStaff(auth, stack.hosts.auth!, PROJECT, EMAIL, PASSWORD);
}

const input: CreateFestivalInput = {
  festivalId: 'zomer-klanken-2027',
  festival: { name: 'Zomer Klanken 2027', timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park', colours: { primary: '#c0392b', secondary: '#2a1038' } },
};

describe('createFestival through the web SDK', () => {
  it('creates the festival with its creator as admin for a project admin signed in with a second factor; a retry succeeds; a taken address is refused', async () => {
    await signInWithSecondFactor();
    const create = httpsCallable<CreateFestivalInput, CreateFestivalResult>(functions, 'createFestival');
    expect((await create(input)).data).toEqual({ festivalId: 'zomer-klanken-2027' });

    const uid = auth.currentUser!.uid;
    expect((await stack.db.doc(firestorePaths.festival('zomer-klanken-2027')).get()).data()).toEqual(input.festival);
    const staff = (await stack.db.doc(firestorePaths.festivalStaffMember('zomer-klanken-2027', uid)).get()).data();
    expect(festivalStaffSchema.parse({ ...staff, addedAt: (staff?.addedAt as { toDate(): Date }).toDate() })).toMatchObject({
      role: 'admin',
      email: EMAIL,
      name: 'Olga Owner',
      addedBy: uid,
    });

    // The answer lost and the call made again: success, not an error for the organiser.
    expect((await create(input)).data).toEqual({ festivalId: 'zomer-klanken-2027' });
    // The seeded festival's address is taken.
    await expect(create({ ...input, festivalId: FESTIVAL_ID })).rejects.toMatchObject({ code: 'functions/already-exists' });
    // Colours that would make the app unreadable are refused, naming the field.
    await expect(create({ festivalId: 'bright-2027', festival: { ...input.festival, colours: { primary: '#ffd400', secondary: '#2a1038' } } })).rejects.toMatchObject({
      code: 'functions/invalid-argument',
      message: expect.stringContaining('festival.colours.primary: white text on it has 1.4:1, needs 4.5:1') as unknown,
    });
    expect((await stack.db.doc(firestorePaths.festival('bright-2027')).get()).exists).toBe(false);
  });
});
