/**
 * One `Write` (write.proto) applied to the current state of its document: preconditions,
 * set / update with a field mask, delete, verify, then field transforms. Pure: returns the
 * new state and the WriteResult; the database commits a batch of these atomically.
 */
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from '../errors.js';
import { formatFieldPath, parseFieldPath, isPrefixOf, type FieldPath } from './field-path.js';
import { parseDocumentName, sameDatabase, type DatabaseId } from './paths.js';
import type { StoredDocument } from './store.js';
import { formatTimestamp, parseTimestamp, type Nanos } from './time.js';
import { applyFieldTransform } from './transforms.js';
import { checkDocumentSize, normalizeFields } from './validate.js';
import { cloneFields, deleteField, getField, identicalFields, setField, type Value } from './values.js';

export interface ParsedWrite {
  kind: 'update' | 'delete' | 'verify' | 'transform';
  name: string;
  path: string;
  write: Record<string, unknown>;
}

export interface WriteOutcome {
  doc: StoredDocument | null;
  /** The write changed the document (so listeners and the change feed hear of it). */
  changed: boolean;
  result: { updateTime?: string; transformResults: Value[] };
}

const WRITE_KEYS = new Set(['update', 'delete', 'verify', 'transform', 'updateMask', 'updateTransforms', 'currentDocument']);

export function parseWrite(raw: unknown, db: DatabaseId, index = 0): ParsedWrite {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidArgument('Each write must be an object.');
  const write = raw as Record<string, unknown>;
  for (const key of Object.keys(write)) {
    if (!WRITE_KEYS.has(key)) throw invalidArgument(`Invalid JSON payload received. Unknown name "${key}" at 'writes[${index}]': Cannot find field.`);
  }
  const kinds = (['update', 'delete', 'verify', 'transform'] as const).filter((k) => write[k] !== undefined && write[k] !== null);
  if (kinds.length !== 1) throw invalidArgument('A write must have exactly one of update, delete, verify or transform.');
  const kind = kinds[0]!;
  const target = write[kind];
  const name = kind === 'update' ? (target as { name?: unknown }).name : kind === 'transform' ? (target as { document?: unknown }).document : target;
  const parsed = parseDocumentName(name);
  if (!sameDatabase(parsed.db, db)) throw invalidArgument(`Document "${String(name)}" is not in database ${db.projectId}/${db.databaseId}.`);
  return { kind, name: name as string, path: parsed.segments.join('/'), write };
}

/** What earlier writes of the same commit did to this write's document. */
export interface CommitHistory {
  /** An earlier write in this commit deleted the document. */
  deletedEarlier?: boolean;
}

function checkPrecondition(write: ParsedWrite, current: StoredDocument | null, history: CommitHistory): void {
  const precondition = write.write.currentDocument as { exists?: boolean; updateTime?: string } | undefined;
  if (precondition === undefined || precondition === null) return;
  if (precondition.exists !== undefined && precondition.updateTime !== undefined) {
    throw invalidArgument('A precondition can set exists or updateTime, not both.');
  }
  // Production refuses the commit itself (not the document's state) when it deletes a
  // document and then updates it (firebase-js-sdk transactions.test.ts: delete, update).
  if (precondition.exists === true && current === null && history.deletedEarlier) {
    throw invalidArgument(`Cannot update a document deleted earlier in the same commit: ${write.name}`);
  }
  if (precondition.exists === true && current === null) throw notFound(`No document to update: ${write.name}`);
  if (precondition.exists === false && current !== null) throw alreadyExists(`Document already exists: ${write.name}`);
  if (precondition.updateTime !== undefined) {
    const required = parseTimestamp(precondition.updateTime);
    if (current === null || current.updateTime !== required) {
      throw failedPrecondition(
        current === null
          ? `No document to update: ${write.name}`
          : `The stored version (${formatTimestamp(current.updateTime)}) does not match the required base version (${formatTimestamp(required)}) of ${write.name}.`,
      );
    }
  }
}

function maskPaths(write: ParsedWrite): FieldPath[] | undefined {
  const mask = write.write.updateMask as { fieldPaths?: unknown } | undefined;
  if (mask === undefined || mask === null) return undefined;
  const paths = mask.fieldPaths ?? [];
  if (!Array.isArray(paths)) throw invalidArgument('updateMask.fieldPaths must be a list.');
  return paths.map((path) => parseFieldPath(path));
}

function transformsOf(write: ParsedWrite): Record<string, unknown>[] {
  const list =
    write.kind === 'transform'
      ? ((write.write.transform as { fieldTransforms?: unknown }).fieldTransforms ?? [])
      : (write.write.updateTransforms ?? []);
  if (!Array.isArray(list)) throw invalidArgument('updateTransforms must be a list.');
  return list as Record<string, unknown>[];
}

/** Checks what can be checked without the current document (shape, values, paths, limits). */
export function validateWrite(write: ParsedWrite): void {
  if (write.kind === 'update') {
    const update = write.write.update as { fields?: unknown };
    normalizeFields(update.fields ?? {});
    maskPaths(write);
  }
  const transformed: FieldPath[] = [];
  for (const transform of transformsOf(write)) {
    const path = parseFieldPath(transform.fieldPath);
    if (transformed.some((other) => isPrefixOf(other, path) || isPrefixOf(path, other))) {
      throw invalidArgument(`Field ${formatFieldPath(path)} is transformed more than once (or with a parent) in one write.`);
    }
    transformed.push(path);
  }
}

export function applyWrite(write: ParsedWrite, current: StoredDocument | null, commitTime: Nanos, history: CommitHistory = {}): WriteOutcome {
  checkPrecondition(write, current, history);
  if (write.kind === 'verify') return { doc: current, changed: false, result: { transformResults: [] } };
  if (write.kind === 'delete') {
    return { doc: null, changed: current !== null, result: { transformResults: [] } };
  }
  let fields = current === null ? {} : cloneFields(current.fields);
  if (write.kind === 'update') {
    const update = write.write.update as { fields?: unknown };
    const incoming = normalizeFields(update.fields ?? {});
    const mask = maskPaths(write);
    if (mask === undefined) {
      fields = incoming;
    } else {
      for (const path of mask) {
        const value = getField(incoming, path);
        if (value === undefined) deleteField(fields, path);
        else setField(fields, path, structuredClone(value));
      }
    }
  }
  const transformResults: Value[] = [];
  for (const transform of transformsOf(write)) {
    const path = parseFieldPath(transform.fieldPath);
    const applied = applyFieldTransform(transform, getField(fields, path), commitTime);
    setField(fields, path, applied.value);
    transformResults.push(applied.result);
  }
  checkDocumentSize(write.name, write.path, fields);
  if (current !== null && identicalFields(current.fields, fields)) {
    // Nothing changed: production keeps the update time (so a transaction that re-reads it
    // settles) and reports it as the write's update time; listeners hear nothing.
    return { doc: current, changed: false, result: { updateTime: formatTimestamp(current.updateTime), transformResults } };
  }
  const doc: StoredDocument = {
    path: write.path,
    fields,
    createTime: current?.createTime ?? commitTime,
    updateTime: commitTime,
  };
  return { doc, changed: true, result: { updateTime: formatTimestamp(commitTime), transformResults } };
}
