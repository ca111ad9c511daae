/**
 * Cloud Firestore requests: paths, `request`/`resource`, `get()`/`exists()`/`getAfter()`/
 * `existsAfter()`, and list queries (see query.ts for how a list rule is judged against
 * a query rather than against documents).
 */
import type { AuthContext } from '../common/auth.js';
import type { RulesFile } from './ast.js';
import type { RulesCoverage } from './coverage.js';
import { decide, summarize, type DecideOutcome, type PreparedDecision, type RequestMethod } from './decide.js';
import { DocumentAccessBudget, DocumentReads, type DocumentAccessor } from './documents.js';
import { RulesEvaluationError } from './errors.js';
import { documentResource, type FirestoreDocument } from './firestore-values.js';
import { Interpreter } from './interpreter.js';
import { UNKNOWN_ID, UNKNOWN_PREFIX, type RequestSegment } from './matcher.js';
import { queryResource, queryVariants, requestQuery, type StructuredQueryJson } from './query.js';
import { authValue, timeValue, type RequestTime } from './request-values.js';
import { RulesMap, RulesPath, type Value } from './values.js';

export interface FirestoreRequest {
  method: RequestMethod;
  /** Database id; `(default)` unless given. */
  database?: string;
  /**
   * For get/create/update/delete: the document path relative to `documents/`
   * (`users/alice`). For list: the collection path (`users`, `users/alice/posts`), or just
   * the collection id for a collection-group query.
   */
  path: string;
  /** `request.auth`; null when signed out. */
  auth: AuthContext | null;
  /** `request.time`; now unless given (writes pass their commit time, exact to the nanosecond). */
  time?: RequestTime;
  /** The stored document (`resource`); null or absent when it does not exist. Ignored for list. */
  resource?: FirestoreDocument | null;
  /** For create/update: the whole document as it would be after the write (`request.resource`). */
  incoming?: FirestoreDocument | null;
  /** For list: the query, as the StructuredQuery's proto3 JSON. */
  query?: StructuredQueryJson;
  /** For list: a collection-group query over every collection with id `path`. */
  collectionGroup?: boolean;
  /** Backs `get()`/`exists()`: the database as it is before this request. */
  documents?: DocumentAccessor;
  /** Backs `getAfter()`/`existsAfter()`: the database as it would be after the write (batch included). */
  documentsAfter?: DocumentAccessor;
  /** Share one budget across the writes of a batch or transaction (limit 20); else 10 for this request. */
  budget?: DocumentAccessBudget;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * Accepts a path relative to `documents/` or a full resource name
 * (`projects/p/databases/d/documents/users/alice`), whose database then wins.
 */
function locate(request: FirestoreRequest): { database: string; relative: string[] } {
  const segments = splitPath(request.path);
  const documents = segments.indexOf('documents');
  if (segments[0] === 'projects' && segments[2] === 'databases' && documents === 4) {
    return { database: segments[3]!, relative: segments.slice(5) };
  }
  return { database: request.database ?? '(default)', relative: segments };
}

/** Builds the evaluation of one Firestore request; settle it with settleDecision(Sync). */
export function prepareFirestore(rules: RulesFile, coverage: RulesCoverage, request: FirestoreRequest): PreparedDecision {
  const { database, relative } = locate(request);
  const isList = request.method === 'list';
  if (!isList && (relative.length === 0 || relative.length % 2 !== 0)) {
    throw new RulesEvaluationError(`'${request.path}' is not a document path`);
  }
  const root: RequestSegment[] = ['databases', database, 'documents'];
  const pathText = `/databases/${database}/documents/${relative.join('/')}`;
  const reads = new DocumentReads(database, request.budget ?? new DocumentAccessBudget(10));
  const debug: string[] = [];
  const service = {
    functions: {
      get: reads.reader('get', request.documents, 'get'),
      exists: reads.reader('exists', request.documents, 'exists'),
      getAfter: reads.reader('getAfter', request.documentsAfter, 'get', 'after'),
      existsAfter: reads.reader('existsAfter', request.documentsAfter, 'exists', 'after'),
    },
  };
  const baseRequest: Record<string, Value> = {
    auth: authValue(request.auth),
    method: request.method,
    path: new RulesPath(['databases', database, 'documents', ...relative]),
    time: timeValue(request.time),
  };

  let variants: ReturnType<typeof queryVariants> = [];
  if (isList) {
    try {
      variants = queryVariants(request.query);
    } catch (error) {
      if (!(error instanceof RulesEvaluationError)) throw error;
      return { ready: { allowed: false, reason: `Denied list on ${pathText}: ${error.message}`, evaluations: [], debug: [] } };
    }
  }

  const run = (): DecideOutcome => {
    debug.length = 0;
    const interpreter = new Interpreter({ service, debug: (line) => debug.push(line) });
    if (!isList) {
      const resource = request.resource ? documentResource(database, relative, request.resource) : null;
      const requestMap: Record<string, Value> = { ...baseRequest };
      if (request.method === 'create' || request.method === 'update') {
        requestMap.resource = request.incoming ? documentResource(database, relative, request.incoming) : null;
      } else if (request.method === 'delete') {
        requestMap.resource = null;
      }
      return decide({ rules, method: request.method, path: [...root, ...relative], globals: { request: RulesMap.of(requestMap), resource }, interpreter });
    }
    // A list request: every variant of the query must be allowed.
    const requestMap = RulesMap.of({ ...baseRequest, query: requestQuery(request.query) });
    const evaluations: DecideOutcome['evaluations'] = [];
    for (const variant of variants) {
      const id: RequestSegment = variant.documentId ?? UNKNOWN_ID;
      const path: RequestSegment[] = request.collectionGroup ? [...root, UNKNOWN_PREFIX, ...relative, id] : [...root, ...relative, id];
      const result = decide({ rules, method: 'list', path, globals: { request: requestMap, resource: queryResource(variant) }, interpreter });
      evaluations.push(...result.evaluations);
      if (!result.allowed) return { allowed: false, evaluations };
    }
    return { allowed: true, evaluations };
  };
  const finish = (outcome: DecideOutcome) => summarize(outcome.allowed, outcome.evaluations, coverage, debug, pathText, request.method);
  return { reads, run, finish };
}
