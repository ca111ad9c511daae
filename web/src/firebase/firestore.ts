import {
  connectFirestoreEmulator,
  initializeFirestore,
  persistentLocalCache,
  persistentMultipleTabManager,
  type Firestore,
} from 'firebase/firestore';
import { appConfig } from '../config/firebase-config';
import { firebaseApp } from './app';
import { networkFollowsBrowser } from './network-follows-browser';

/**
 * The programme and one's schedule must open with no network after the first visit, in
 * every open tab: IndexedDB persistence shared between tabs. 40 MB holds several festivals'
 * programmes and photo metadata while staying polite on phones; the SDK evicts unused
 * documents beyond it.
 */
export const FIRESTORE_CACHE_BYTES = 40 * 1024 * 1024;

let instance: Firestore | undefined;

export function db(): Firestore {
  if (instance) return instance;
  instance = initializeFirestore(firebaseApp(), {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager(), cacheSizeBytes: FIRESTORE_CACHE_BYTES }),
  });
  if (appConfig.emulators) connectFirestoreEmulator(instance, appConfig.emulators.host, appConfig.emulators.ports.firestore);
  // No requests that cannot succeed while the device is offline (network-follows-browser.ts).
  networkFollowsBrowser(instance);
  return instance;
}
