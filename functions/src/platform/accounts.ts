import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { TRUSTED_REPORTER_CLAIM, type AccountFacts } from '../domain/reporter-trust.js';
import { adminApp } from './firestore.js';

/** The account-store port: Firebase Auth, as much of it as moderation needs. */
export interface Accounts {
  /** The account, or null if there is none with this uid (deleted, or never existed). */
  find(uid: string): Promise<AccountFacts | null>;
  /** Grants the `trustedReporter` custom claim, keeping every other claim (such as `role`). */
  markTrustedReporter(uid: string): Promise<void>;
}

export function accountFacts(user: UserRecord): AccountFacts {
  return {
    uid: user.uid,
    // An anonymous account has no linked provider; linking email or Google adds one.
    anonymous: user.providerData.length === 0,
    emailVerified: user.emailVerified,
    createdAt: new Date(user.metadata.creationTime),
    customClaims: user.customClaims ?? {},
    ...(user.email ? { email: user.email } : {}),
    ...(user.displayName ? { displayName: user.displayName } : {}),
  };
}

const isUserNotFound = (error: unknown) => (error as { code?: unknown }).code === 'auth/user-not-found';

export function firebaseAccounts(): Accounts {
  const auth = () => getAuth(adminApp());
  return {
    async find(uid) {
      try {
        return accountFacts(await auth().getUser(uid));
      } catch (error) {
        if (isUserNotFound(error)) return null;
        throw error;
      }
    },
    async markTrustedReporter(uid) {
      const user = await auth().getUser(uid);
      if (user.customClaims?.[TRUSTED_REPORTER_CLAIM] === true) return;
      await auth().setCustomUserClaims(uid, { ...(user.customClaims ?? {}), [TRUSTED_REPORTER_CLAIM]: true });
    },
  };
}
