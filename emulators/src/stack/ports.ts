/**
 * Where each emulator listens. `npm start` uses the ports in the root firebase.json (the
 * same ones the web app and the Firebase CLI expect); tests ask for free ports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StackPorts {
  auth: number;
  firestore: number;
  storage: number;
  pubsub: number;
  functions: number;
  hub: number;
  logging: number;
  web: number;
}

export const DEFAULT_PORTS: StackPorts = {
  auth: 9099,
  firestore: 8080,
  storage: 9199,
  pubsub: 8085,
  functions: 5001,
  hub: 4400,
  logging: 4500,
  web: 5173,
};

/** `free` gives 0 everywhere: each server binds a port the OS picks. */
export const FREE_PORTS: StackPorts = { auth: 0, firestore: 0, storage: 0, pubsub: 0, functions: 0, hub: 0, logging: 0, web: 0 };

/** The `emulators.*.port` entries of `{rootDir}/firebase.json`, over the defaults. */
export function portsFromFirebaseJson(rootDir: string): StackPorts {
  const path = join(rootDir, 'firebase.json');
  if (!existsSync(path)) return { ...DEFAULT_PORTS };
  const config = JSON.parse(readFileSync(path, 'utf8')) as { emulators?: Record<string, { port?: number }> };
  const ports = { ...DEFAULT_PORTS };
  for (const name of Object.keys(ports) as Array<keyof StackPorts>) {
    const port = config.emulators?.[name]?.port;
    if (typeof port === 'number') ports[name] = port;
  }
  return ports;
}
