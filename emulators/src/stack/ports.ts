/**
 * Where each emulator listens. `npm start` uses the ports in the root firebase.json (the
 * same ones the web app and the Firebase CLI expect); tests ask for free ports.
 *
 * `ENCORE_PORTS` moves a whole `npm start` (every emulator, the functions runner, the web
 * dev server and the web app's emulator config) off the fixed ports, so a second stack or a
 * test can run beside another one on the same machine:
 *
 *   ENCORE_PORTS=free    every service on a port the OS says is free (the banner prints them)
 *   ENCORE_PORTS=+1000   every firebase.json port plus 1000 (Firestore on 9080, web on 6173...)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findFreePort } from './free-port.js';

export interface StackPorts {
  auth: number;
  firestore: number;
  storage: number;
  pubsub: number;
  functions: number;
  web: number;
}

export const DEFAULT_PORTS: StackPorts = {
  auth: 9099,
  firestore: 8080,
  storage: 9199,
  pubsub: 8085,
  functions: 5001,
  web: 5173,
};

/** `free` gives 0 everywhere: each server binds a port the OS picks. */
export const FREE_PORTS: StackPorts = { auth: 0, firestore: 0, storage: 0, pubsub: 0, functions: 0, web: 0 };

export const PORTS_ENV = 'ENCORE_PORTS';

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

export type PortSetting = { kind: 'fixed' } | { kind: 'free' } | { kind: 'offset'; offset: number };

/** Reads an `ENCORE_PORTS` value; anything else than `free` or `+N` is an error that says what is accepted. */
export function parsePortSetting(value: string | undefined): PortSetting {
  if (value === undefined || value.trim() === '') return { kind: 'fixed' };
  const text = value.trim();
  if (text === 'free') return { kind: 'free' };
  const offset = /^\+(\d{1,5})$/.exec(text);
  if (offset) return { kind: 'offset', offset: Number(offset[1]) };
  throw new Error(`${PORTS_ENV}="${value}" is not understood: use "free" (ports the OS picks) or "+N" (every firebase.json port plus N)`);
}

/** The concrete ports a stack binds, from firebase.json and the setting. */
export async function resolvePorts(base: StackPorts, setting: PortSetting): Promise<StackPorts> {
  switch (setting.kind) {
    case 'fixed':
      return { ...base };
    case 'offset': {
      const ports = { ...base };
      for (const name of Object.keys(ports) as Array<keyof StackPorts>) {
        ports[name] += setting.offset;
        if (ports[name] > 65_535) throw new Error(`${PORTS_ENV}=+${setting.offset} puts ${name} on ${ports[name]}, past the last port (65535)`);
      }
      return ports;
    }
    case 'free': {
      // Picked up front (not port 0 at bind time): the web app is configured with them before anything listens.
      const ports = { ...base };
      const taken = new Set<number>();
      for (const name of Object.keys(ports) as Array<keyof StackPorts>) {
        let port = await findFreePort();
        while (taken.has(port)) port = await findFreePort();
        taken.add(port);
        ports[name] = port;
      }
      return ports;
    }
  }
}
