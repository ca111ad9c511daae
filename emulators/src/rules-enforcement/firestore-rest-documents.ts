/**
 * `firestore.get()`/`firestore.exists()` for Storage rules: documents of the `(default)`
 * database read from a Firestore emulator over its REST API with the owner credential,
 * as the official Storage emulator asks the Firestore emulator. Over HTTP so the two
 * emulators need not share a process.
 */
import type { DocumentAccessor, FirestoreDocument } from '../rules/index.js';
import { RulesEvaluationError } from '../rules/index.js';

/** `origin` is `http://host:port` of the Firestore emulator. */
export function firestoreRestDocuments(origin: string, projectId: string): DocumentAccessor {
  const base = `${origin}/v1/projects/${encodeURIComponent(projectId)}/databases/(default)/documents/`;
  return async (documentPath) => {
    const url = base + documentPath.split('/').map(encodeURIComponent).join('/');
    const response = await fetch(url, { headers: { Authorization: 'Bearer owner' } });
    if (response.status === 404) return null;
    // Any other failure is an evaluation error: the condition that read it counts as false.
    if (!response.ok) throw new RulesEvaluationError(`firestore.get(${documentPath}) failed: HTTP ${response.status}`);
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
