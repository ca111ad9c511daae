import { describe, expect, it, vi } from 'vitest';
import { exchangeDebugToken } from './app-check';

const url = 'http://127.0.0.1:5001/_/appcheck/v1/projects/demo-encore/apps/demo-app:exchangeDebugToken';

describe('exchangeDebugToken', () => {
  it('posts the debug token and turns the ttl into an expiry time', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ token: 'app-check-jwt', ttl: '3600s' }), { status: 200 }));
    const before = Date.now();
    const result = await exchangeDebugToken(url, 'debug-uuid', fetchImpl as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"debug_token":"debug-uuid"}' });
    expect(result.token).toBe('app-check-jwt');
    expect(result.expireTimeMillis).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(result.expireTimeMillis).toBeLessThanOrEqual(Date.now() + 3_600_000);
  });

  it('fails with the runner’s reason when the debug token is not registered', async () => {
    const refused = new Response(JSON.stringify({ error: { code: 403, message: 'App attestation failed.', status: 'PERMISSION_DENIED' } }), { status: 403 });
    await expect(exchangeDebugToken(url, 'guessed', (async () => refused) as typeof fetch)).rejects.toThrow(
      'App Check debug token refused by the local functions runner (HTTP 403): App attestation failed.',
    );
  });
});
