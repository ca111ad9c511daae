import { describe, expect, it } from 'vitest';
import { functionUrl } from './function-url';
import { readConfig } from './read-config';

describe('readConfig', () => {
  it('uses demo-encore on the emulators when no project is configured', () => {
    const config = readConfig({});
    expect(config.firebase.projectId).toBe('demo-encore');
    expect(config.firebase.storageBucket).toBe('demo-encore.appspot.com');
    expect(config.emulators).toEqual({ host: '127.0.0.1', ports: { auth: 9099, firestore: 8080, storage: 9199, functions: 5001 } });
    expect(config.festivalId).toBe('encore-2026');
  });

  it('uses a real project unchanged when VITE_FIREBASE_* is set', () => {
    const config = readConfig({ VITE_FIREBASE_PROJECT_ID: 'encore-prod', VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_APP_ID: '1:2:web:3' });
    expect(config.emulators).toBeNull();
    expect(config.firebase).toMatchObject({ projectId: 'encore-prod', apiKey: 'k', storageBucket: 'encore-prod.appspot.com' });
    expect(config.googleSignIn).toBe(true);
  });

  it('offers authenticator apps only for a real project that enables them, never on the emulators', () => {
    const real = { VITE_FIREBASE_PROJECT_ID: 'encore-prod' };
    expect(readConfig(real).authenticatorApps).toBe(false);
    expect(readConfig({ ...real, VITE_MFA_TOTP: 'true' }).authenticatorApps).toBe(true);
    expect(readConfig({ VITE_MFA_TOTP: 'true' }).authenticatorApps).toBe(false);
  });

  it('takes emulator ports from the environment and refuses nonsense', () => {
    expect(readConfig({ VITE_FIRESTORE_EMULATOR_PORT: '18080' }).emulators?.ports.firestore).toBe(18080);
    expect(() => readConfig({ VITE_STORAGE_EMULATOR_PORT: 'nine' })).toThrow(/VITE_STORAGE_EMULATOR_PORT must be a port number/);
  });

  it('addresses HTTPS functions on the emulator and in production', () => {
    expect(functionUrl('calendarFeed', readConfig({}))).toBe('http://127.0.0.1:5001/demo-encore/europe-west1/calendarFeed');
    expect(functionUrl('calendarFeed', readConfig({ VITE_FIREBASE_PROJECT_ID: 'prod' }))).toBe('https://europe-west1-prod.cloudfunctions.net/calendarFeed');
  });
});
