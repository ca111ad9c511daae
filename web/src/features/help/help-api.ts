import {
  HELP_REQUESTS_PER_WINDOW,
  HELP_WINDOW_MINUTES,
  helpLimitKeyFor,
  helpLimitSchema,
  helpPaths,
  type HelpHandler,
  type HelpKind,
  type HelpPosition,
  type Locale,
} from '@encore/model';
import { deleteField, doc, getDoc, getDocFromCache, increment, serverTimestamp, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { db } from '../../firebase/firestore';
import { timestampsToDates } from '../../firebase/to-model';

/**
 * Help requests (issue 36) written straight to Firestore (the rules check them), so a request
 * made without a connection is queued on the device and sent when there is one: the page shows
 * it at once from the cache, "waiting for connection" while the write is pending.
 */

/** Refused before sending: the account sent HELP_REQUESTS_PER_WINDOW in the last hour (the rules would refuse it too). */
export class HelpLimitError extends Error {
  override readonly name = 'HelpLimitError';
  constructor() {
    super(`At most ${HELP_REQUESTS_PER_WINDOW} help requests an hour`);
  }
}

/** A random request id (128 bits, base64url): made here so the request can be written offline. */
export function newHelpRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The account's current window: from this device's cache first (every request sent from here
 * is in it, so someone in need offline is not kept waiting on a server read), else from the
 * server when online. Offline with nothing cached: none, a window opens and the rules decide.
 */
async function currentWindow(uid: string): Promise<{ windowStartsAt: number; count: number } | null> {
  const ref = doc(db(), helpPaths.helpLimit(uid));
  const cached = await getDocFromCache(ref).catch(() => null);
  const snapshot = cached?.exists() ? cached : navigator.onLine ? await getDoc(ref).catch(() => null) : null;
  const parsed = snapshot?.exists() ? helpLimitSchema.safeParse(timestampsToDates(snapshot.data({ serverTimestamps: 'estimate' }))) : null;
  return parsed?.success ? { windowStartsAt: parsed.data.windowStartsAt.getTime(), count: parsed.data.count } : null;
}

export interface HelpRequestInput {
  kind: HelpKind;
  note: string;
  position: HelpPosition | null;
  locale: Locale;
}

/**
 * Sends a request with the limit's move in one batch. Resolves once the batch is queued (not
 * when the server has it: offline that waits for the network); `sent` settles when the server
 * accepted or refused it.
 */
export async function sendHelpRequest(festivalId: string, uid: string, input: HelpRequestInput): Promise<{ requestId: string; sent: Promise<void> }> {
  const requestId = newHelpRequestId();
  const window = await currentWindow(uid);
  const batch = writeBatch(db());
  const limit = doc(db(), helpPaths.helpLimit(uid));
  const key = helpLimitKeyFor(festivalId, requestId);
  if (!window || Date.now() - window.windowStartsAt >= HELP_WINDOW_MINUTES * 60_000) {
    batch.set(limit, { windowStartsAt: serverTimestamp(), count: 1, lastRequestId: key, lastRequestAt: serverTimestamp() });
  } else if (window.count >= HELP_REQUESTS_PER_WINDOW) {
    throw new HelpLimitError();
  } else {
    batch.update(limit, { count: increment(1), lastRequestId: key, lastRequestAt: serverTimestamp() });
  }
  batch.set(doc(db(), helpPaths.helpRequest(festivalId, requestId)), {
    uid,
    kind: input.kind,
    note: input.note.trim(),
    ...(input.position ? { position: input.position } : {}),
    locale: input.locale,
    status: 'new',
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  });
  return { requestId, sent: batch.commit() };
}

/** The requester no longer needs help: resolved by themselves, their position dropped. */
export function cancelHelpRequest(festivalId: string, requestId: string): Promise<void> {
  return updateDoc(doc(db(), helpPaths.helpRequest(festivalId, requestId)), {
    status: 'resolved',
    cancelled: true,
    resolvedAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    position: deleteField(),
  });
}

/** Staff set off: the request is theirs, its position kept for finding the person. */
export function markOnTheWay(festivalId: string, requestId: string, handler: HelpHandler): Promise<void> {
  return updateDoc(doc(db(), helpPaths.helpRequest(festivalId, requestId)), {
    status: 'on-the-way',
    onTheWayAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    handledBy: handler,
  });
}

/** Staff resolved it: the position goes with it (the rules refuse a resolve that keeps it). */
export function markResolved(festivalId: string, requestId: string, handler: HelpHandler | null): Promise<void> {
  return updateDoc(doc(db(), helpPaths.helpRequest(festivalId, requestId)), {
    status: 'resolved',
    resolvedAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
    position: deleteField(),
    ...(handler ? { handledBy: handler } : {}),
  });
}

/** This staff member's "Push me new requests". */
export function setHelpAlerts(festivalId: string, uid: string, on: boolean): Promise<void> {
  return setDoc(doc(db(), helpPaths.staffDuty(festivalId, uid)), { helpAlerts: on, updatedAt: serverTimestamp() });
}

const STORAGE_KEY = (festivalId: string) => `encore.help.${festivalId}`;

/** The request this device sent last for the festival, so a reload (or an offline restart) still shows its steps. */
export function rememberedRequest(festivalId: string): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY(festivalId));
  } catch {
    return null;
  }
}

export function rememberRequest(festivalId: string, requestId: string | null): void {
  try {
    if (requestId) localStorage.setItem(STORAGE_KEY(festivalId), requestId);
    else localStorage.removeItem(STORAGE_KEY(festivalId));
  } catch {
    // Private mode without storage: the page still shows it until it is closed.
  }
}
