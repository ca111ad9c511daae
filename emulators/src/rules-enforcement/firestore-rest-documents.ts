/**
 * `firestore.get()`/`firestore.exists()` for Storage rules: documents of the `(default)`
 * database read from a Firestore emulator over its REST API with the owner credential,
 * as the official Storage emulator asks the Firestore emulator (and as production's rules
 * service reads past Firestore's own rules). Over HTTP so the two emulators need not share
 * a process.
 *
 * As in production: a missing document is null (`exists` false, `.data` on it an error);
 * a read that fails (Firestore unreachable, slow past the deadline, or answering an error)
 * is an evaluation error where the rules call it ("Service call error"), so the condition
 * that needs the document is false. (The official emulator instead treats every failed
 * read as a missing document, which would make `!firestore.exists(...)` allow while
 * Firestore is down.) Which documents count against the access limit is the engine's
 * business (`../rules/documents.ts`).
 */
import type { DocumentAccessor, FirestoreDocument } from '../rules/index.js';
import { RulesEvaluationError } from '../rules/index.js';

/** How long one document read may take before the rule that needs it fails. */
export const DOCUMENT_READ_DEADLINE_MS = 10_000;

/** `origin` is `http://host:port` of the Firestore emulator. */
export function firestoreRestDocuments(origin: string, projectId: string, deadlineMs = DOCUMENT_READ_DEADLINE_MS): DocumentAccessor {
  const base = `${origin}/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents/`;
  return async (documentPath) => {
    const url = base + documentPath.split('/').map(encodeURIComponent).join('/');
    const failed = (why: string) => new RulesEvaluationError(`Service call error. Function: [firestore.get], Argument: [${documentPath}]: ${why}`);
    let response: Response;
    try {
      response = await fetch(url, { headers: { Authorization: 'Bearer owner' }, signal: AbortSignal.timeout(deadlineMs) });
    } catch (error) {
      const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw failed(cause);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw failed(`HTTP ${response.status}`);
    return (await response.json()) as FirestoreDocument;
  };
}

/**
 * The Firestore emulator the SDKs would find, `FIRESTORE_EMULATOR_HOST`, looked up on each
 * read (the stack sets it after both emulators are up). Unset, a read is an evaluation
 * error, so the condition that needs it denies.
 */
export function firestoreDocumentsFromEnvironment(projectId: string): DocumentAccessor {
  return (documentPath) => {
    const host = process.env.FIRESTORE_EMULATOR_HOST;
    if (!host) throw new RulesEvaluationError('firestore.get() needs a Firestore emulator: FIRESTORE_EMULATOR_HOST is not set');
    return firestoreRestDocuments(`http://${host}`, projectId)(documentPath);
  };
}
