import { getDoc, getDocFromServer, serverTimestamp, type DocumentReference, type FieldValue } from 'firebase/firestore';
import type { IntlShape } from 'react-intl';

/**
 * Create never overwrites (issue 36). The web SDK has no create-only write, and an offline
 * phone cannot ask the server first, so a "new" form does two things:
 * - before writing, it looks in the list it already holds (live, or cached offline) and refuses
 *   an address that is there (`existingItem`);
 * - it stamps the write with `createdAt` (the server's time): the rules refuse any update that
 *   adds or changes it, so a create that meets an existing document on the server (made on
 *   another device meanwhile, or queued offline) is refused there, and nothing is overwritten.
 *   When that refusal comes back, `explainRefusedCreate` asks the server whether the document
 *   exists, so the person reads why, not just "permission denied".
 * Edit forms never send `createdAt` (they update only the fields they change).
 */

export type CreateKind = 'page' | 'stage' | 'artist';

/** The field a "new" form adds to its write. */
export function createdNow(): { createdAt: FieldValue } {
  return { createdAt: serverTimestamp() };
}

/** The item of `items` that already has the address `id`, if any. */
export function existingItem<T extends { id: string }>(items: Iterable<T>, id: string): T | undefined {
  for (const item of items) if (item.id === id) return item;
  return undefined;
}

/** "A page with the address lockers exists: open it or choose another address." */
export function existsMessage(intl: IntlShape, kind: CreateKind, id: string, name = id): string {
  switch (kind) {
    case 'page':
      return intl.formatMessage({ id: 'staff.createGuard.pageExists', defaultMessage: 'A page with the address {id} exists: open it or choose another address.' }, { id });
    case 'stage':
      return intl.formatMessage({ id: 'staff.createGuard.stageExists', defaultMessage: 'A stage with the address {id} exists ({name}): edit it or choose another name.' }, { id, name });
    case 'artist':
      return intl.formatMessage({ id: 'staff.createGuard.artistExists', defaultMessage: 'An artist with the address {id} exists ({name}): edit it or choose another name.' }, { id, name });
  }
}

/** Why a create came back refused, when the reason is that the document exists. */
export class CreateRefused extends Error {
  constructor(readonly id: string) {
    super(`${id} exists`);
    this.name = 'CreateRefused';
  }
}

export function refusedMessage(intl: IntlShape, error: CreateRefused): string {
  return intl.formatMessage(
    {
      id: 'staff.createGuard.refused',
      defaultMessage: 'Not saved: {id} was created meanwhile (on another device, or while this one was offline). Nothing was overwritten: open it or choose another address.',
    },
    { id: error.id },
  );
}

/**
 * A create's error, explained: a refusal (permission-denied) where the server now holds the
 * document becomes `CreateRefused`; any other error (lost staff rights, a bad field) stays as it
 * was, for `ErrorNotice`.
 */
export async function explainRefusedCreate(ref: DocumentReference, error: unknown): Promise<unknown> {
  if ((error as { code?: unknown } | null)?.code !== 'permission-denied') return error;
  try {
    return (await getDocFromServer(ref)).exists() ? new CreateRefused(ref.id) : error;
  } catch {
    // The server cannot be asked right now: what this device holds (its listener has the server's copy).
    return (await getDoc(ref).catch(() => null))?.exists() ? new CreateRefused(ref.id) : error;
  }
}
