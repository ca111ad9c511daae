import { appConfig } from './firebase-config';
import { text, type AppConfig, type Env } from './read-config';

/**
 * How the app attests itself with App Check (web/src/firebase/app-check.ts); callable
 * functions refuse calls without it. Read apart from firebase-config.ts so that only the
 * functions chunk, which starts App Check, carries it, not the programme page's initial JS.
 * - `recaptcha-enterprise`: production, with the site key of the app's reCAPTCHA Enterprise
 *   key (`VITE_APP_CHECK_SITE_KEY`). In development against a real project, a
 *   `VITE_APP_CHECK_DEBUG_TOKEN` registered in the console replaces reCAPTCHA (the debug
 *   provider); production builds never carry one: it would let anyone attest.
 * - `local-exchange`: on the emulators, the debug token (`VITE_APP_CHECK_DEBUG_TOKEN`, which
 *   `npm start` sets and registers) is exchanged at the functions runner, which stands in for
 *   the App Check API offline (emulators/src/runner/app-check-http.ts).
 * Null when nothing is configured: the app then runs without App Check, and callables refuse it.
 */
export type AppCheckConfig =
  | { provider: 'recaptcha-enterprise'; siteKey: string; debugToken?: string }
  | { provider: 'local-exchange'; debugToken: string; exchangeUrl: string };

export function readAppCheckConfig(env: Env, config: AppConfig): AppCheckConfig | null {
  const debugToken = text(env, 'VITE_APP_CHECK_DEBUG_TOKEN');
  if (!config.emulators) {
    const siteKey = text(env, 'VITE_APP_CHECK_SITE_KEY');
    if (!siteKey) return null;
    return { provider: 'recaptcha-enterprise', siteKey, ...(debugToken && env.DEV === true ? { debugToken } : {}) };
  }
  if (!debugToken) return null;
  const { host, ports } = config.emulators;
  const { projectId, appId = '' } = config.firebase;
  const path = `/_/appcheck/v1/projects/${encodeURIComponent(projectId)}/apps/${encodeURIComponent(appId)}:exchangeDebugToken`;
  return { provider: 'local-exchange', debugToken, exchangeUrl: `http://${host}:${ports.functions}${path}` };
}

export const appCheckConfig: AppCheckConfig | null = readAppCheckConfig(import.meta.env as Env, appConfig);
