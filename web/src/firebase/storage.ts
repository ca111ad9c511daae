import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import { appConfig } from '../config/firebase-config';
import { firebaseApp } from './app';

/** The Storage SDK, only loaded by the upload page (the wall reads public URLs directly). */
let instance: FirebaseStorage | undefined;

export function storage(): FirebaseStorage {
  if (instance) return instance;
  instance = getStorage(firebaseApp(), `gs://${appConfig.firebase.storageBucket}`);
  if (appConfig.emulators) connectStorageEmulator(instance, appConfig.emulators.host, appConfig.emulators.ports.storage);
  return instance;
}
