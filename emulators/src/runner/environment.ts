/**
 * The environment the functions child starts with: what firebase-functions and the
 * Admin SDK read to find their project and the emulators (as firebase-tools' functions
 * emulator sets it), plus the functions' own `.env`, `.env.{projectId}` and `.env.local`
 * files, in that order of precedence (later wins), as the Firebase CLI loads them, and
 * secrets from `.secret.local` as its functions emulator does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

export interface EmulatorHosts {
  /** `host:port` of each emulator the functions should talk to. */
  firestore?: string;
  storage?: string;
  pubsub?: string;
  auth?: string;
  /** Cloud Tasks (the runner itself, task-queue.ts). */
  tasks?: string;
}

export interface FunctionsEnvironmentOptions {
  projectId: string;
  storageBucket: string;
  emulators: EmulatorHosts;
  /** Folder holding the functions' package.json and its `.env` files. */
  functionsDir: string;
  extra?: Record<string, string>;
}

export function functionsEnvironment(options: FunctionsEnvironmentOptions): NodeJS.ProcessEnv {
  const { projectId, emulators } = options;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...dotEnvFiles(options.functionsDir, projectId),
    GCLOUD_PROJECT: projectId,
    GOOGLE_CLOUD_PROJECT: projectId,
    FIREBASE_CONFIG: JSON.stringify({
      projectId,
      storageBucket: options.storageBucket,
      databaseURL: `https://${projectId}-default-rtdb.firebaseio.com`,
    }),
    FUNCTIONS_EMULATOR: 'true',
    // Offline there is no Google metadata server: skip google-auth-library's probe for it.
    METADATA_SERVER_DETECTION: 'none',
    // Callables decode (not verify) Auth emulator tokens, and onRequest answers CORS, as under firebase-tools.
    FIREBASE_DEBUG_MODE: 'true',
    FIREBASE_DEBUG_FEATURES: JSON.stringify({ skipTokenVerification: true, enableCors: true }),
  };
  if (emulators.firestore) env.FIRESTORE_EMULATOR_HOST = emulators.firestore;
  if (emulators.auth) env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth;
  if (emulators.pubsub) env.PUBSUB_EMULATOR_HOST = emulators.pubsub;
  if (emulators.tasks) env.CLOUD_TASKS_EMULATOR_HOST = emulators.tasks;
  if (emulators.storage) {
    env.FIREBASE_STORAGE_EMULATOR_HOST = emulators.storage;
    env.STORAGE_EMULATOR_HOST = `http://${emulators.storage}`;
  }
  return { ...env, ...options.extra };
}

function dotEnvFiles(functionsDir: string, projectId: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const file of ['.env', `.env.${projectId}`, '.env.local', '.secret.local']) {
    const path = join(functionsDir, file);
    if (existsSync(path)) Object.assign(merged, parseEnv(readFileSync(path, 'utf8')));
  }
  return merged;
}
