import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { appConfig } from '../config/firebase-config';
import { noFirebaseRequestsOffline } from './no-requests-offline';

/** The one Firebase app; every feature module asks for it instead of initialising its own. */
export function firebaseApp(): FirebaseApp {
  if (getApps().length > 0) return getApp();
  // Before any SDK sends anything: no request that cannot succeed while offline.
  noFirebaseRequestsOffline();
  return initializeApp(appConfig.firebase);
}
