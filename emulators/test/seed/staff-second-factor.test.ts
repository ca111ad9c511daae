/**
 * The seed's accounts with a right (the project admin, the festival's admin `staff@` and its
 * moderator) come enrolled with an SMS second factor, on a fresh Auth emulator and on accounts
 * that existed without one, without duplicates on every later seed and keeping a factor someone
 * enrolled themselves; visitors get none. Rights are per festival (issue 35): only the project
 * admin holds the `admin` claim, `staff@` and `moderator@` have their role in
 * `festivals/encore-2026/staff/{uid}`, and a `staff` claim an earlier seed left is removed.
 * Signing in as the seed's staff then takes the code the emulator made: the one it reports as it
 * makes it (what `npm start` prints) and the one `npm run mfa-code` reads, and the token says a
 * second factor was used. Through the Auth emulator's REST API, as the web SDK calls it.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type PhoneMultiFactorInfo } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { firestorePaths } from '@encore/model';
import { SEED_ACCOUNTS, SEED_FESTIVAL_ID } from '@encore/model/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFestival } from '../../src/seed/index.js';
import { startAuthEmulator, type AuthEmulator } from '../../src/stack/auth-emulator.js';
import { startStack, type Stack } from '../../src/stack/index.js';
import { latestCodes, listVerificationCodes, type VerificationCode } from '../../src/stack/verification-codes.js';

const PROJECT = 'demo-seed-mfa';
const staffAccount = SEED_ACCOUNTS.find((account) => account.role === 'staff')!;
const adminAccount = SEED_ACCOUNTS.find((account) => account.role === 'admin')!;
const moderatorAccount = SEED_ACCOUNTS.find((account) => account.role === 'moderator')!;
const reported: VerificationCode[] = [];
let auth: AuthEmulator;
let stack: Stack;
let app: App;
let admin: Auth;

beforeAll(async () => {
  auth = await startAuthEmulator({ projectId: PROJECT, onVerificationCode: (code) => reported.push(code) });
  stack = await startStack({ projectId: PROJECT, functions: null, ports: 'free', authEmulator: auth.host });
  app = initializeApp({ projectId: PROJECT }, 'seed-mfa-test');
  admin = getAuth(app);
}, 120_000);

afterAll(async () => {
  await deleteApp(app);
  await stack?.stop();
  await auth?.stop();
});

const phoneFactors = async (email: string) =>
  ((await admin.getUserByEmail(email)).multiFactor?.enrolledFactors ?? []).map((factor) => {
    const { phoneNumber, displayName, uid } = factor as PhoneMultiFactorInfo;
    return { phoneNumber, displayName, uid };
  });

/** The Auth emulator's REST API, as the web SDK calls it. */
async function identityToolkit<T>(path: string, body: Record<string, unknown>): Promise<{ status: number; body: T }> {
  const response = await fetch(`http://${auth.host}/identitytoolkit.googleapis.com/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const claimsOf = (idToken: string) => JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown> & { firebase: Record<string, unknown> };

describe('seeding staff with a second factor', () => {
  it('enrols staff, moderator and admin with their SMS test numbers and visitors with nothing', async () => {
    await seedFestival({ projectId: PROJECT, photos: false });
    expect(await phoneFactors(staffAccount.email)).toEqual([{ phoneNumber: '+16505550101', displayName: 'Test phone', uid: 'seed-sms-staff' }]);
    expect(await phoneFactors(adminAccount.email)).toEqual([{ phoneNumber: '+16505550102', displayName: 'Test phone', uid: 'seed-sms-admin' }]);
    expect(moderatorAccount).toMatchObject({ email: 'moderator@encore.test', password: 'encore-moderator' });
    expect(await phoneFactors(moderatorAccount.email)).toEqual([{ phoneNumber: '+16505550103', displayName: 'Test phone', uid: 'seed-sms-moderator' }]);
    for (const visitor of SEED_ACCOUNTS.filter((account) => !account.role)) expect(await phoneFactors(visitor.email)).toEqual([]);
  });

  it('gives the admin claim to the project admin only, and staff@ and moderator@ their role in encore-2026', async () => {
    const db = getFirestore(app);
    const claimsOfUser = async (email: string) => (await admin.getUserByEmail(email)).customClaims ?? {};
    expect(await claimsOfUser(adminAccount.email)).toEqual({ role: 'admin' });
    for (const account of SEED_ACCOUNTS.filter((candidate) => candidate !== adminAccount)) expect(await claimsOfUser(account.email), account.email).toEqual({});

    const roles = (await db.collection(firestorePaths.festivalStaff(SEED_FESTIVAL_ID)).get()).docs.map((doc) => ({ uid: doc.id, ...(doc.data() as { role: string; email: string; name: string; addedBy: string | null; addedAt: unknown }) }));
    const uid = async (email: string) => (await admin.getUserByEmail(email)).uid;
    expect(roles.map(({ uid: id, role, email, name, addedBy }) => ({ uid: id, role, email, name, addedBy })).sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { uid: await uid('moderator@encore.test'), role: 'moderator', email: 'moderator@encore.test', name: 'Mo Moderator', addedBy: null },
      { uid: await uid('staff@encore.test'), role: 'admin', email: 'staff@encore.test', name: 'Sam Staff', addedBy: null },
    ]);
    for (const role of roles) expect(role.addedAt).toBeInstanceOf(Timestamp);
  });

  it('removes the staff claim an earlier seed left, keeps the claims functions set, and puts back a changed festival role', async () => {
    const staff = await admin.getUserByEmail(staffAccount.email);
    await admin.setCustomUserClaims(staff.uid, { role: 'staff', trustedReporter: true });
    const moderator = await admin.getUserByEmail(moderatorAccount.email);
    const moderatorRole = getFirestore(app).doc(firestorePaths.festivalStaffMember(SEED_FESTIVAL_ID, moderator.uid));
    const addedAt = (await moderatorRole.get()).get('addedAt') as Timestamp;
    await moderatorRole.update({ role: 'programme' });

    await seedFestival({ projectId: PROJECT, photos: false, keepProgramme: true });
    expect((await admin.getUser(staff.uid)).customClaims).toEqual({ trustedReporter: true });
    expect((await moderatorRole.get()).data()).toMatchObject({ role: 'moderator', addedAt });
  });

  it('adds nothing on a second seed, and keeps a factor the person enrolled themselves', async () => {
    const user = await admin.getUserByEmail(staffAccount.email);
    const own = { uid: 'own-phone', factorId: 'phone', phoneNumber: '+31612345678', displayName: 'My phone' } as const;
    const seedFactor = { uid: 'seed-sms-staff', factorId: 'phone', phoneNumber: staffAccount.secondFactor!.phoneNumber, displayName: 'Test phone' } as const;
    await admin.updateUser(user.uid, { multiFactor: { enrolledFactors: [seedFactor, own] } });
    await seedFestival({ projectId: PROJECT, photos: false, keepProgramme: true });
    expect(await phoneFactors(staffAccount.email)).toEqual([
      { phoneNumber: staffAccount.secondFactor!.phoneNumber, displayName: 'Test phone', uid: 'seed-sms-staff' },
      { phoneNumber: '+31612345678', displayName: 'My phone', uid: 'own-phone' },
    ]);
  });

  it('enrols an existing staff account that had no second factor, keeping its uid', async () => {
    const before = await admin.getUserByEmail(adminAccount.email);
    await admin.updateUser(before.uid, { multiFactor: { enrolledFactors: null } });
    expect(await phoneFactors(adminAccount.email)).toEqual([]);
    await seedFestival({ projectId: PROJECT, photos: false, keepProgramme: true });
    expect((await admin.getUserByEmail(adminAccount.email)).uid).toBe(before.uid);
    expect(await phoneFactors(adminAccount.email)).toEqual([{ phoneNumber: adminAccount.secondFactor!.phoneNumber, displayName: 'Test phone', uid: 'seed-sms-admin' }]);
  });
});

describe('signing in as the seed’s staff', () => {
  it('takes the SMS code the emulator reports and lists, and gives a token that used a second factor', async () => {
    const first = await identityToolkit<{ idToken?: string; mfaPendingCredential?: string; mfaInfo?: Array<{ mfaEnrollmentId: string; phoneInfo: string }> }>(
      'v1/accounts:signInWithPassword',
      { email: staffAccount.email, password: staffAccount.password, returnSecureToken: true },
    );
    // The password alone signs nobody in: it asks for the second factor.
    expect(first.status).toBe(200);
    expect(first.body.idToken).toBeUndefined();
    const seedFactor = first.body.mfaInfo?.find((factor) => factor.mfaEnrollmentId === 'seed-sms-staff');
    expect(seedFactor?.phoneInfo).toBe('+*******0101');

    const started = await identityToolkit<{ phoneResponseInfo: { sessionInfo: string } }>('v2/accounts/mfaSignIn:start', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      mfaEnrollmentId: 'seed-sms-staff',
    });
    expect(started.status).toBe(200);
    const { sessionInfo } = started.body.phoneResponseInfo;

    const latest = (await latestCodes(auth.host, PROJECT)).find((code) => code.phoneNumber === staffAccount.secondFactor!.phoneNumber);
    expect(latest).toMatchObject({ sessionInfo, code: expect.stringMatching(/^\d{6}$/) as unknown, accounts: [staffAccount.email] });
    await expect.poll(() => reported.find((code) => code.sessionInfo === sessionInfo)?.code).toBe(latest!.code);

    const wrong = await identityToolkit<{ error: { message: string } }>('v2/accounts/mfaSignIn:finalize', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      phoneVerificationInfo: { sessionInfo, code: latest!.code === '000000' ? '111111' : '000000' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: { message: 'INVALID_CODE' } } });

    const finished = await identityToolkit<{ idToken: string }>('v2/accounts/mfaSignIn:finalize', {
      mfaPendingCredential: first.body.mfaPendingCredential,
      phoneVerificationInfo: { sessionInfo, code: latest!.code },
    });
    expect(finished.status).toBe(200);
    const claims = claimsOf(finished.body.idToken);
    // No claim: staff@'s rights are its role in encore-2026 (festivals/encore-2026/staff/{uid}).
    expect(claims).toMatchObject({ email: staffAccount.email });
    expect(claims).not.toHaveProperty('role');
    expect(claims.firebase).toMatchObject({ sign_in_provider: 'password', sign_in_second_factor: 'phone', second_factor_identifier: 'seed-sms-staff' });
    // A used code is gone.
    expect((await listVerificationCodes(auth.host, PROJECT)).some((code) => code.sessionInfo === sessionInfo)).toBe(false);
  });
});
