/**
 * Firestore security rules in the Firestore emulator: one access request, as the emulator's
 * `authorize` seam describes it, decided by the rules engine with the source the emulator
 * holds for the project, and phrased as the official emulator phrases a denial
 * (`false for 'create' @ L12, ...`).
 *
 * Without rules for the project everything is allowed (as the emulator did before rules
 * were loaded); rules that do not compile deny everything (they can only get there through
 * an import: `setRules`, the admin endpoint and the file watcher refuse them).
 */
import type { AuthContext } from '../common/auth.js';
import type { FirestoreDocumentJson } from '../common/events.js';
import type { Authorize, DocumentLookup } from '../firestore/engine/access.js';
import {
  DocumentAccessBudget,
  RulesParseError,
  values,
  type Decision,
  type DocumentAccessor,
  type FirestoreDocument,
  type RequestMethod,
  type RequestTime,
  type StructuredQueryJson,
} from '../rules/index.js';
import { compileRules } from './compiled-rules.js';

export interface FirestoreAccess {
  databaseId: string;
  method: RequestMethod;
  /** Relative to `documents/`: the document, or for list the collection (its id alone for a collection group). */
  path: string;
  auth: AuthContext | null;
  /** `request.time`, exact: the commit time for writes, so server timestamps resolved to it equal it. */
  time: RequestTime;
  resource: FirestoreDocument | null;
  incoming: FirestoreDocument | null;
  query?: StructuredQueryJson;
  collectionGroup?: boolean;
  /** The database before the request (`get`, `exists`). */
  documents: DocumentAccessor;
  /** The database after the whole commit (`getAfter`, `existsAfter`); writes only. */
  documentsAfter?: DocumentAccessor;
  /** The same object for every write of one commit: they share one budget of 20 document reads. */
  commit?: object;
}

export interface AccessVerdict {
  allowed: boolean;
  /** For PERMISSION_DENIED: what the official emulator would say. */
  message: string;
}

const commitBudgets = new WeakMap<object, DocumentAccessBudget>();

function budgetFor(commit: object | undefined): DocumentAccessBudget {
  if (!commit) return new DocumentAccessBudget(10);
  let budget = commitBudgets.get(commit);
  if (!budget) commitBudgets.set(commit, (budget = new DocumentAccessBudget(20)));
  return budget;
}

export function decideFirestoreAccess(source: string | undefined, access: FirestoreAccess): AccessVerdict {
  if (source === undefined) return { allowed: true, message: 'No rules loaded' };
  let decision: Decision;
  try {
    decision = compileRules(source, 'cloud.firestore').authorizeFirestoreSync({
      method: access.method,
      database: access.databaseId,
      path: access.path,
      auth: access.auth,
      time: access.time,
      resource: access.resource,
      incoming: access.incoming,
      ...(access.query ? { query: access.query } : {}),
      ...(access.collectionGroup ? { collectionGroup: true } : {}),
      documents: access.documents,
      ...(access.documentsAfter ? { documentsAfter: access.documentsAfter } : {}),
      budget: budgetFor(access.commit),
    });
  } catch (error) {
    if (error instanceof RulesParseError) return { allowed: false, message: `The rules in force do not compile: ${error.message}` };
    throw error;
  }
  return { allowed: decision.allowed, message: denialMessage(decision, access.method) };
}

/** `false for 'update' @ L6, Null value error. for 'update' @ L12`, as the official emulator says it. */
function denialMessage(decision: Decision, method: RequestMethod): string {
  if (decision.allowed) return decision.reason;
  if (decision.evaluations.length === 0) return decision.reason.startsWith('No allow statement') ? 'No matching allow statements' : decision.reason;
  return decision.evaluations.map((e) => `${e.outcome === 'error' ? e.error : 'false'} for '${method}' @ L${e.line}`).join(', ');
}

/** The Firestore emulator's default access check: the rules each project has loaded decide. */
export function enforceFirestoreRules(rulesFor: (projectId: string) => string | undefined): Authorize {
  return (request) => {
    const name = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(request.path);
    if (!name) return { allowed: false, message: `Not a document or collection name: ${request.path}` };
    const [, projectId, databaseId, relative = ''] = name;
    const collectionGroup = request.query?.collectionGroup === true;
    return decideFirestoreAccess(rulesFor(projectId!), {
      databaseId: databaseId!,
      method: request.method,
      // A collection group is judged by its collection id (the seam joins it to the parent).
      path: collectionGroup ? relative.slice(relative.lastIndexOf('/') + 1) : relative,
      auth: request.caller.kind === 'user' ? request.caller.auth : null,
      // The exact commit time (microseconds), not the millisecond Date beside it.
      time: values.Timestamp.parse(request.timestamp),
      resource: request.resource && asDocument(request.resource),
      incoming: request.incoming && asDocument(request.incoming),
      ...(request.query ? { query: request.query.structuredQuery as StructuredQueryJson, collectionGroup } : {}),
      documents: lookupOf(request.documents),
      ...(request.documentsAfter ? { documentsAfter: lookupOf(request.documentsAfter) } : {}),
      ...(request.commit ? { commit: request.commit } : {}),
    });
  };
}

/** For `PUT /emulator/v1/projects/{p}:securityRules`: why a source is refused (line and column), or undefined. */
export function firestoreRulesRefusal(source: string): string | undefined {
  try {
    compileRules(source, 'cloud.firestore');
    return undefined;
  } catch (error) {
    if (error instanceof RulesParseError) return `Error compiling rules: ${error.message}`;
    throw error;
  }
}

const asDocument = (document: FirestoreDocumentJson): FirestoreDocument => ({ fields: document.fields as FirestoreDocument['fields'] });

const lookupOf =
  (lookup: DocumentLookup): DocumentAccessor =>
  (path) => {
    const document = lookup(path);
    return document && asDocument(document);
  };
