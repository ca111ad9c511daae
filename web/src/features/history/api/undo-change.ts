import type { UndoChangeAnswer, UndoChangeRequest } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/** What to undo: a whole import (its batch) or one console edit (its entry). */
export type UndoTarget = { batchId: string } | { entryId: string };

/** `undoChange` (issue 36): with `dryRun`, what would change back (or why not), writing nothing. */
export async function undoChange(target: UndoTarget, dryRun: boolean): Promise<UndoChangeAnswer> {
  const call = httpsCallable<UndoChangeRequest, UndoChangeAnswer>(functions(), 'undoChange');
  return (await call({ festivalId: appConfig.festivalId, ...target, ...(dryRun ? { dryRun: true } : {}) })).data;
}
