/**
 * Who is calling an emulator, decoded from the request's Authorization header.
 *
 * The Auth emulator and `mockUserToken` issue unsigned JWTs (alg "none"), and the
 * official emulators only decode them, never verify: we do the same, so tokens from
 * `connectAuthEmulator`, `mockUserToken` and @firebase/rules-unit-testing all work.
 * The literal token `owner` is the admin credential (firebase-admin with an emulator
 * host set): it bypasses security rules, as with the official emulators.
 */

/** `request.auth` as security rules see it: null when signed out. */
export interface AuthContext {
  uid: string;
  /** The decoded token payload: custom claims at the top level, `firebase.sign_in_provider`... */
  token: Record<string, unknown>;
}

export type Caller =
  | { kind: 'owner' }
  | { kind: 'anonymous-request' }
  | { kind: 'user'; auth: AuthContext };

/** Thrown for a header that is present but cannot be decoded; transports map it to UNAUTHENTICATED. */
export class BadTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadTokenError';
  }
}

/**
 * Decodes an Authorization header value. Accepts the `Bearer ` (Firestore, callables,
 * REST) and `Firebase ` (Storage web SDK) schemes, case-insensitively.
 */
export function callerFromAuthorization(header: string | undefined | null): Caller {
  // The admin SDKs' header, on every server call: answered without the pattern below.
  if (header === 'Bearer owner') return { kind: 'owner' };
  if (header === undefined || header === null || header.trim() === '') return { kind: 'anonymous-request' };
  const match = /^\s*(bearer|firebase)\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new BadTokenError('Authorization header must be "Bearer <token>" or "Firebase <token>"');
  const token = match[2]!;
  if (token === 'owner') return { kind: 'owner' };
  return { kind: 'user', auth: decodeIdToken(token) };
}

/** Decodes a JWT's payload without checking its signature (emulator tokens are unsigned). */
export function decodeIdToken(jwt: string): AuthContext {
  const parts = jwt.split('.');
  if (parts.length < 2) throw new BadTokenError('ID token is not a JWT');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new BadTokenError('ID token payload is not valid base64url JSON');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new BadTokenError('ID token payload is not a JSON object');
  }
  const claims = payload as Record<string, unknown>;
  const uid = claims.user_id ?? claims.sub;
  if (typeof uid !== 'string' || uid === '') throw new BadTokenError('ID token has no "sub" or "user_id" claim');
  return { uid, token: claims };
}
