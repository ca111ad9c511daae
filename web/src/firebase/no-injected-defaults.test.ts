import { getDefaultEmulatorHost } from '@firebase/util';
import { afterEach, describe, expect, it, vi } from 'vitest';

const scope = globalThis as { __FIREBASE_DEFAULTS__?: object };

afterEach(() => {
  delete scope.__FIREBASE_DEFAULTS__;
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('no injected Firebase defaults', () => {
  it('spares the SDKs their read of document.cookie', async () => {
    const cookie = vi.spyOn(document, 'cookie', 'get');
    getDefaultEmulatorHost('firestore');
    expect(cookie).toHaveBeenCalled();

    cookie.mockClear();
    await import('./no-injected-defaults');
    expect(getDefaultEmulatorHost('firestore')).toBeUndefined();
    expect(cookie).not.toHaveBeenCalled();
  });

  it('leaves defaults that were injected alone', async () => {
    scope.__FIREBASE_DEFAULTS__ = { emulatorHosts: { firestore: '127.0.0.1:8080' } };
    await import('./no-injected-defaults');
    expect(getDefaultEmulatorHost('firestore')).toBe('127.0.0.1:8080');
  });
});
