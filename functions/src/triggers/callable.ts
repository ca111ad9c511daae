import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { RequestError, type Caller } from '../handlers/request-error.js';

/** Who calls a callable: their uid and token claims, or nobody when signed out. */
export function caller(request: CallableRequest): Caller | undefined {
  return request.auth ? { uid: request.auth.uid, token: request.auth.token as Record<string, unknown> } : undefined;
}

/** Maps a handler's refusal to the callable error the client SDK understands (its reason as `details.reason`). */
export async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RequestError) throw new HttpsError(error.code, error.message, error.reason ? { reason: error.reason } : undefined);
    throw error;
  }
}
