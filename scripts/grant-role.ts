/**
 * `npm run grant -- <email> staff|admin|visitor [--project <id>]`
 *
 * Sets (or, with `visitor`, removes) the `role` custom claim that Encore's rules and UI
 * read. With FIREBASE_AUTH_EMULATOR_HOST set it talks to the local Auth emulator;
 * otherwise to the real project, with Application Default Credentials
 * (`gcloud auth application-default login`). Other custom claims are kept. The user
 * sees the new role after their ID token refreshes (at most an hour, or on sign-in).
 *
 * Staff rights also need a sign-in with a second factor (firestore.rules isStaff(), the
 * staff callables): the output says whether the person has one enrolled, and what they
 * must do before the staff console opens for them.
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

const ROLES = ['staff', 'admin', 'visitor'] as const;
type RoleArg = (typeof ROLES)[number];

function fail(message: string): never {
  console.error(`grant: ${message}`);
  console.error('usage: npm run grant -- <email> staff|admin|visitor [--project <id>]');
  process.exit(2);
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { project: { type: 'string' } } });
const [email, role] = positionals as [string | undefined, string | undefined];
if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) fail('give the email address of an existing account');
if (!role || !ROLES.includes(role as RoleArg)) fail(`role must be one of ${ROLES.join(', ')}`);

const emulated = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST);
const projectId = values.project ?? process.env.GCLOUD_PROJECT ?? (emulated ? 'demo-encore' : undefined);
if (!projectId) fail('no project: pass --project <id> (or set FIREBASE_AUTH_EMULATOR_HOST for the local emulator)');

/** What the new staff member must do: staff rights need a sign-in with a second factor. */
function secondFactorAdvice(factors: number): string {
  if (factors === 0) {
    return [
      'Tell them: staff must sign in with a second factor, and they have none yet. Before the staff console and staff',
      'actions open, they enrol one: Account page, "Second factor", their phone number and the code texted to it; then',
      'they sign out and sign in again with a code.',
    ].join('\n');
  }
  return `They have ${factors} second factor${factors === 1 ? '' : 's'} enrolled: tell them to sign out and sign in again, with their code, to use their new role.`;
}

const auth = getAuth(initializeApp({ projectId }));
try {
  const user = await auth.getUserByEmail(email);
  const { role: _previous, ...otherClaims } = user.customClaims ?? {};
  const claims = role === 'visitor' ? otherClaims : { ...otherClaims, role };
  await auth.setCustomUserClaims(user.uid, Object.keys(claims).length > 0 ? claims : null);
  const where = emulated ? `the Auth emulator at ${process.env.FIREBASE_AUTH_EMULATOR_HOST}` : `project ${projectId}`;
  console.log(`${email} (${user.uid}) is now ${role === 'visitor' ? 'a visitor' : role} in ${where}.`);
  if (role !== 'visitor') console.log(secondFactorAdvice(user.multiFactor?.enrolledFactors.length ?? 0));
} catch (error) {
  const code = (error as { code?: string }).code;
  if (code === 'auth/user-not-found') fail(`no account with the email ${email}`);
  throw error;
}
