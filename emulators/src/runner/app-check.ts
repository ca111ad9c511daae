/**
 * The local stand-in for Firebase App Check, which has no official emulator and whose token
 * exchange is Google's and unreachable offline. As in production, an app attests itself
 * once and gets a short-lived App Check JWT that callable functions check:
 *
 * - Attestation is the debug provider's: the app presents a debug token, and only tokens
 *   registered with the runner (`npm start` registers one and prints it) are exchanged.
 * - Tokens carry production's claims (`iss` https://firebaseappcheck.googleapis.com/…,
 *   `aud` [projects/…], `sub` the app id, `exp`, `jti`), with the project id where
 *   production puts the project number, and are signed HS256 with a key derived from the
 *   project id. That key is no secret (like the Auth emulator's unsigned ID tokens, local
 *   tokens protect nothing); it is stable, so an app's cached token survives a restart of
 *   the runner exactly as a production token outlives a deploy.
 * - Verification follows firebase-admin's AppCheckTokenVerifier (app-check/token-verifier.js):
 *   algorithm, audience, issuer, subject, signature, expiry, with its messages.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export const APP_CHECK_ISSUER = 'https://firebaseappcheck.googleapis.com/';
const ALGORITHM = 'HS256';
const KEY_ID = 'encore-local-app-check';
/** Production's default time to live for debug-provider tokens: one hour. */
export const DEFAULT_TTL_SECONDS = 3600;

export interface AppCheckClaims {
  iss: string;
  sub: string;
  aud: string[];
  iat: number;
  exp: number;
  jti: string;
}

export type Verification = { valid: true; claims: AppCheckClaims } | { valid: false; reason: string };

export interface LocalAppCheckOptions {
  projectId: string;
  /** The debug tokens this runner exchanges (as registered in the console in production). */
  debugTokens?: Iterable<string>;
  ttlSeconds?: number;
  /** Seconds since the epoch; for tests. */
  now?: () => number;
}

export type Exchange = { ok: true; token: string; ttlSeconds: number } | { ok: false; reason: string };

export class LocalAppCheck {
  readonly projectId: string;
  private readonly debugTokens: Set<string>;
  private readonly ttlSeconds: number;
  private readonly now: () => number;
  private readonly key: Buffer;

  constructor(options: LocalAppCheckOptions) {
    this.projectId = options.projectId;
    this.debugTokens = new Set(options.debugTokens ?? []);
    this.ttlSeconds = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
    this.key = createHash('sha256').update(`${KEY_ID}:${options.projectId}`).digest();
  }

  get registeredDebugTokens(): number {
    return this.debugTokens.size;
  }

  /** The debug provider's exchange: a registered debug token for an App Check token of `appId`. */
  exchangeDebugToken(debugToken: string, appId: string): Exchange {
    if (!this.debugTokens.has(debugToken)) return { ok: false, reason: 'debug token not registered' };
    return { ok: true, token: this.issue(appId), ttlSeconds: this.ttlSeconds };
  }

  issue(appId: string, overrides: Partial<AppCheckClaims> = {}): string {
    const iat = this.now();
    const claims: AppCheckClaims = {
      iss: `${APP_CHECK_ISSUER}${this.projectId}`,
      sub: appId,
      aud: [`projects/${this.projectId}`],
      iat,
      exp: iat + this.ttlSeconds,
      jti: randomUUID(),
      ...overrides,
    };
    const unsigned = `${encode({ alg: ALGORITHM, typ: 'JWT', kid: KEY_ID })}.${encode(claims)}`;
    return `${unsigned}.${this.sign(unsigned)}`;
  }

  verify(token: string): Verification {
    const parts = token.split('.');
    const header = parts.length === 3 ? decode(parts[0]!) : undefined;
    const claims = parts.length === 3 ? (decode(parts[1]!) as Partial<AppCheckClaims> | undefined) : undefined;
    if (!header || !claims) return invalid('Decoding App Check token failed');
    if (header.alg !== ALGORITHM) return invalid(`The provided App Check token has incorrect algorithm. Expected "${ALGORITHM}" but got "${String(header.alg)}"`);
    const audience = `projects/${this.projectId}`;
    if (!Array.isArray(claims.aud) || !claims.aud.includes(audience)) {
      return invalid(`The provided App Check token has incorrect "aud" (audience) claim. Expected "${audience}"`);
    }
    if (typeof claims.iss !== 'string' || !claims.iss.startsWith(APP_CHECK_ISSUER)) return invalid('The provided App Check token has incorrect "iss" (issuer) claim');
    if (typeof claims.sub !== 'string' || claims.sub === '') return invalid('The provided App Check token has no "sub" (subject) claim');
    if (header.kid !== KEY_ID || !this.signatureMatches(`${parts[0]}.${parts[1]}`, parts[2]!)) {
      return invalid('The provided App Check token has invalid signature');
    }
    if (typeof claims.exp !== 'number' || claims.exp <= this.now()) return invalid('The provided App Check token has expired');
    return { valid: true, claims: claims as AppCheckClaims };
  }

  private sign(unsigned: string): string {
    return createHmac('sha256', this.key).update(unsigned).digest('base64url');
  }

  private signatureMatches(unsigned: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(unsigned));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

function invalid(reason: string): Verification {
  return { valid: false, reason };
}

function encode(part: object): string {
  return Buffer.from(JSON.stringify(part)).toString('base64url');
}

function decode(part: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
