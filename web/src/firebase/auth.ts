import { roleSchema, type Account } from '@encore/model';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  EmailAuthProvider,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  isSignInWithEmailLink,
  linkWithCredential,
  linkWithPopup,
  multiFactor,
  onIdTokenChanged,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  signInWithPopup,
  signOut,
  validatePassword,
  type Auth,
  type PasswordValidationStatus,
  type User,
} from 'firebase/auth';
import { clearIndexedDbPersistence, terminate } from 'firebase/firestore';
import { appConfig } from '../config/firebase-config';
import { firebaseApp } from './app';
import { retryWhenOnline, type Retrying } from './retry-when-online';
import { db } from './firestore';

/**
 * Everything about who the person is. Loaded on demand (dynamic import) so the programme
 * page does not pay for the Auth SDK before it is needed.
 */

let instance: Auth | undefined;

export function auth(): Auth {
  if (instance) return instance;
  // initializeAuth without a popup resolver keeps the bundle small; Google sign-in passes one.
  instance = initializeAuth(firebaseApp(), { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (appConfig.emulators) {
    const { host, ports } = appConfig.emulators;
    connectAuthEmulator(instance, `http://${host}:${ports.auth}`, { disableWarnings: true });
  }
  return instance;
}

export type SignedInAccount = Account & {
  email: string | null;
  emailVerified: boolean;
  /** The second factor this sign-in used (`phone`, `totp`), from the ID token; null after a password alone. */
  secondFactor: string | null;
  /** How many second factors the account has enrolled. */
  enrolledFactors: number;
};

function basicAccountOf(user: User): SignedInAccount {
  return {
    uid: user.uid,
    anonymous: user.isAnonymous,
    email: user.email,
    emailVerified: user.emailVerified,
    secondFactor: null,
    enrolledFactors: multiFactor(user).enrolledFactors.length,
  };
}

async function accountOf(user: User): Promise<SignedInAccount> {
  const token = await user.getIdTokenResult();
  const role = roleSchema.safeParse(token.claims['role']);
  return {
    ...basicAccountOf(user),
    secondFactor: token.signInSecondFactor,
    ...(role.success ? { role: role.data } : {}),
    ...(user.displayName ? { displayName: user.displayName } : {}),
  };
}

/**
 * Follows sign-in and token refreshes: a new role claim arrives with a refreshed token, a
 * second factor with the token its sign-in or enrolment gives.
 */
export function watchAccount(onChange: (account: SignedInAccount | null) => void): () => void {
  return onIdTokenChanged(auth(), (user) => {
    if (!user) onChange(null);
    else void accountOf(user).then(onChange, () => onChange(basicAccountOf(user)));
  });
}

/** The current user (a persisted one included); a visitor with none is signed in anonymously (fails offline). */
export async function signInAnonymouslyIfSignedOut(): Promise<User> {
  const current = auth();
  await current.authStateReady();
  return current.currentUser ?? (await signInAnonymously(current)).user;
}

/**
 * Signs a visitor with no account in anonymously, called the first time they do something
 * that needs a uid (features/account/sign-in-on-demand.ts): browsing makes no account. What
 * they did offline before it (a heart) waits on the device and is written under the new uid.
 * With no network it tries again when the connection returns (and with growing pauses while
 * the browser believes it is online). Never throws.
 */
export function signInAnonymouslyWhenOnline(): Retrying {
  return retryWhenOnline(signInAnonymouslyIfSignedOut, {
    onFailure(error) {
      // Offline is expected here; anything else (anonymous sign-in disabled, say) is worth a line.
      if ((error as { code?: unknown } | null)?.code !== 'auth/network-request-failed') console.warn('Anonymous sign-in failed:', error);
    },
  });
}

/**
 * Email and password. A guest account is upgraded in place (same uid, so favourites stay);
 * otherwise this signs in to an existing account.
 */
export async function signInOrUpgradeWithPassword(email: string, password: string, mode: 'create' | 'sign-in'): Promise<void> {
  const current = auth();
  await current.authStateReady();
  if (mode === 'create') {
    const user = current.currentUser ?? (await signInAnonymously(current)).user;
    await linkWithCredential(user, EmailAuthProvider.credential(email, password));
  } else {
    await signInWithEmailAndPassword(current, email, password);
  }
  await current.currentUser?.getIdToken(true);
}

const EMAIL_FOR_LINK = 'encore.emailForSignIn';

export async function sendEmailLink(email: string): Promise<void> {
  await sendSignInLinkToEmail(auth(), email, { url: `${window.location.origin}/account`, handleCodeInApp: true });
  window.localStorage.setItem(EMAIL_FOR_LINK, email);
}

/** Completes an email-link sign-in if this page was opened from one; keeps a guest's data by linking. */
export async function completeEmailLink(href: string, askEmail: () => string | null): Promise<boolean> {
  const current = auth();
  if (!isSignInWithEmailLink(current, href)) return false;
  const email = window.localStorage.getItem(EMAIL_FOR_LINK) ?? askEmail();
  if (!email) return false;
  await current.authStateReady();
  if (current.currentUser?.isAnonymous) await linkWithCredential(current.currentUser, EmailAuthProvider.credentialWithLink(email, href));
  else await signInWithEmailLink(current, email, href);
  window.localStorage.removeItem(EMAIL_FOR_LINK);
  return true;
}

export async function signInWithGoogle(): Promise<void> {
  const current = auth();
  await current.authStateReady();
  const provider = new GoogleAuthProvider();
  if (current.currentUser?.isAnonymous) await linkWithPopup(current.currentUser, provider, browserPopupRedirectResolver);
  else await signInWithPopup(current, provider, browserPopupRedirectResolver);
}

/** The project's password policy applied to what is typed; null if the policy cannot be fetched. */
export async function checkPassword(password: string): Promise<PasswordValidationStatus | null> {
  try {
    return await validatePassword(auth(), password);
  } catch {
    return null;
  }
}

/**
 * Signs out and leaves nothing private on a shared device: the Firestore cache (favourites,
 * notices) is wiped, then the page reloads with a clean state.
 */
export async function signOutEverywhere(): Promise<void> {
  await signOut(auth());
  await terminate(db());
  await clearIndexedDbPersistence(db());
  window.localStorage.removeItem(EMAIL_FOR_LINK);
  window.location.assign('/');
}
