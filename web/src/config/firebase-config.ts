import type { FirebaseOptions } from 'firebase/app';
import { browserStorage } from '../app/browser-storage';
import { festivalRoute, isTopLevelPage, type FestivalRoute } from './festival-route';
import { openHomeAtLoad } from './home-route';

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
}

export type Env = Record<string, string | boolean | undefined>;

export function text(env: Env, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
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

/** The public URL of an HTTPS function, on the emulator or in production. */
export function functionUrl(name: string, config: AppConfig): string {
  const { projectId } = config.firebase;
  if (config.emulators) return `http://${config.emulators.host}:${config.emulators.ports.functions}/${projectId}/${config.functionsRegion}/${name}`;
  return `https://${config.functionsRegion}-${projectId}.cloudfunctions.net/${name}`;
}

const buildConfig = readConfig(import.meta.env as Env);

/**
 * The page's address, where there is one (none in Node tests); `/` already followed to the
 * festival (or chooser) it opens when that is known now, else still `/` (config/home-route.ts).
 * The service worker imports this module too: it has a `location` (its script's) but no
 * window, and decides nothing.
 */
const opened =
  typeof window === 'undefined'
    ? { pathname: typeof location === 'undefined' ? '/' : location.pathname, asking: false }
    : openHomeAtLoad(window, browserStorage(), buildConfig.festivalId);
const pathname = opened.pathname;

/** The build's festival (`VITE_FESTIVAL_ID`, else `encore-2026`): what an address without `/f/{festivalId}` shows. */
export const buildFestivalId = buildConfig.festivalId;

/** The festival and router base of this page's address, read once: switching festival is a full navigation. */
export const appRoute: FestivalRoute & { topLevel: boolean } = {
  ...festivalRoute(pathname, buildConfig.festivalId),
  // `/` still to be decided is a page outside any festival (HomePage asks, then follows).
  topLevel: isTopLevelPage(pathname) || opened.asking,
};

export const appConfig: AppConfig = { ...buildConfig, festivalId: appRoute.festivalId };
