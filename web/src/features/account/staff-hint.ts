import { appConfig } from '../../config/firebase-config';
import type { SignedInAccount } from '../../firebase/auth';

/**
 * Whether this device last saw the signed-in person hold a role in a festival: a hint for the
 * menu's Staff link, which cannot pay a Firestore read on every page (the role lives in
 * `festivals/{f}/staff/{uid}`; the console's gate reads it, and writes this hint). Never a
 * right: the console, the rules and the functions decide from the document itself.
 */
const KEY = 'encore.staffOf';

interface Hint {
  uid: string;
  festivals: string[];
}

function read(): Hint | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Hint | null;
    return value && typeof value.uid === 'string' && Array.isArray(value.festivals) ? value : null;
  } catch {
    return null;
  }
}

export function hintedStaffOf(uid: string, festivalId: string): boolean {
  const hint = read();
  return hint?.uid === uid && hint.festivals.includes(festivalId);
}

/** Called by the console's gate once it read the person's staff document. */
export function rememberStaffRole(uid: string, festivalId: string, hasRole: boolean): void {
  const hint = read();
  const festivals = new Set(hint?.uid === uid ? hint.festivals : []);
  if (hasRole) festivals.add(festivalId);
  else festivals.delete(festivalId);
  try {
    if (festivals.size === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify({ uid, festivals: [...festivals] }));
  } catch {
    // Storage full or blocked: the Staff link then shows for project admins only.
  }
}

/**
 * Whether to offer the staff console: the project admin's claim, or a role in this festival the
 * console's gate saw on this device (staff-hint.ts; a hint, not a right). Whether this sign-in
 * may use it yet is `festivalAccessOf` (staff-access.ts).
 */
export function isStaff(account: SignedInAccount | null | undefined): boolean {
  if (!account || account.anonymous) return false;
  return account.role === 'admin' || hintedStaffOf(account.uid, appConfig.festivalId);
}
