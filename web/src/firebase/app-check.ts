import type { FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';
import { appCheckConfig, type AppCheckConfig } from '../config/app-check-config';

/**
 * App Check: the app attests itself so that callable functions, which enforce App Check,
 * accept its calls (firebase/functions sends the token as X-Firebase-AppCheck by itself
 * once App Check is initialised). Loaded with the functions module, the only surface that
 * enforces it, so the programme page's initial JavaScript carries none of it.
 */
let instance: AppCheck | null | undefined;

export function startAppCheck(app: FirebaseApp, config: AppCheckConfig | null = appCheckConfig): AppCheck | null {
  if (instance !== undefined) return instance;
  if (!config) {
    console.warn(
      'App Check is off (no VITE_APP_CHECK_SITE_KEY, or on the emulators no VITE_APP_CHECK_DEBUG_TOKEN, which npm start sets): callable functions will refuse this app.',
    );
    instance = null;
    return instance;
  }
  if (config.provider === 'recaptcha-enterprise' && config.debugToken) {
    // The debug provider: this token, registered in the console, replaces reCAPTCHA (development only).
    (globalThis as { FIREBASE_APPCHECK_DEBUG_TOKEN?: string }).FIREBASE_APPCHECK_DEBUG_TOKEN = config.debugToken;
  }
  instance = initializeAppCheck(app, { provider: providerFor(config), isTokenAutoRefreshEnabled: true });
  return instance;
}

function providerFor(config: AppCheckConfig): CustomProvider | ReCaptchaEnterpriseProvider {
  if (config.provider === 'recaptcha-enterprise') return new ReCaptchaEnterpriseProvider(config.siteKey);
  return new CustomProvider({ getToken: () => exchangeDebugToken(config.exchangeUrl, config.debugToken) });
}

/** The App Check API's exchangeDebugToken, as the local functions runner serves it. */
export async function exchangeDebugToken(url: string, debugToken: string, fetchImpl: typeof fetch = fetch): Promise<{ token: string; expireTimeMillis: number }> {
  const response = await fetchImpl(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ debug_token: debugToken }) });
  const body = (await response.json().catch(() => ({}))) as { token?: string; ttl?: string; error?: { message?: string } };
  if (!response.ok || typeof body.token !== 'string' || typeof body.ttl !== 'string') {
    throw new Error(`App Check debug token refused by the local functions runner (HTTP ${response.status}): ${body.error?.message ?? 'no token in the answer'}`);
  }
  // A protobuf Duration: "3600s".
  return { token: body.token, expireTimeMillis: Date.now() + Number.parseFloat(body.ttl) * 1000 };
}
