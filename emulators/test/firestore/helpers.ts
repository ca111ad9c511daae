/** Raw-protocol helpers for the emulator's own tests (no SDK in between). */
import { afterAll, beforeAll } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';

export const PROJECT = 'demo-raw';
export const DB = `projects/${PROJECT}/databases/(default)`;
export const ROOT = `${DB}/documents`;

export function useRawEmulator(): () => FirestoreEmulator {
  let emulator: FirestoreEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
  });
  afterAll(async () => {
    await emulator?.close();
  });
  return () => emulator!;
}

export interface RestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function rest(emulator: FirestoreEmulator, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RestResponse> {
  const response = await fetch(`http://127.0.0.1:${emulator.port}${path}`, {
    method,
    headers: { authorization: 'Bearer owner', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

let counter = 0;
export function unique(name = 'c'): string {
  counter += 1;
  return `${name}${counter}_${Math.random().toString(36).slice(2, 7)}`;
}
