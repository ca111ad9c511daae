/**
 * Which backend the integration suites run against: Encore's own emulators (the default,
 * started in-process on free ports) or Google's official Emulator Suite, to prove parity both
 * ways. `ENCORE_TARGET=official` is meant for
 *
 *   firebase emulators:exec --only firestore,storage,auth --project demo-encore "npm run test:official"
 *
 * which sets the standard host variables (`FIRESTORE_EMULATOR_HOST`...) for the command it
 * runs. With that target a suite uses those hosts instead of starting our stack, and skips,
 * naming the reason, what only our emulators offer (their in-process seams and reports).
 */
export type TestTarget = 'encore' | 'official';

export const TARGET_ENV = 'ENCORE_TARGET';

export function testTarget(env: NodeJS.ProcessEnv = process.env): TestTarget {
  const value = env[TARGET_ENV];
  if (value === undefined || value === '' || value === 'encore') return 'encore';
  if (value === 'official') return 'official';
  throw new Error(`${TARGET_ENV} must be "encore" (the default) or "official", not "${value}".`);
}

/**
 * The standard variables the Firebase CLI exports for each emulator (firebase-tools
 * `emulator/env.js` setEnvVarsForEmulators), and for its hub, whose `GET /emulators` says
 * where the others listen (the functions emulator has no variable of its own).
 */
export const OFFICIAL_HOST_ENV = {
  firestore: 'FIRESTORE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
  auth: 'FIREBASE_AUTH_EMULATOR_HOST',
  pubsub: 'PUBSUB_EMULATOR_HOST',
  hub: 'FIREBASE_EMULATOR_HUB',
} as const;

export interface HostPort {
  host: string;
  port: number;
}

/** Where the official emulator for `service` listens, from its standard variable; a clear error when it is not set. */
export function officialHost(service: keyof typeof OFFICIAL_HOST_ENV, env: NodeJS.ProcessEnv = process.env): HostPort {
  const name = OFFICIAL_HOST_ENV[service];
  const value = env[name];
  const match = value === undefined ? null : /^\[?([^\]]+?)\]?:(\d+)$/.exec(value);
  if (!match) {
    throw new Error(`${TARGET_ENV}=official needs ${name}=host:port (got ${value === undefined ? 'nothing' : `"${value}"`}); run the suite under \`firebase emulators:exec\`.`);
  }
  return { host: match[1]!, port: Number(match[2]) };
}

/** The project `firebase emulators:exec --project` runs under (GCLOUD_PROJECT); a clear error when it is not set. */
export function officialProject(env: NodeJS.ProcessEnv = process.env): string {
  const project = env.GCLOUD_PROJECT;
  if (!project) throw new Error(`${TARGET_ENV}=official needs GCLOUD_PROJECT; run the suite under \`firebase emulators:exec --project demo-encore\`.`);
  return project;
}

/** The skip reason for what only Encore's emulators offer. */
export function onlyEncore(what: string): string {
  return `${TARGET_ENV}=official: ${what} exists only in Encore's emulators`;
}
