/**
 * What a push service's answer for one message means for the device it went to.
 *
 * - `dead`: the token will never work again; the device document is deleted. FCM says so
 *   with `messaging/registration-token-not-registered` (the browser unsubscribed, the app
 *   was uninstalled, the token expired), `messaging/invalid-registration-token`, or
 *   `messaging/invalid-argument` about the token (FCM v1 answers a malformed token with
 *   INVALID_ARGUMENT "The registration token is not a valid FCM registration token"). An
 *   `invalid-argument` about anything else is our payload's fault, not the device's.
 * - `transient`: worth another try later (FCM is down, overloaded, or rate-limits us).
 * - `failed`: anything else (credentials, a sender mismatch): retrying will not help and the
 *   device is not to blame; it is logged for a person to look at.
 */
export type PushVerdict = 'dead' | 'transient' | 'failed';

const DEAD = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);
const TRANSIENT = new Set(['messaging/internal-error', 'messaging/server-unavailable', 'messaging/unknown-error', 'messaging/message-rate-exceeded', 'messaging/device-message-rate-exceeded']);

export function pushVerdict(code: string, message: string): PushVerdict {
  if (DEAD.has(code)) return 'dead';
  if (code === 'messaging/invalid-argument' && /registration token/i.test(message)) return 'dead';
  if (TRANSIENT.has(code)) return 'transient';
  return 'failed';
}
