import type { FirebaseOptions } from 'firebase/app';

/**
 * Where the app connects. A real project comes entirely from `VITE_FIREBASE_*` variables;
 * without `VITE_FIREBASE_PROJECT_ID` (the default in development) the app talks to the
 * local emulators as project `demo-encore`, so nothing real is ever touched by accident.
 */
export interface EmulatorPorts {
  auth: number;
  firestore: number;
  storage: number;
  functions: number;
}

export interface AppConfig {
  firebase: FirebaseOptions & { projectId: string; storageBucket: string };
  /** Null for a real project; the local ports otherwise. */
  emulators: { host: string; ports: EmulatorPorts } | null;
  /**
   * The festival this page shows: the address's (`/f/{festivalId}/...`, config/festival-route.ts)
   * once `appConfig` is resolved, else the build default (`VITE_FESTIVAL_ID`, else `encore-2026`).
   */
  festivalId: string;
  /** Where the HTTPS and callable functions run (functions/src/config.ts REGION). */
  functionsRegion: string;
  /** Google sign-in needs a real project with the provider enabled. */
  googleSignIn: boolean;
  /**
   * Offer authenticator apps (TOTP) as a second factor: a real project with TOTP enabled in
   * Identity Platform (`VITE_MFA_TOTP=true`). Never on the emulators, which have SMS only.
   */
  authenticatorApps: boolean;
  /**
   * The CDN in front of Storage's download endpoint (`VITE_FILES_CDN_ORIGIN`, an https origin):
   * public files (photo tiles, staff's images) load through it with the same paths. Absent:
   * straight from Storage. Why a CDN and which: docs/data-contract.md, "Photo tiles: cache and CDN".
   */
  filesOrigin?: string;
}

export type Env = Record<string, string | boolean | undefined>;

export function text(env: Env, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** An https origin (scheme, host, optional port; nothing after it), or undefined when unset. */
function httpsOrigin(env: Env, key: string): string | undefined {
  const value = text(env, key);
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.origin !== value.replace(/\/$/, '')) throw new Error(`${key} must be an https origin such as https://files.example.org, not "${value}"`);
  return url.origin;
}

function port(env: Env, key: string, fallback: number): number {
  const value = Number(text(env, key) ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) throw new Error(`${key} must be a port number, not "${env[key]}"`);
  return value;
}

export function readConfig(env: Env): AppConfig {
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID');
  const festivalId = text(env, 'VITE_FESTIVAL_ID') ?? 'encore-2026';
  const functionsRegion = text(env, 'VITE_FUNCTIONS_REGION') ?? 'europe-west1';
  if (projectId && text(env, 'VITE_USE_EMULATORS') !== 'true') {
    const filesOrigin = httpsOrigin(env, 'VITE_FILES_CDN_ORIGIN');
    return {
      firebase: {
        apiKey: text(env, 'VITE_FIREBASE_API_KEY'),
        authDomain: text(env, 'VITE_FIREBASE_AUTH_DOMAIN') ?? `${projectId}.firebaseapp.com`,
        projectId,
        storageBucket: text(env, 'VITE_FIREBASE_STORAGE_BUCKET') ?? `${projectId}.appspot.com`,
        appId: text(env, 'VITE_FIREBASE_APP_ID'),
        messagingSenderId: text(env, 'VITE_FIREBASE_MESSAGING_SENDER_ID'),
      },
      emulators: null,
      festivalId,
      functionsRegion,
      googleSignIn: text(env, 'VITE_GOOGLE_SIGN_IN') !== 'false',
      authenticatorApps: text(env, 'VITE_MFA_TOTP') === 'true',
      ...(filesOrigin ? { filesOrigin } : {}),
    };
  }
  const localProject = projectId ?? 'demo-encore';
  return {
    firebase: {
      // The emulators accept any key; the SDK only insists that one is present.
      apiKey: 'demo-api-key',
      authDomain: `${localProject}.firebaseapp.com`,
      projectId: localProject,
      storageBucket: text(env, 'VITE_FIREBASE_STORAGE_BUCKET') ?? `${localProject}.appspot.com`,
      appId: 'demo-app',
    },
    emulators: {
      host: text(env, 'VITE_EMULATOR_HOST') ?? '127.0.0.1',
      ports: {
        auth: port(env, 'VITE_AUTH_EMULATOR_PORT', 9099),
        firestore: port(env, 'VITE_FIRESTORE_EMULATOR_PORT', 8080),
        storage: port(env, 'VITE_STORAGE_EMULATOR_PORT', 9199),
        functions: port(env, 'VITE_FUNCTIONS_EMULATOR_PORT', 5001),
      },
    },
    festivalId,
    functionsRegion,
    googleSignIn: false,
    authenticatorApps: false,
  };
}
