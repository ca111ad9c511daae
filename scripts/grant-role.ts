/**
 * `npm run grant -- <email> admin|visitor [--project <id>]`
 *   The project-wide role: `admin` sets the `admin` custom claim (the project's owners, admin of
 *   every festival, who create festivals), replacing a retired `staff` claim; `visitor` (or
 *   `--remove`) takes the claim away. The person sees it after their ID token refreshes (at
 *   most an hour, or on their next sign-in).
 *
 * `npm run grant -- <email> admin|programme|moderator --festival <id> [--project <id>]`
 *   A role in one festival: writes `festivals/{id}/staff/{uid}` (refusing a festival that does
 *   not exist), and removes a retired `staff` claim, which grants nothing any more.
 *   `visitor --festival <id>` (or `--remove --festival <id>`) deletes it. It takes effect on
 *   the person's next request; no new token needed.
 *
 * With FIREBASE_AUTH_EMULATOR_HOST set it talks to the local emulators, and then needs
 * FIRESTORE_EMULATOR_HOST too (both or neither: a grant never mixes the emulators and a real
 * project). Otherwise it reaches the real project with the Firebase CLI's login
 * (`npx firebase login`) or Application Default Credentials (grant-credentials.ts says which
 * and in what order). Other custom claims are kept.
 *
 * Staff rights also need a sign-in with a second factor (firestore.rules isStaffOf(), the
 * staff callables): the output says whether the person has one enrolled, and what they must
 * do before the staff console opens for them.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initializeApp, refreshToken } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { Firestore, type Settings } from '@google-cloud/firestore';
import { festivalRoleSchema, festivalStaffSchema, firestorePaths, slugIdSchema, type FestivalRole, type FestivalStaff } from '@encore/model';
import { NO_CREDENTIALS, findCredentials } from './grant-credentials.js';

const USAGE = [
  'usage: npm run grant -- <email> admin|visitor [--project <id>]                                 (the project-wide admin claim)',
  '       npm run grant -- <email> admin|programme|moderator|visitor --festival <id> [--project <id>] (a role in one festival)',
  '       --remove instead of a role takes it away (visitor does the same)',
].join('\n');

function fail(message: string, usage = true): never {
  console.error(`grant: ${message}`);
  if (usage) console.error(USAGE);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { project: { type: 'string' }, festival: { type: 'string' }, remove: { type: 'boolean' } },
});
const [email, roleArg] = positionals as [string | undefined, string | undefined];
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) fail('give the email address of an existing account');
if (positionals.length > 2) fail(`unexpected ${positionals.slice(2).join(' ')}`);
if (values.remove && roleArg && roleArg !== 'visitor') fail(`--remove takes no role (got ${roleArg})`);
const removing = values.remove === true || roleArg === 'visitor';
const festivalId = values.festival;
if (festivalId !== undefined && !slugIdSchema.safeParse(festivalId).success) fail(`--festival ${festivalId} is no festival id (lowercase letters, digits and dashes)`);
if (roleArg === 'staff') fail('the staff claim is retired (issue 35): give a role in a festival instead, e.g. npm run grant -- <email> programme --festival <id>');
let festivalRole: FestivalRole | undefined;
if (!removing) {
  if (!roleArg) fail('give a role, or --remove');
  if (festivalId !== undefined) {
    const parsed = festivalRoleSchema.safeParse(roleArg);
    if (!parsed.success) fail(`a festival role is one of ${festivalRoleSchema.options.join(', ')}`);
    festivalRole = parsed.data;
  } else if (roleArg !== 'admin') {
    fail(`${roleArg} is a role in one festival: add --festival <id> (only admin is project-wide)`);
  }
}

const authEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const firestoreEmulator = process.env.FIRESTORE_EMULATOR_HOST;
const emulated = Boolean(authEmulator);
if (emulated && !firestoreEmulator) fail(`FIREBASE_AUTH_EMULATOR_HOST is set but FIRESTORE_EMULATOR_HOST is not: set both (npm start prints them), so the grant does not reach a real project's Firestore`, false);
if (!emulated && firestoreEmulator) fail('FIRESTORE_EMULATOR_HOST is set but FIREBASE_AUTH_EMULATOR_HOST is not: set both for the emulators, or neither for a real project', false);
const projectId = values.project ?? process.env.GCLOUD_PROJECT ?? (emulated ? 'demo-encore' : undefined);
if (!projectId) fail('no project: pass --project <id> (or set FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST for the local emulators)');

let auth: Auth;
let db: Firestore;
let via: string;
if (emulated) {
  // firebase-admin and the Firestore client both take the emulators from these variables, with no credentials.
  auth = getAuth(initializeApp({ projectId }));
  db = new Firestore({ projectId });
  via = `the emulators (Auth ${authEmulator}, Firestore ${firestoreEmulator})`;
} else {
  const credentials = await findCredentials(fileURLToPath(new URL('..', import.meta.url)));
  if (!credentials) fail(NO_CREDENTIALS, false);
  if (credentials.kind === 'firebase-login') {
    auth = getAuth(initializeApp({ projectId, credential: refreshToken(credentials.authorizedUser) }));
    // firebase-admin's Firestore takes only a service account or ADC: the Firestore client takes the refresh token itself.
    // Its `credentials` go to google-auth-library, which reads an authorized_user as it reads one from an ADC file (its
    // typing lists only a service account's fields).
    db = new Firestore({ projectId, credentials: credentials.authorizedUser as Settings['credentials'] });
    via = `project ${projectId}, as ${credentials.account} (npx firebase login)`;
  } else {
    auth = getAuth(initializeApp({ projectId }));
    db = new Firestore({ projectId });
    via = `project ${projectId}, with ${credentials.source}`;
  }
}

/** What the person must do: staff rights need a sign-in with a second factor. */
function secondFactorAdvice(factors: number, newToken: boolean): string {
  if (factors === 0) {
    return [
      'Tell them: staff must sign in with a second factor, and they have none yet. Before the staff console and staff',
      'actions open, they enrol one: Account page, "Second factor", their phone number and the code texted to it; then',
      'they sign out and sign in again with a code.',
    ].join('\n');
  }
  const plural = factors === 1 ? '' : 's';
  return newToken
    ? `They have ${factors} second factor${plural} enrolled: tell them to sign out and sign in again, with their code, to use their new role.`
    : `They have ${factors} second factor${plural} enrolled: signed in with their code, they have the role on their next step (no new sign-in needed).`;
}

/** Sets the custom claims without `role` (and with `role` when given); says whether anything changed. */
async function setRoleClaim(user: UserRecord, role: 'admin' | undefined): Promise<boolean> {
  const { role: previous, ...otherClaims } = user.customClaims ?? {};
  if (previous === role) return false;
  const claims = role ? { ...otherClaims, role } : otherClaims;
  await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
  return true;
}

let user: UserRecord;
try {
  user = await auth.getUserByEmail(email);
} catch (error) {
  if ((error as { code?: string }).code === 'auth/user-not-found') fail(`no account with the email ${email} in ${via}`, false);
  throw error;
}
const factors = user.multiFactor?.enrolledFactors.length ?? 0;

if (festivalId === undefined) {
  await setRoleClaim(user, removing ? undefined : 'admin');
  console.log(`${email} (${user.uid}) is now ${removing ? 'no project admin' : 'a project admin (admin of every festival; may create festivals)'} in ${via}.`);
  if (!removing) console.log(secondFactorAdvice(factors, true));
} else {
  const festivalRef = db.doc(firestorePaths.festival(festivalId));
  const staffRef = db.doc(firestorePaths.festivalStaffMember(festivalId, user.uid));
  const outcome = await db.runTransaction(async (tx) => {
    const [festival, staff] = await tx.getAll(festivalRef, staffRef);
    if (!festival!.exists) return 'no-festival' as const;
    if (removing) {
      if (!staff!.exists) return 'had-none' as const;
      tx.delete(staffRef);
      return 'removed' as const;
    }
    const naming = {
      ...(user.email ? { email: user.email.slice(0, 320) } : {}),
      ...(user.displayName ? { name: user.displayName.slice(0, 200) } : {}),
    };
    // A role changed keeps when and by whom the person was first added.
    if (staff!.exists) tx.update(staffRef, { role: festivalRole!, ...naming });
    else tx.set(staffRef, festivalStaffSchema.parse({ role: festivalRole!, ...naming, addedAt: new Date(), addedBy: null } satisfies FestivalStaff));
    return 'granted' as const;
  });
  if (outcome === 'no-festival') fail(`there is no festival ${festivalId} in ${via}: create it in the app first (a project admin's "New festival")`, false);
  const legacy = user.customClaims?.role === 'staff' && (await setRoleClaim(user, undefined));
  const where = `festival ${festivalId} in ${via}`;
  if (outcome === 'had-none') console.log(`${email} (${user.uid}) had no role in ${where}: nothing to remove.`);
  else if (outcome === 'removed') console.log(`${email} (${user.uid}) has no role in ${where} any more.`);
  else console.log(`${email} (${user.uid}) is now ${festivalRole} of ${where}.`);
  if (legacy) console.log('Their retired staff claim is removed (it granted nothing any more).');
  if (outcome === 'granted') console.log(secondFactorAdvice(factors, false));
}
process.exit(0);
