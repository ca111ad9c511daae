import { describe, expect, it } from 'vitest';
import { officialHost, officialProject, testTarget } from './test-target.js';

describe('test target', () => {
  it('is Encore by default and official only when asked', () => {
    expect(testTarget({})).toBe('encore');
    expect(testTarget({ ENCORE_TARGET: 'official' })).toBe('official');
    expect(() => testTarget({ ENCORE_TARGET: 'prod' })).toThrow(/must be "encore".*or "official"/);
  });

  it('reads official hosts from the standard variables, IPv6 included, and names a missing one', () => {
    expect(officialHost('firestore', { FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' })).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(officialHost('storage', { FIREBASE_STORAGE_EMULATOR_HOST: '[::1]:9199' })).toEqual({ host: '::1', port: 9199 });
    expect(() => officialHost('auth', {})).toThrow(/FIREBASE_AUTH_EMULATOR_HOST=host:port/);
  });

  it('reads the hub like any other host, and the project from GCLOUD_PROJECT, naming a missing one', () => {
    expect(officialHost('hub', { FIREBASE_EMULATOR_HUB: '127.0.0.1:4400' })).toEqual({ host: '127.0.0.1', port: 4400 });
    expect(officialProject({ GCLOUD_PROJECT: 'demo-encore' })).toBe('demo-encore');
    expect(() => officialProject({})).toThrow(/GCLOUD_PROJECT/);
  });
});
