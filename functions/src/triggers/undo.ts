import { HttpsError } from 'firebase-functions/v2/https';
import { onCall } from './bounded-call.js';
import { callableOptions } from '../config.js';
import { handleUndoChange, UndoRefusal } from '../handlers/undo-change.js';
import { liveDeps } from '../platform/live.js';
import { answer, caller } from './callable.js';

/**
 * `undoChange` (issue 36): wiring only; the work is in handlers/undo-change.ts. A refusal
 * because of a newer change carries it as `details.blocking` beside `details.reason`, so the
 * console names who changed what, and when.
 */
export const undoChange = onCall(callableOptions, (request) =>
  answer(async () => {
    try {
      return await handleUndoChange(liveDeps(), caller(request), request.data);
    } catch (error) {
      if (error instanceof UndoRefusal) throw new HttpsError(error.code, error.message, { reason: error.undoReason, blocking: error.blocking });
      throw error;
    }
  }),
);
