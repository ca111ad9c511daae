import { TOGGLES_PER_WINDOW, TOGGLE_WINDOW_SECONDS, firestorePaths, toggleLimitSchema } from '@encore/model';
import { doc, getDoc, increment, serverTimestamp, writeBatch, type WriteBatch } from 'firebase/firestore';
import { auth } from './auth';
import { db } from './firestore';
import { timestampsToDates } from './to-model';

/**
 * Favourites and reactions are toggled together with the person's toggle limit
 * (`users/{uid}/limits/toggles`, checked by the rules: 30 a minute). This module keeps what it
 * knows of the window, so a toggle costs no extra read after the first, and refuses the 31st
 * itself with a `ToggleLimitError`, which the app words as "too many changes, wait a minute";
 * a refusal by the rules (another tab used the window) becomes the same error.
 */
export class ToggleLimitError extends Error {
  override readonly name = 'ToggleLimitError';
  constructor() {
    super(`At most ${TOGGLES_PER_WINDOW} favourite or reaction changes a minute`);
  }
}

let known: { uid: string; windowStartsAt: number; count: number } | null = null;

async function windowOf(uid: string): Promise<{ windowStartsAt: number; count: number } | null> {
  if (known?.uid === uid) return known;
  try {
    const snapshot = await getDoc(doc(db(), firestorePaths.toggleLimit(uid)));
    // As Dates (the schema's), not the SDK's Timestamps: read raw, every window failed the
    // schema, and the first toggle after a reload opened a new window the rules refuse
    // while the last one (under a minute old) is still open.
    const data = snapshot.exists() ? toggleLimitSchema.safeParse(timestampsToDates(snapshot.data())) : null;
    return data?.success ? { windowStartsAt: data.data.windowStartsAt.getTime(), count: data.data.count } : null;
  } catch {
    // Offline with nothing cached: open a window; the rules decide when it syncs.
    return null;
  }
}

/** Commits `write` with the limit's move in one batch; resolves when the backend has it. */
export async function commitToggle(uid: string, write: (batch: WriteBatch) => void): Promise<void> {
  const current = await windowOf(uid);
  const now = Date.now();
  const batch = writeBatch(db());
  const ref = doc(db(), firestorePaths.toggleLimit(uid));
  if (!current || now - current.windowStartsAt >= TOGGLE_WINDOW_SECONDS * 1000) {
    batch.set(ref, { windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() });
    known = { uid, windowStartsAt: now, count: 1 };
  } else if (current.count >= TOGGLES_PER_WINDOW) {
    throw new ToggleLimitError();
  } else {
    batch.update(ref, { count: increment(1), lastToggleAt: serverTimestamp() });
    known = { uid, windowStartsAt: current.windowStartsAt, count: current.count + 1 };
  }
  write(batch);
  try {
    await batch.commit();
  } catch (error) {
    known = null;
    if ((error as { code?: string }).code === 'permission-denied' && (await windowOf(uid))?.count === TOGGLES_PER_WINDOW) throw new ToggleLimitError();
    throw error;
  }
}

/**
 * Whether the rules will let this account's favourites count in trending: not anonymous, and
 * a verified email or the backend's `trustedReporter` claim (the same test as firestore.rules').
 */
export async function isEstablishedAccount(): Promise<boolean> {
  const user = auth().currentUser;
  if (!user || user.isAnonymous) return false;
  if (user.emailVerified) return true;
  const token = await user.getIdTokenResult().catch(() => null);
  return token?.claims.trustedReporter === true;
}
