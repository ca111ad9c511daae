/**
 * Starts a Storage emulator on a free port and connects the real, unmodified SDKs to it:
 * the web SDK (`connectStorageEmulator`) and firebase-admin / @google-cloud/storage (through
 * `STORAGE_EMULATOR_HOST`, which each test file's own worker process owns).
 */
import { randomUUID } from 'node:crypto';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp, type App } from 'firebase-admin/app';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import type { StorageObjectEvent } from '../../src/common/events.js';
import { DEFAULT_STORAGE_BUCKET, startStorageEmulator, type StorageEmulator, type StorageEmulatorOptions } from '../../src/storage/index.js';

export const BUCKET = DEFAULT_STORAGE_BUCKET;

export interface StorageHarness {
  emulator: StorageEmulator;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every event published since start, in order. */
  events: StorageObjectEvent[];
  /** The web SDK connected to the emulator; `mockUserToken` signs it in as that user. */
  web(options?: { mockUserToken?: { sub: string } & Record<string, unknown> }): FirebaseStorage;
  /** firebase-admin's default bucket. */
  adminBucket(): ReturnType<ReturnType<typeof getAdminStorage>['bucket']>;
  close(): Promise<void>;
}

export async function startStorageHarness(options: StorageEmulatorOptions = {}): Promise<StorageHarness> {
  const emulator = await startStorageEmulator({ port: 0, ...options });
  const origin = `http://127.0.0.1:${emulator.port}`;
  process.env.STORAGE_EMULATOR_HOST = origin;
  const events: StorageObjectEvent[] = [];
  emulator.objectEvents.subscribe((event) => events.push(event));
  const webApps: FirebaseApp[] = [];
  let adminApp: App | undefined;
  return {
    emulator,
    origin,
    events,
    web(webOptions = {}) {
      const app = initializeApp({ projectId: 'demo-encore', storageBucket: BUCKET, apiKey: 'fake-api-key' }, `web-${randomUUID()}`);
      webApps.push(app);
      const storage = getStorage(app);
      connectStorageEmulator(storage, '127.0.0.1', emulator.port, webOptions);
      return storage;
    },
    adminBucket() {
      adminApp ??= initializeAdminApp({ projectId: 'demo-encore', storageBucket: BUCKET }, `admin-${randomUUID()}`);
      return getAdminStorage(adminApp).bucket();
    },
    async close() {
      await Promise.all(webApps.map((app) => deleteApp(app)));
      if (adminApp) await deleteAdminApp(adminApp);
      await emulator.close();
    },
  };
}

/** Deterministic bytes of a given length (not all equal, so misplaced chunks show in the hash). */
export function patternBytes(length: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + seed * 7 + (index >> 10)) & 0xff;
  return bytes;
}

/** The `code` of the error a call that must fail fails with (the SDKs' `storage/unauthorized`...). */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code: string }).code;
  }
  throw new Error('expected the call to fail');
}
