/**
 * App Check at the runner, against callables that enforce it (as Encore's do) and one that
 * does not: the debug-token exchange, and the refusals production gives, both on the wire
 * and through the unmodified web SDK (firebase/app-check's CustomProvider, firebase/functions).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type FunctionsError } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCheckExchangePath, LocalAppCheck, startFunctionsRunner, type FunctionsRunner } from '../../src/runner/index.js';

const PROJECT = 'demo-appcheck';
const APP_ID = '1:000000000000:web:encore';
const DEBUG_TOKEN = randomUUID();
const FIXTURE_DIR = fileURLToPath(new URL('./fixtures/app-check/', import.meta.url));

let runner: FunctionsRunner;
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  runner = await startFunctionsRunner({
    functionsModule: join(FIXTURE_DIR, 'index.js'),
    functionsDir: FIXTURE_DIR,
    projectId: PROJECT,
    port: 0,
    schedules: false,
    appCheck: { debugTokens: [DEBUG_TOKEN] },
    log: () => {},
  });
});

afterAll(async () => {
  for (const app of apps) await deleteApp(app);
  await runner?.close();
});

const exchangeUrl = (projectId = PROJECT) => `${runner.url}${appCheckExchangePath(projectId, APP_ID)}`;

async function exchange(body: unknown, projectId = PROJECT): Promise<Response> {
  return fetch(exchangeUrl(projectId), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function appCheckToken(): Promise<string> {
  return ((await (await exchange({ debug_token: DEBUG_TOKEN })).json()) as { token: string }).token;
}

/** A callable over HTTP, as the web SDK sends it. */
function call(name: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${runner.url}/${PROJECT}/us-central1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data: { stage: 'main' } }),
  });
}

describe('the debug-token exchange', () => {
  it('gives a registered debug token an App Check token and its ttl, as the App Check API does', async () => {
    const response = await exchange({ debug_token: DEBUG_TOKEN });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; ttl: string };
    expect(body.ttl).toBe('3600s');
    expect(new LocalAppCheck({ projectId: PROJECT }).verify(body.token)).toMatchObject({ valid: true, claims: { sub: APP_ID } });
  });

  it('refuses an unregistered debug token, a missing one and another project', async () => {
    const refused = await exchange({ debug_token: randomUUID() });
    expect([refused.status, await refused.json()]).toEqual([403, { error: { code: 403, message: 'App attestation failed.', status: 'PERMISSION_DENIED' } }]);
    const missing = await exchange({});
    expect([missing.status, ((await missing.json()) as { error: { status: string } }).error.status]).toEqual([400, 'INVALID_ARGUMENT']);
    const elsewhere = await exchange({ debug_token: DEBUG_TOKEN }, 'demo-elsewhere');
    expect([elsewhere.status, ((await elsewhere.json()) as { error: { status: string } }).error.status]).toEqual([403, 'PERMISSION_DENIED']);
  });

  it('answers a browser’s CORS preflight', async () => {
    const response = await fetch(exchangeUrl(), {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-firebase-client' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,x-firebase-client');
  });
});

describe('a callable with enforceAppCheck', () => {
  const refusal = { error: { message: 'Unauthenticated', status: 'UNAUTHENTICATED' } };

  it('refuses a call without X-Firebase-AppCheck with 401 UNAUTHENTICATED, as production does', async () => {
    const response = await call('guarded');
    expect([response.status, await response.json()]).toEqual([401, refusal]);
  });

  it('refuses a forged, a foreign and an expired token the same way', async () => {
    const forged = new LocalAppCheck({ projectId: PROJECT }).issue(APP_ID).replace(/\.[^.]+$/, '.c2lnbmF0dXJl');
    const foreign = new LocalAppCheck({ projectId: 'demo-elsewhere' }).issue(APP_ID);
    const expired = new LocalAppCheck({ projectId: PROJECT, now: () => Math.floor(Date.now() / 1000) - 7200 }).issue(APP_ID);
    for (const token of [forged, foreign, expired, 'not-a-token']) {
      const response = await call('guarded', { 'x-firebase-appcheck': token });
      expect([response.status, await response.json()]).toEqual([401, refusal]);
    }
  });

  it('accepts a token from the exchange and gives the function request.app', async () => {
    const token = await appCheckToken();
    const response = await call('guarded', { 'x-firebase-appcheck': token });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { app: { appId: string; token: Record<string, unknown> }; echo: unknown } };
    expect(result.echo).toEqual({ stage: 'main' });
    expect(result.app.appId).toBe(APP_ID);
    expect(result.app.token).toMatchObject({ sub: APP_ID, app_id: APP_ID, aud: [`projects/${PROJECT}`], iss: `https://firebaseappcheck.googleapis.com/${PROJECT}` });
  });
});

describe('a callable without enforceAppCheck', () => {
  it('lets a call with an invalid token through without request.app, as production does', async () => {
    const response = await call('unguarded', { 'x-firebase-appcheck': 'not-a-token' });
    expect([response.status, await response.json()]).toEqual([200, { result: { app: null } }]);
  });
});

describe('through the web SDK', () => {
  function webApp(withAppCheck: boolean): ReturnType<typeof getFunctions> {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-api-key', appId: APP_ID }, `app-check-${apps.length}`);
    apps.push(app);
    if (withAppCheck) {
      initializeAppCheck(app, {
        provider: new CustomProvider({
          getToken: async () => {
            const { token, ttl } = (await (await exchange({ debug_token: DEBUG_TOKEN })).json()) as { token: string; ttl: string };
            return { token, expireTimeMillis: Date.now() + Number.parseFloat(ttl) * 1000 };
          },
        }),
        isTokenAutoRefreshEnabled: false,
      });
    }
    const functions = getFunctions(app);
    connectFunctionsEmulator(functions, runner.host, runner.port);
    return functions;
  }

  it('attests the app with a CustomProvider, and the call succeeds with request.app', async () => {
    const result = await httpsCallable<unknown, { app: { appId: string } }>(webApp(true), 'guarded')({ stage: 'main' });
    expect(result.data.app.appId).toBe(APP_ID);
  });

  it('fails with functions/unauthenticated without App Check', async () => {
    const error = (await httpsCallable(webApp(false), 'guarded')({}).catch((caught: unknown) => caught)) as FunctionsError;
    expect(error.code).toBe('functions/unauthenticated');
    expect(error.message).toMatch(/^Unauthenticated\b/);
  });
});
