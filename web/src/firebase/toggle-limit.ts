import { TOGGLES_PER_WINDOW, TOGGLE_WINDOW_SECONDS, firestorePaths, toggleLimitSchema } from '@encore/model';
import { doc, getDoc, getDocFromServer, increment, serverTimestamp, writeBatch, type DocumentSnapshot, type WriteBatch } from 'firebase/firestore';
import { auth } from './auth';
import { db } from './firestore';
import { timestampsToDates } from './to-model';
import { retryMove, toggleMove, type ToggleWindow } from './toggle-move';

/**
 * Favourites and reactions are toggled together with the person's toggle limit
 * (`users/{uid}/limits/toggles`, checked by the rules: 30 a minute). This module keeps what it
 * knows of the window, so a toggle costs no extra read after the first, and refuses the 31st
 * itself with a `ToggleLimitError` (a window this page opened and filled), which the app words
 * as "too many changes, wait a minute"; a refusal by the rules of a full window becomes the
 * same error. Which move to make, and the one retry, are toggle-move.ts's.
 */
export class ToggleLimitError extends Error {
  override readonly name = 'ToggleLimitError';
  constructor() {
    super(`At most ${TOGGLES_PER_WINDOW} favourite or reaction changes a minute`);
  }
}

let known: (ToggleWindow & { uid: string }) | null = null;

const toggleLimitRef = (uid: string) => doc(db(), firestorePaths.toggleLimit(uid));
/** A write the rules refused. */
const refused = (error: unknown) => (error as { code?: string }).code === 'permission-denied';

/** The window as stored, or null for none (or one the schema does not recognise). */
function windowFrom(snapshot: DocumentSnapshot): ToggleWindow | null {
  // As Dates (the schema's), not the SDK's Timestamps: read raw, every window failed the
  // schema, and the first toggle after a reload opened a new window the rules refuse
  // while the last one (under a minute old) is still open.
  const data = snapshot.exists() ? toggleLimitSchema.safeParse(timestampsToDates(snapshot.data())) : null;
  return data?.success ? { windowStartsAt: data.data.windowStartsAt.getTime(), count: data.data.count, clock: 'server' } : null;
}

async function windowOf(uid: string): Promise<ToggleWindow | null> {
  if (known?.uid === uid) return known;
  try {
    return windowFrom(await getDoc(toggleLimitRef(uid)));
  } catch {
    // Offline with nothing cached: open a window; the rules decide when it syncs.
    return null;
  }
}

/** Writes `write` and the limit's `move` in one batch; resolves when the backend has it. */
async function commitWith(uid: string, move: 'open' | 'continue', window: ToggleWindow | null, write: (batch: WriteBatch) => void): Promise<void> {
  const batch = writeBatch(db());
  const ref = toggleLimitRef(uid);
  if (move === 'open') {
    batch.set(ref, { windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() });
    known = { uid, windowStartsAt: Date.now(), count: 1, clock: 'device' };
  } else {
    batch.update(ref, { count: increment(1), lastToggleAt: serverTimestamp() });
    known = window ? { ...window, uid, count: window.count + 1 } : null;
  }
  write(batch);
  try {
    await batch.commit();
  } catch (error) {
    known = null;
    throw error;
  }
}

/**
 * Commits `write` with the limit's move in one batch; resolves when the backend has it
 * (offline: once it syncs). A move the rules refuse because what the app knew of the window
 * was stale is made once more from the server's window (toggle-move.ts), so the toggle is kept.
 */
export async function commitToggle(uid: string, write: (batch: WriteBatch) => void): Promise<void> {
  const window = await windowOf(uid);
  const move = toggleMove(window, Date.now(), TOGGLES_PER_WINDOW, TOGGLE_WINDOW_SECONDS * 1000);
  if (move === 'full') throw new ToggleLimitError();
  try {
    await commitWith(uid, move, window, write);
  } catch (error) {
    if (!refused(error)) throw error;
    const fresh = await getDocFromServer(toggleLimitRef(uid)).then(windowFrom, () => undefined);
    if (fresh === undefined) throw error;
    const full = fresh !== null && fresh.count >= TOGGLES_PER_WINDOW;
    const retry = retryMove(move, fresh, TOGGLES_PER_WINDOW);
    if (retry === null) throw full ? new ToggleLimitError() : error;
    try {
      await commitWith(uid, retry, fresh, write);
    } catch (again) {
      if (refused(again) && full) throw new ToggleLimitError();
      throw again;
    }
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
