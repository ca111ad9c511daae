/**
 * A phone number as people type it ("+31 6 1234 5678", "+1 (650) 555-0101") to the E.164
 * form the identity service takes ("+31612345678"), or null when it is not one. The
 * country code is required: staff travel, and a number without one is ambiguous.
 */
export function toE164(typed: string): string | null {
  const compact = typed.trim().replace(/[\s().-]/g, '');
  const international = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
}
