import {
  FactorId,
  getMultiFactorResolver,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  reload,
  sendEmailVerification,
  TotpMultiFactorGenerator,
  type MultiFactorError,
  type MultiFactorInfo,
  type MultiFactorResolver,
  type PhoneMultiFactorInfo,
  type User,
} from 'firebase/auth';
import { appConfig } from '../config/firebase-config';
import { auth } from './auth';

/**
 * Second factors (multi-factor authentication), which staff must sign in with: the rules,
 * the staff callables and the staff console all ask for a sign-in that used one.
 *
 * SMS codes work everywhere: in production the SDK proves the page is not a bot with an
 * invisible reCAPTCHA (`RecaptchaVerifier` on a container the screen renders); on the Auth
 * emulator `connectAuthEmulator` sets `auth.settings.appVerificationDisabledForTesting`, so
 * the same verifier resolves at once with a test token, and no text is sent: the emulator
 * lists the code (`emulatorCode`). Authenticator apps (TOTP) exist in production only (the
 * Auth emulator implements SMS second factors alone); a TOTP factor enrolled there signs in
 * here too.
 *
 * Loaded on demand, with the account screens.
 */

export interface EnrolledFactor {
  uid: string;
  kind: 'phone' | 'totp';
  displayName: string | null;
  /** For a phone: its number (on a sign-in hint, masked by the server: `+*******0101`). */
  phoneNumber: string | null;
  enrolledAt: Date | null;
}

function describeFactor(info: MultiFactorInfo): EnrolledFactor {
  const enrolledAt = info.enrollmentTime ? new Date(info.enrollmentTime) : null;
  return {
    uid: info.uid,
    kind: info.factorId === FactorId.TOTP ? 'totp' : 'phone',
    displayName: info.displayName ?? null,
    phoneNumber: info.factorId === FactorId.PHONE ? ((info as PhoneMultiFactorInfo).phoneNumber ?? null) : null,
    enrolledAt: enrolledAt && !Number.isNaN(enrolledAt.getTime()) ? enrolledAt : null,
  };
}

function signedInUser(): User {
  const user = auth().currentUser;
  if (!user || user.isAnonymous) throw Object.assign(new Error('Sign in with an email account first.'), { code: 'unauthenticated' });
  return user;
}

/** The signed-in person's second factors. */
export function enrolledFactors(): EnrolledFactor[] {
  const user = auth().currentUser;
  return user ? multiFactor(user).enrolledFactors.map(describeFactor) : [];
}

/**
 * A one-use app verifier on `container` (an element the screen renders and keeps): an
 * invisible reCAPTCHA in production, the SDK's test stand-in on the emulator.
 */
function appVerifier(container: HTMLElement): RecaptchaVerifier {
  return new RecaptchaVerifier(auth(), container, { size: 'invisible' });
}

async function verifyPhone(options: Parameters<PhoneAuthProvider['verifyPhoneNumber']>[0], container: HTMLElement): Promise<string> {
  const verifier = appVerifier(container);
  try {
    return await new PhoneAuthProvider(auth()).verifyPhoneNumber(options, verifier);
  } finally {
    verifier.clear();
  }
}

// ---- enrolment (the Account page) ----

/** Texts a code to `phoneNumber` (E.164) to enrol it; the verification id to finish with. */
export async function sendEnrolmentCode(phoneNumber: string, container: HTMLElement): Promise<string> {
  const session = await multiFactor(signedInUser()).getSession();
  return verifyPhone({ phoneNumber, session }, container);
}

/** Enrols the phone the code went to. The session then counts as signed in with it (a new token says so). */
export async function finishPhoneEnrolment(verificationId: string, code: string, displayName: string): Promise<void> {
  const assertion = PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code));
  await multiFactor(signedInUser()).enroll(assertion, displayName);
}

export interface AuthenticatorSetup {
  /** The shared secret, base32, for typing into an authenticator app. */
  secretKey: string;
  /** `otpauth://` link: opens the phone's authenticator app with everything filled in. */
  link: string;
  finish(code: string, displayName: string): Promise<void>;
}

/** Production only (Identity Platform with TOTP on): a new authenticator-app secret to enrol. */
export async function startAuthenticatorEnrolment(issuer: string): Promise<AuthenticatorSetup> {
  const user = signedInUser();
  const secret = await TotpMultiFactorGenerator.generateSecret(await multiFactor(user).getSession());
  return {
    secretKey: secret.secretKey,
    link: secret.generateQrCodeUrl(user.email ?? user.uid, issuer),
    finish: (code, displayName) => multiFactor(signedInUser()).enroll(TotpMultiFactorGenerator.assertionForEnrollment(secret, code), displayName),
  };
}

/** Removes a factor. Removing the one this session signed in with ends the session's second-factor standing. */
export async function removeFactor(uid: string): Promise<void> {
  await multiFactor(signedInUser()).unenroll(uid);
}

/** Second factors need a verified email: sends the verification link. */
export async function sendVerificationEmail(): Promise<void> {
  await sendEmailVerification(signedInUser(), { url: `${window.location.origin}/account` });
}

/** Reads the account again (after the email link was opened elsewhere) and refreshes the token. */
export async function refreshAccount(): Promise<void> {
  const user = signedInUser();
  await reload(user);
  await user.getIdToken(true);
}

// ---- sign-in (after auth/multi-factor-auth-required) ----

export interface SecondFactorChallenge {
  /** The person's factors, as the server hints them (phone numbers masked). */
  hints: EnrolledFactor[];
  /** Texts a code to the hinted phone; the verification id to finish with. */
  sendCode(hintUid: string, container: HTMLElement): Promise<string>;
  /** Finishes the sign-in with the texted code. */
  finishWithPhone(verificationId: string, code: string): Promise<void>;
  /** Finishes the sign-in with an authenticator app's code. */
  finishWithAuthenticator(hintUid: string, code: string): Promise<void>;
}

/** The second step of a sign-in the server answered with `auth/multi-factor-auth-required`. */
export function secondFactorChallenge(error: unknown): SecondFactorChallenge {
  const resolver: MultiFactorResolver = getMultiFactorResolver(auth(), error as MultiFactorError);
  const hint = (uid: string) => {
    const found = resolver.hints.find((candidate) => candidate.uid === uid);
    if (!found) throw Object.assign(new Error(`No second factor ${uid}.`), { code: 'auth/multi-factor-info-not-found' });
    return found;
  };
  return {
    hints: resolver.hints.map(describeFactor),
    sendCode: (hintUid, container) => verifyPhone({ multiFactorHint: hint(hintUid), session: resolver.session }, container),
    async finishWithPhone(verificationId, code) {
      await resolver.resolveSignIn(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)));
    },
    async finishWithAuthenticator(hintUid, code) {
      await resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(hint(hintUid).uid, code));
    },
  };
}

// ---- the local Auth emulator only ----

/**
 * The code the Auth emulator made for `verificationId` instead of texting it (its
 * `verificationCodes` list, which `npm run mfa-code` prints too); null against a real project.
 */
export async function emulatorCode(verificationId: string): Promise<string | null> {
  if (!appConfig.emulators) return null;
  const { host, ports } = appConfig.emulators;
  const response = await fetch(`http://${host}:${ports.auth}/emulator/v1/projects/${appConfig.firebase.projectId}/verificationCodes`);
  if (!response.ok) throw new Error(`The Auth emulator answered ${response.status}.`);
  const { verificationCodes } = (await response.json()) as { verificationCodes?: Array<{ sessionInfo: string; code: string }> };
  return verificationCodes?.find((entry) => entry.sessionInfo === verificationId)?.code ?? null;
}

/**
 * The newest email-verification link the Auth emulator holds for `email` instead of mailing it
 * (its `oobCodes` list); null when it holds none, or against a real project.
 */
export async function emulatorVerificationLink(email: string): Promise<string | null> {
  if (!appConfig.emulators) return null;
  const { host, ports } = appConfig.emulators;
  const response = await fetch(`http://${host}:${ports.auth}/emulator/v1/projects/${appConfig.firebase.projectId}/oobCodes`);
  if (!response.ok) throw new Error(`The Auth emulator answered ${response.status}.`);
  const { oobCodes } = (await response.json()) as { oobCodes?: Array<{ email?: string; requestType?: string; oobLink?: string }> };
  const mine = (oobCodes ?? []).filter((entry) => entry.requestType === 'VERIFY_EMAIL' && entry.email?.toLowerCase() === email.toLowerCase() && entry.oobLink);
  return mine.at(-1)?.oobLink ?? null;
}
