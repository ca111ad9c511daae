/**
 * Cloud Storage requests: `/b/{bucket}/o/{object path}` paths, the object metadata as
 * `resource` and `request.resource`, and `firestore.get()`/`firestore.exists()`.
 *
 * As in firebase-tools' storage emulator (`storage/files.js`, `rules/runtime.js`):
 * a list request is checked at its prefix's path (`/b/bkt/o/users/u1` for `users/u1/`),
 * with `resource` null; `request.resource` is null except on create and update;
 * list requests are denied under rules_version 1.
 */
import type { AuthContext } from '../common/auth.js';
import type { RulesFile } from './ast.js';
import type { RulesCoverage } from './coverage.js';
import { decide, summarize, type PreparedDecision, type RequestMethod } from './decide.js';
import { DocumentAccessBudget, DocumentReads, type DocumentAccessor } from './documents.js';
import { Interpreter } from './interpreter.js';
import { authValue, fromJson, timeValue, type RequestTime } from './request-values.js';
import { RulesMap, RulesPath, Timestamp, type Value } from './values.js';

/** Object metadata as rules see it (GCS/Firebase names; numbers may be strings, as GCS sends them). */
export interface StorageObjectMetadata {
  name: string;
  bucket: string;
  size: number | string;
  contentType?: string | null;
  /** Custom metadata (`customMetadata` in the web SDK). */
  metadata?: Record<string, string> | null;
  md5Hash?: string | null;
  crc32c?: string | null;
  etag?: string | null;
  generation?: number | string | null;
  metageneration?: number | string | null;
  timeCreated?: Date | string | null;
  updated?: Date | string | null;
  contentDisposition?: string | null;
  contentEncoding?: string | null;
  contentLanguage?: string | null;
  cacheControl?: string | null;
}

export interface StorageRequest {
  method: RequestMethod;
  bucket: string;
  /** The object name (`users/u1/photo.png`); for list, the prefix (trailing slashes ignored). */
  path: string;
  auth: AuthContext | null;
  /** `request.time`; now unless given. */
  time?: RequestTime;
  /** The stored object's metadata (`resource`); null when it does not exist. */
  resource?: StorageObjectMetadata | null;
  /** For create/update: the metadata the object would have afterwards (`request.resource`). */
  incoming?: StorageObjectMetadata | null;
  /** Backs `firestore.get()`/`firestore.exists()` (documents of the `(default)` database). */
  firestore?: DocumentAccessor;
  /** Limit on distinct documents read through `firestore.*`; 10 unless given. */
  budget?: DocumentAccessBudget;
}

const optionalInt = (value: number | string | null | undefined): Value => (value === null || value === undefined || value === '' ? null : BigInt(value));
const optionalTime = (value: Date | string | null | undefined): Value =>
  value === null || value === undefined ? null : value instanceof Date ? Timestamp.fromDate(value) : Timestamp.parse(value);
const optionalString = (value: string | null | undefined): Value => value ?? null;

/** The fields the official emulator passes (`StoredFileMetadata.asRulesResource`); absent ones are null. */
export function storageResource(object: StorageObjectMetadata): RulesMap {
  return RulesMap.of({
    name: object.name,
    bucket: object.bucket,
    generation: optionalInt(object.generation),
    metageneration: optionalInt(object.metageneration),
    size: BigInt(object.size),
    timeCreated: optionalTime(object.timeCreated),
    updated: optionalTime(object.updated),
    md5Hash: optionalString(object.md5Hash),
    crc32c: optionalString(object.crc32c),
    etag: optionalString(object.etag),
    contentDisposition: optionalString(object.contentDisposition),
    contentEncoding: optionalString(object.contentEncoding),
    contentLanguage: optionalString(object.contentLanguage),
    contentType: optionalString(object.contentType),
    cacheControl: optionalString(object.cacheControl),
    metadata: fromJson(object.metadata ?? {}),
  });
}

/** Builds the evaluation of one Storage request; settle it with settleDecision(Sync). */
export function prepareStorage(rules: RulesFile, coverage: RulesCoverage, request: StorageRequest): PreparedDecision {
  const segments = ['b', request.bucket, 'o', ...request.path.split('/').filter((s) => s !== '')];
  const pathText = '/' + segments.join('/');
  if (request.method === 'list' && rules.rulesVersion !== '2') {
    return { ready: { allowed: false, reason: "Permission denied. List operations are only allowed for rules_version='2'.", evaluations: [], debug: [] } };
  }
  const reads = new DocumentReads('(default)', request.budget ?? new DocumentAccessBudget(10));
  const debug: string[] = [];
  const service = {
    functions: {
      'firestore.get': reads.reader('firestore.get', request.firestore, 'get'),
      'firestore.exists': reads.reader('firestore.exists', request.firestore, 'exists'),
    },
  };
  const isWrite = request.method === 'create' || request.method === 'update';
  const requestMap = RulesMap.of({
    auth: authValue(request.auth),
    method: request.method,
    path: new RulesPath(segments),
    time: timeValue(request.time),
    resource: isWrite && request.incoming ? storageResource(request.incoming) : null,
  });
  const resource = request.method !== 'list' && request.resource ? storageResource(request.resource) : null;
  const run = () => {
    debug.length = 0;
    const interpreter = new Interpreter({ service, debug: (line) => debug.push(line) });
    return decide({ rules, method: request.method, path: segments, globals: { request: requestMap, resource }, interpreter });
  };
  return { reads, run, finish: (outcome) => summarize(outcome.allowed, outcome.evaluations, coverage, debug, pathText, request.method) };
}
