/**
 * The environment variables the Firebase and Google Cloud SDKs read to find local
 * emulators, set on this process while a stack runs and restored when it stops.
 */

export interface EmulatorEndpoints {
  projectId: string;
  /** `host:port` of each emulator. */
  firestore: string;
  storage: string;
  pubsub: string;
  auth?: string;
}

export function sdkEnvironment(endpoints: EmulatorEndpoints): Record<string, string> {
  const env: Record<string, string> = {
    GCLOUD_PROJECT: endpoints.projectId,
    GOOGLE_CLOUD_PROJECT: endpoints.projectId,
    FIRESTORE_EMULATOR_HOST: endpoints.firestore,
    FIREBASE_STORAGE_EMULATOR_HOST: endpoints.storage,
    // @google-cloud/storage wants a URL here, firebase-admin a host:port in the variable above.
    STORAGE_EMULATOR_HOST: `http://${endpoints.storage}`,
    PUBSUB_EMULATOR_HOST: endpoints.pubsub,
    // Offline there is no Google metadata server: skip google-auth-library's probe for it.
    METADATA_SERVER_DETECTION: 'none',
  };
  if (endpoints.auth) env.FIREBASE_AUTH_EMULATOR_HOST = endpoints.auth;
  return env;
}

/** Sets `vars` on process.env; the returned function puts back what was there before. */
export function applyEnvironment(vars: Record<string, string>): () => void {
  const previous = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
