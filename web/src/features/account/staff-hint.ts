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
