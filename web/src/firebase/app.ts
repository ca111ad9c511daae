import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { appConfig } from '../config/firebase-config';

/** The one Firebase app; every feature module asks for it instead of initialising its own. */
export function firebaseApp(): FirebaseApp {
  return getApps().length > 0 ? getApp() : initializeApp(appConfig.firebase);
}
