/**
 * How `npm run grant` reaches a real project, in this order:
 *
 * 1. `GOOGLE_APPLICATION_CREDENTIALS`, when set: the key or credential file it names (an
 *    explicit choice wins).
 * 2. The Firebase CLI's login (`npx firebase login`): firebase-tools keeps the account's OAuth
 *    refresh token in its configstore (`~/.config/configstore/firebase-tools.json`), granted the
 *    `cloud-platform` and `firebase` scopes for firebase-tools' own OAuth client. The script
 *    uses it as an `authorized_user` credential with that client, exactly the credential
 *    firebase-tools itself hands the emulated functions when there are no Application
 *    Default Credentials (firebase-tools' `defaultCredentials.getCredential`). The account
 *    is the one firebase-tools would use in this folder (`firebase login:use` included).
 * 3. Application Default Credentials from gcloud (`gcloud auth application-default login`)
 *    or the metadata server (Cloud Shell, a VM).
 *
 * Whichever is used needs rights on the project to manage Auth users and write Firestore
 * (an Owner or Editor has them; so do the Firebase Authentication Admin and Cloud Datastore
 * User roles together).
 */
import { createRequire } from 'node:module';
import { GoogleAuth } from 'google-auth-library';

/** An OAuth refresh token with the client it was issued to: what gcloud and firebase-tools write as ADC files. */
export interface AuthorizedUser {
  type: 'authorized_user';
  client_id: string;
  client_secret: string;
  refresh_token: string;
}

export type GrantCredentials =
  | { kind: 'firebase-login'; account: string; authorizedUser: AuthorizedUser }
  | { kind: 'application-default'; source: string };

interface FirebaseToolsAccount {
  user?: { email?: string };
  tokens?: { refresh_token?: string };
}

const require = createRequire(import.meta.url);

/** The Firebase CLI's login for `projectDir`, as an `authorized_user` credential; undefined when nobody is logged in. */
export function firebaseLoginCredential(projectDir: string): { account: string; authorizedUser: AuthorizedUser } | undefined {
  // firebase-tools' own modules (a root devDependency): its configstore, its account choice, its OAuth client.
  const auth = require('firebase-tools/lib/auth.js') as { getProjectDefaultAccount(dir: string): FirebaseToolsAccount | undefined };
  const api = require('firebase-tools/lib/api.js') as { clientId(): string; clientSecret(): string };
  const account = auth.getProjectDefaultAccount(projectDir);
  const refreshToken = account?.tokens?.refresh_token;
  if (!refreshToken) return undefined;
  return {
    account: account.user?.email ?? 'the Firebase CLI’s account',
    authorizedUser: { type: 'authorized_user', client_id: api.clientId(), client_secret: api.clientSecret(), refresh_token: refreshToken },
  };
}

export const NO_CREDENTIALS = [
  'no Google credentials to reach the project. Either:',
  '  - log the Firebase CLI in: npx firebase login (the account must be an Owner or Editor of the project), or',
  '  - set up Application Default Credentials: gcloud auth application-default login',
  '    (or GOOGLE_APPLICATION_CREDENTIALS=<a service account key file>).',
  'For the local emulators, set FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST instead.',
].join('\n');

/** The credentials to use for a real project, in the order above; undefined when there are none. */
export async function findCredentials(projectDir: string, env: NodeJS.ProcessEnv = process.env): Promise<GrantCredentials | undefined> {
  if (env.GOOGLE_APPLICATION_CREDENTIALS) return { kind: 'application-default', source: `GOOGLE_APPLICATION_CREDENTIALS (${env.GOOGLE_APPLICATION_CREDENTIALS})` };
  const login = firebaseLoginCredential(projectDir);
  if (login) return { kind: 'firebase-login', ...login };
  try {
    await new GoogleAuth().getApplicationDefault();
    return { kind: 'application-default', source: 'Application Default Credentials' };
  } catch {
    return undefined;
  }
}
