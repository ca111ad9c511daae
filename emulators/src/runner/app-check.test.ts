import { describe, expect, it } from 'vitest';
import { LocalAppCheck } from './app-check.js';

const now = 1_800_000_000;
const appCheck = new LocalAppCheck({ projectId: 'demo-encore', debugTokens: ['registered'], now: () => now });

function tamper(token: string, part: 0 | 1, change: (value: Record<string, unknown>) => Record<string, unknown>): string {
  const parts = token.split('.');
  parts[part] = Buffer.from(JSON.stringify(change(JSON.parse(Buffer.from(parts[part]!, 'base64url').toString()) as Record<string, unknown>))).toString('base64url');
  return parts.join('.');
}

describe('LocalAppCheck', () => {
  it('exchanges a registered debug token for a token with production claims, valid for the ttl', () => {
    const exchange = appCheck.exchangeDebugToken('registered', '1:123:web:abc');
    expect(exchange).toMatchObject({ ok: true, ttlSeconds: 3600 });
    if (!exchange.ok) return;
    const verification = appCheck.verify(exchange.token);
    expect(verification).toMatchObject({
      valid: true,
      claims: { iss: 'https://firebaseappcheck.googleapis.com/demo-encore', sub: '1:123:web:abc', aud: ['projects/demo-encore'], iat: now, exp: now + 3600 },
    });
  });

  it('refuses a debug token that is not registered', () => {
    expect(appCheck.exchangeDebugToken('guessed', '1:123:web:abc')).toEqual({ ok: false, reason: 'debug token not registered' });
  });

  it('verifies like firebase-admin: expiry, audience, issuer, subject, algorithm, signature', () => {
    const token = appCheck.issue('app');
    const reasons = [
      appCheck.verify(appCheck.issue('app', { exp: now })),
      appCheck.verify(new LocalAppCheck({ projectId: 'demo-other' }).issue('app')),
      appCheck.verify(appCheck.issue('app', { iss: 'https://example.com/' })),
      appCheck.verify(appCheck.issue('')),
      appCheck.verify(tamper(token, 0, (header) => ({ ...header, alg: 'none' }))),
      appCheck.verify(tamper(token, 1, (claims) => ({ ...claims, sub: 'another-app' }))),
      appCheck.verify('not-a-jwt'),
    ].map((verification) => (verification.valid ? 'valid' : verification.reason));
    expect(reasons).toEqual([
      'The provided App Check token has expired',
      'The provided App Check token has incorrect "aud" (audience) claim. Expected "projects/demo-encore"',
      'The provided App Check token has incorrect "iss" (issuer) claim',
      'The provided App Check token has no "sub" (subject) claim',
      'The provided App Check token has incorrect algorithm. Expected "HS256" but got "none"',
      'The provided App Check token has invalid signature',
      'Decoding App Check token failed',
    ]);
  });

  it('keeps verifying its tokens after a restart (the signing key is the project’s)', () => {
    const token = appCheck.issue('app');
    expect(new LocalAppCheck({ projectId: 'demo-encore', now: () => now }).verify(token)).toMatchObject({ valid: true });
  });
});
