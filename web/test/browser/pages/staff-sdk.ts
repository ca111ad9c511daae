/**
 * Browser code for staff-second-factor.test.ts: the unmodified firebase web SDK (Auth,
 * Firestore, Functions with App Check) as the web app uses it, driven step by step from the
 * test through `window.encoreSdk`. Each named session is its own Firebase app, so one page
 * holds the same staff member signed in several ways at once.
 *
 * Phone second factors need a DOM (the SDK's RecaptchaVerifier); against the Auth emulator
 * `connectAuthEmulator` sets `appVerificationDisabledForTesting`, so the verifier resolves
 * with a test token and the emulator makes the code instead of texting it.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import {
  connectAuthEmulator,
  getMultiFactorResolver,
  inMemoryPersistence,
  initializeAuth,
  multiFactor,
  PhoneAuthProvider,
  PhoneMultiFactorGenerator,
  RecaptchaVerifier,
  signInWithEmailAndPassword,
  type Auth,
  type MultiFactorError,
  type MultiFactorResolver,
} from 'firebase/auth';
import { connectFirestoreEmulator, doc, getFirestore, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';

export interface SdkConfig {
  projectId: string;
  hosts: { auth: string; firestore: string; functions: string };
  appCheck: { token: string; expireTimeMillis: number };
  festivalId: string;
}

interface Session {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  functions: Functions;
  resolver?: MultiFactorResolver;
}

/** What a refused call came back with. */
export interface Refusal {
  refused: true;
  code: string;
  message: string;
  reason?: string;
}

let config: SdkConfig | undefined;
const sessions = new Map<string, Session>();

function session(name: string): Session {
  const found = sessions.get(name);
  if (!found) throw new Error(`no session ${name}`);
  return found;
}

function refusal(error: unknown): Refusal {
  const { code, message, details } = error as { code?: string; message?: string; details?: { reason?: string } };
  return { refused: true, code: code ?? 'unknown', message: message ?? String(error), ...(details?.reason ? { reason: details.reason } : {}) };
}

/** A one-use verifier on its own element, as the app's screens give it one. */
function verifier(auth: Auth): RecaptchaVerifier {
  const element = document.createElement('div');
  document.body.append(element);
  return new RecaptchaVerifier(auth, element, { size: 'invisible' });
}

const sdk = {
  configure(next: SdkConfig) {
    config = next;
  },

  open(name: string) {
    if (!config) throw new Error('configure first');
    const app = initializeApp({ projectId: config.projectId, apiKey: 'demo-api-key', appId: 'demo-app' }, name);
    const { token, expireTimeMillis } = config.appCheck;
    initializeAppCheck(app, { provider: new CustomProvider({ getToken: () => Promise.resolve({ token, expireTimeMillis }) }), isTokenAutoRefreshEnabled: false });
    const auth = initializeAuth(app, { persistence: inMemoryPersistence });
    connectAuthEmulator(auth, `http://${config.hosts.auth}`, { disableWarnings: true });
    const db = getFirestore(app);
    const [firestoreHost, firestorePort] = config.hosts.firestore.split(':');
    connectFirestoreEmulator(db, firestoreHost!, Number(firestorePort));
    const functions = getFunctions(app, 'europe-west1');
    const [functionsHost, functionsPort] = config.hosts.functions.split(':');
    connectFunctionsEmulator(functions, functionsHost!, Number(functionsPort));
    sessions.set(name, { app, auth, db, functions });
  },

  /** Email and password: signed in, or the second factors the server asks for. */
  async signInWithPassword(name: string, email: string, password: string): Promise<{ signedIn: true } | { hints: Array<{ uid: string; factorId: string; phoneNumber: string | null }> }> {
    const current = session(name);
    try {
      await signInWithEmailAndPassword(current.auth, email, password);
      return { signedIn: true };
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/multi-factor-auth-required') throw error;
      current.resolver = getMultiFactorResolver(current.auth, error as MultiFactorError);
      return {
        hints: current.resolver.hints.map((hint) => ({ uid: hint.uid, factorId: hint.factorId, phoneNumber: (hint as { phoneNumber?: string }).phoneNumber ?? null })),
      };
    }
  },

  /** Asks for the SMS code of a hinted factor: the verification id. */
  async sendSignInCode(name: string, hintUid: string): Promise<string> {
    const { auth, resolver } = session(name);
    const hint = resolver!.hints.find((candidate) => candidate.uid === hintUid)!;
    return new PhoneAuthProvider(auth).verifyPhoneNumber({ multiFactorHint: hint, session: resolver!.session }, verifier(auth));
  },

  async finishSignIn(name: string, verificationId: string, code: string): Promise<true | Refusal> {
    const { resolver } = session(name);
    try {
      await resolver!.resolveSignIn(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)));
      return true;
    } catch (error) {
      return refusal(error);
    }
  },

  /** Asks for the SMS code to enrol `phoneNumber` as the signed-in person's second factor. */
  async sendEnrolmentCode(name: string, phoneNumber: string): Promise<string> {
    const { auth } = session(name);
    const mfaSession = await multiFactor(auth.currentUser!).getSession();
    return new PhoneAuthProvider(auth).verifyPhoneNumber({ phoneNumber, session: mfaSession }, verifier(auth));
  },

  async finishEnrolment(name: string, verificationId: string, code: string, displayName: string): Promise<void> {
    const { auth } = session(name);
    await multiFactor(auth.currentUser!).enroll(PhoneMultiFactorGenerator.assertion(PhoneAuthProvider.credential(verificationId, code)), displayName);
  },

  /** How the session signed in, from a token fresh from the server. */
  async signInClaims(name: string): Promise<{ uid: string; role: unknown; secondFactor: string | null }> {
    const user = session(name).auth.currentUser!;
    const token = await user.getIdTokenResult(true);
    return { uid: user.uid, role: token.claims['role'], secondFactor: token.signInSecondFactor };
  },

  /** A staff write: an announcement in the signed-in person's name (rules: isStaff()). */
  async postAnnouncement(name: string, id: string): Promise<true | Refusal> {
    const { db, auth } = session(name);
    try {
      await setDoc(doc(db, `festivals/${config!.festivalId}/announcements/${id}`), {
        title: 'Gates open late',
        body: 'The gates open at 12:30 today.',
        authorUid: auth.currentUser!.uid,
        createdAt: serverTimestamp(),
      });
      return true;
    } catch (error) {
      return refusal(error);
    }
  },

  /** A staff callable: a programme import checked but not written (dryRun). */
  async checkProgrammeImport(name: string): Promise<{ imported: number } | Refusal> {
    const { functions } = session(name);
    try {
      const result = await httpsCallable<unknown, { imported: number }>(functions, 'importProgramme')({ festivalId: config!.festivalId, format: 'json', content: '[]', dryRun: true });
      return { imported: result.data.imported };
    } catch (error) {
      return refusal(error);
    }
  },
};

export type StaffSdk = typeof sdk;

declare global {
  var encoreSdk: StaffSdk | undefined;
}

globalThis.encoreSdk = sdk;
