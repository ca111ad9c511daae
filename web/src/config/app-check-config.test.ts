import { describe, expect, it } from 'vitest';
import { readAppCheckConfig } from './app-check-config';
import { readConfig } from './read-config';

const appCheck = (env: Record<string, string | boolean>) => readAppCheckConfig(env, readConfig(env));

describe('readAppCheckConfig', () => {
  it('attests with reCAPTCHA Enterprise in production, with a debug token only in development', () => {
    const real = { VITE_FIREBASE_PROJECT_ID: 'encore-prod', VITE_APP_CHECK_SITE_KEY: '6Lc-site-key', VITE_APP_CHECK_DEBUG_TOKEN: 'debug-uuid' };
    expect(appCheck({ ...real, PROD: true })).toEqual({ provider: 'recaptcha-enterprise', siteKey: '6Lc-site-key' });
    expect(appCheck({ ...real, DEV: true })).toEqual({ provider: 'recaptcha-enterprise', siteKey: '6Lc-site-key', debugToken: 'debug-uuid' });
    expect(appCheck({ VITE_FIREBASE_PROJECT_ID: 'encore-prod' })).toBeNull();
  });

  it('exchanges the debug token at the local functions runner on the emulators', () => {
    expect(appCheck({ VITE_APP_CHECK_DEBUG_TOKEN: 'debug-uuid', VITE_FUNCTIONS_EMULATOR_PORT: '15001' })).toEqual({
      provider: 'local-exchange',
      debugToken: 'debug-uuid',
      exchangeUrl: 'http://127.0.0.1:15001/_/appcheck/v1/projects/demo-encore/apps/demo-app:exchangeDebugToken',
    });
    expect(appCheck({})).toBeNull();
  });
});
