/**
 * Structured queries (query.proto `StructuredQuery`): planning (the implicit orderBy rules)
 * and evaluation over the store: filters incl. composite AND/OR, orderBy, cursors, offset,
 * limit, collection groups, select. Semantics mirror the backend (and the web SDK's local
 * matcher, core/filter.ts): typed comparisons, `!=`/`not-in` skip missing and null fields.
 */
import { invalidArgument } from '../errors.js';
import { compareFieldPaths, isKeyPath, parseFieldPath, type FieldPath } from './field-path.js';
import { joinPath, parseResourceName, validateCollectionId, type DatabaseId, documentsRoot } from './paths.js';
import type { DocumentStore, StoredDocument } from './store.js';
import type { Nanos } from './time.js';
import { normalizeValue } from './validate.js';
import { arrayValues, compareValues, getField, isNaNValue, typeOrder, valuesEqual, type Fields, type Value } from './values.js';
import { nearest, planFindNearest, type NearestPlan } from './vector.js';

type Direction = 'ASCENDING' | 'DESCENDING';

interface OrderClause {
  path: FieldPath;
  direction: Direction;
}

type Predicate = (doc: StoredDocument) => boolean;

interface Cursor {
  values: Value[];
  before: boolean;
}

export interface PlannedQuery {
  /** Path of the parent document ('' for the root). */
  parent: string;
  /** Undefined for a kindless query (`allDescendants` without a collection id: every document under `parent`). */
  collectionId?: string;
  allDescendants: boolean;
  predicate: Predicate;
  orderBy: OrderClause[];
  startAt?: Cursor;
  endAt?: Cursor;
  offset: number;
  limit?: number;
  select?: FieldPath[];
  /** Vector search: the nearest documents after the filters, in distance order (engine/vector.ts). */
  findNearest?: NearestPlan;
  /** Whether the result can change when documents outside it change (limit / offset windows). */
  windowed: boolean;
  /**
   * The matching documents in any order (an aggregation over all of them): no sort. A count of
   * a hot set's thousands of favourites, recounted every second, spent most of its time sorting.
   */
  unordered?: boolean;
  /** The `structuredQuery` as received (for the access check). */
  source: unknown;
}

const INEQUALITY_OPS = new Set(['LESS_THAN', 'LESS_THAN_OR_EQUAL', 'GREATER_THAN', 'GREATER_THAN_OR_EQUAL', 'NOT_EQUAL', 'NOT_IN']);

function enumName(value: unknown, names: string[]): string {
  if (typeof value === 'number') return names[value] ?? 'UNSPECIFIED';
  return typeof value === 'string' ? value : 'UNSPECIFIED';
}

const FIELD_OP_BY_NUMBER: Record<number, string> = {
  1: 'LESS_THAN',
  2: 'LESS_THAN_OR_EQUAL',
  3: 'GREATER_THAN',
  4: 'GREATER_THAN_OR_EQUAL',
  5: 'EQUAL',
  6: 'NOT_EQUAL',
  7: 'ARRAY_CONTAINS',
  8: 'IN',
  9: 'ARRAY_CONTAINS_ANY',
  10: 'NOT_IN',
};
const UNARY_OP_BY_NUMBER: Record<number, string> = { 2: 'IS_NAN', 3: 'IS_NULL', 4: 'IS_NOT_NAN', 5: 'IS_NOT_NULL' };
const COMPOSITE_OP_BY_NUMBER: Record<number, string> = { 1: 'AND', 2: 'OR' };

function opName(value: unknown, byNumber: Record<number, string>): string {
  if (typeof value === 'number') return byNumber[value] ?? 'OPERATOR_UNSPECIFIED';
  return typeof value === 'string' ? value : 'OPERATOR_UNSPECIFIED';
}

/** A filter's operator by name, whether it came as a proto enum number or a name (engine/indexes.ts). */
export function filterOperator(kind: 'field' | 'unary' | 'composite', value: unknown): string {
  return opName(value, kind === 'field' ? FIELD_OP_BY_NUMBER : kind === 'unary' ? UNARY_OP_BY_NUMBER : COMPOSITE_OP_BY_NUMBER);
}

function directionOf(value: unknown): Direction {
  const name = enumName(value, ['DIRECTION_UNSPECIFIED', 'ASCENDING', 'DESCENDING']);
  return name === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING';
}

function fieldRef(raw: unknown): FieldPath {
  return parseFieldPath((raw as { fieldPath?: unknown } | undefined)?.fieldPath);
}

/** The value at a field path, with `__name__` giving the document's reference. */
function fieldValue(doc: StoredDocument, path: FieldPath, root: string): Value | undefined {
  if (isKeyPath(path)) return { referenceValue: `${root}/${doc.path}` };
  return getField(doc.fields, path);
}

interface FilterPlan {
  predicate: Predicate;
  inequalityFields: FieldPath[];
  /** An `==` on `__name__` somewhere in the filter (refused beside inequalities on other fields). */
  keyEquality?: boolean;
}

/**
 * Null and NaN are only matched by the unary IS_NULL / IS_NAN filters (and `not-in`'s rules):
 * as operands of ranges, `in`, `array-contains` and `array-contains-any` they match nothing,
 * as in production (firebase-js-sdk's query integration tests pin each case).
 */
const unmatchable = (value: Value) => 'nullValue' in value || isNaNValue(value);

function planFieldFilter(filter: Record<string, unknown>, root: string): FilterPlan {
  const path = fieldRef(filter.field);
  const op = opName(filter.op, FIELD_OP_BY_NUMBER);
  // Filter values may hold arrays inside arrays (`in [[1, 2]]` matches the array field [1, 2]).
  const operand = normalizeValue(filter.value, 0, { nestedArrays: true });
  if (isKeyPath(path)) checkKeyOperand(op, operand);
  const inequalityFields = INEQUALITY_OPS.has(op) ? [path] : [];
  const keyEquality = op === 'EQUAL' && isKeyPath(path);
  const get = (doc: StoredDocument) => fieldValue(doc, path, root);
  const range = (test: (order: number) => boolean): FilterPlan => ({
    predicate: (doc) => {
      const value = get(doc);
      return value !== undefined && !isNaNValue(value) && !isNaNValue(operand) && typeOrder(value) === typeOrder(operand) && test(compareValues(value, operand));
    },
    inequalityFields,
  });
  switch (op) {
    case 'LESS_THAN':
      return range((c) => c < 0);
    case 'LESS_THAN_OR_EQUAL':
      return range((c) => c <= 0);
    case 'GREATER_THAN':
      return range((c) => c > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return range((c) => c >= 0);
    case 'EQUAL':
      return {
        predicate: (doc) => {
          const value = get(doc);
          return value !== undefined && typeOrder(value) === typeOrder(operand) && compareValues(value, operand) === 0;
        },
        inequalityFields,
        keyEquality,
      };
    case 'NOT_EQUAL':
      return {
        predicate: (doc) => {
          const value = get(doc);
          return value !== undefined && !('nullValue' in value) && !valuesEqual(value, operand);
        },
        inequalityFields,
      };
    case 'ARRAY_CONTAINS':
      return {
        predicate: (doc) => {
          const value = get(doc);
          return !unmatchable(operand) && value !== undefined && 'arrayValue' in value && arrayValues(value).some((element) => valuesEqual(element, operand));
        },
        inequalityFields,
      };
    case 'IN':
    case 'ARRAY_CONTAINS_ANY':
    case 'NOT_IN': {
      if (!('arrayValue' in operand)) throw invalidArgument(`A ${op} filter requires an array value.`);
      const candidates = arrayValues(operand);
      if (candidates.length === 0) throw invalidArgument(`A ${op} filter requires a non-empty array value.`);
      if (candidates.length > 30) throw invalidArgument(`A ${op} filter supports up to 30 elements in the value array.`);
      const contains = (value: Value) => candidates.some((candidate) => valuesEqual(candidate, value));
      const matchable = candidates.filter((candidate) => !unmatchable(candidate));
      const containsMatchable = (value: Value) => matchable.some((candidate) => valuesEqual(candidate, value));
      if (op === 'IN') return { predicate: (doc) => { const value = get(doc); return value !== undefined && containsMatchable(value); }, inequalityFields };
      if (op === 'ARRAY_CONTAINS_ANY') {
        return {
          predicate: (doc) => {
            const value = get(doc);
            return value !== undefined && 'arrayValue' in value && arrayValues(value).some(containsMatchable);
          },
          inequalityFields,
        };
      }
      const excludesNull = candidates.some((candidate) => 'nullValue' in candidate);
      return {
        predicate: (doc) => {
          if (excludesNull) return false;
          const value = get(doc);
          return value !== undefined && !('nullValue' in value) && !contains(value);
        },
        inequalityFields,
      };
    }
    default:
      throw invalidArgument(`Invalid field filter operator: ${String(filter.op)}`);
  }
}

function checkKeyOperand(op: string, operand: Value): void {
  const check = (value: Value) => {
    if (!('referenceValue' in value)) throw invalidArgument('__key__ filter value must be a Key');
    const parsed = parseResourceName(value.referenceValue, 'reference', true);
    if (parsed.segments.length === 0 || parsed.segments.length % 2 !== 0) throw invalidArgument('__key__ filter value must be a document reference.');
  };
  if (op === 'IN' || op === 'NOT_IN') arrayValues(operand).forEach(check);
  else if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') throw invalidArgument(`Invalid query: ${op} is not allowed on __name__.`);
  else check(operand);
}

function planUnaryFilter(filter: Record<string, unknown>, root: string): FilterPlan {
  const path = fieldRef(filter.field);
  const op = opName(filter.op, UNARY_OP_BY_NUMBER);
  const get = (doc: StoredDocument) => fieldValue(doc, path, root);
  switch (op) {
    case 'IS_NAN':
      return { predicate: (doc) => { const v = get(doc); return v !== undefined && isNaNValue(v); }, inequalityFields: [] };
    case 'IS_NULL':
      return { predicate: (doc) => { const v = get(doc); return v !== undefined && 'nullValue' in v; }, inequalityFields: [] };
    case 'IS_NOT_NAN':
      return {
        predicate: (doc) => { const v = get(doc); return v !== undefined && !('nullValue' in v) && !isNaNValue(v); },
        inequalityFields: [path],
      };
    case 'IS_NOT_NULL':
      return { predicate: (doc) => { const v = get(doc); return v !== undefined && !('nullValue' in v); }, inequalityFields: [path] };
    default:
      throw invalidArgument(`Invalid unary filter operator: ${String(filter.op)}`);
  }
}

function planFilter(raw: unknown, root: string): FilterPlan {
  if (typeof raw !== 'object' || raw === null) throw invalidArgument('Invalid filter.');
  const filter = raw as Record<string, unknown>;
  if (filter.fieldFilter) return planFieldFilter(filter.fieldFilter as Record<string, unknown>, root);
  if (filter.unaryFilter) return planUnaryFilter(filter.unaryFilter as Record<string, unknown>, root);
  if (filter.compositeFilter) {
    const composite = filter.compositeFilter as { op?: unknown; filters?: unknown };
    const op = opName(composite.op, COMPOSITE_OP_BY_NUMBER);
    if (!Array.isArray(composite.filters)) throw invalidArgument('A composite filter needs a list of filters.');
    const parts = composite.filters.map((part) => planFilter(part, root));
    const inequalityFields = parts.flatMap((part) => part.inequalityFields);
    const keyEquality = parts.some((part) => part.keyEquality === true);
    if (parts.length === 0) return { predicate: () => true, inequalityFields };
    if (op === 'AND') return { predicate: (doc) => parts.every((part) => part.predicate(doc)), inequalityFields, keyEquality };
    if (op === 'OR') return { predicate: (doc) => parts.some((part) => part.predicate(doc)), inequalityFields, keyEquality };
    throw invalidArgument(`Invalid composite filter operator: ${String(composite.op)}`);
  }
  throw invalidArgument('A filter must set fieldFilter, unaryFilter or compositeFilter.');
}

function planCursor(raw: unknown, orderBy: OrderClause[]): Cursor | undefined {
  if (raw === undefined || raw === null) return undefined;
  const cursor = raw as { values?: unknown; before?: unknown };
  const values = Array.isArray(cursor.values) ? cursor.values.map((value) => normalizeValue(value)) : [];
  if (values.length > orderBy.length) throw invalidArgument('Too many cursor values specified. The specified values must match the orderBy() constraints of the query.');
  return { values, before: cursor.before === true };
}

/**
 * The document key sorts last in every index, so production refuses an order that puts
 * anything after it (explicitly, or an inequality field the order has to add), and an
 * equality on the key beside inequalities on other fields (messages as production words them).
 */
function checkKeyPlacement(orderBy: OrderClause[], filter: FilterPlan): void {
  const keyAt = orderBy.findIndex((clause) => isKeyPath(clause.path));
  if (keyAt !== orderBy.length - 1) throw invalidArgument('order by clause cannot contain more fields after the key');
  const keyInequality = filter.inequalityFields.some(isKeyPath);
  const otherInequality = filter.inequalityFields.some((path) => !isKeyPath(path));
  if (filter.keyEquality && otherInequality && !keyInequality) {
    throw invalidArgument('Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.');
  }
}

const QUERY_KEYS = new Set(['select', 'from', 'where', 'orderBy', 'startAt', 'endAt', 'offset', 'limit', 'findNearest']);

/** Plans `structuredQuery` under `parent` (path relative to documents/, '' for root). */
const INT32_MAX = 2 ** 31 - 1;

/**
 * An int32 field of the request (`limit`, `offset`). Over REST a number no int32 holds (`1e30`,
 * `2147483648`) is refused in the words of Google's JSON parser, as production does; over gRPC
 * the varint is already cut to 32 bits by the decoder, as production's is, and a negative
 * result is refused below like any negative number.
 */
function int32(raw: unknown, field: string): number {
  const value = Number(raw);
  if (value >= -INT32_MAX - 1 && value <= INT32_MAX) return value;
  throw invalidArgument(`Invalid value at '${field}' (TYPE_INT32), ${typeof raw === 'string' ? `"${raw}"` : String(raw)}`);
}

export function planQuery(raw: unknown, parent: string, db: DatabaseId): PlannedQuery {
  if (typeof raw !== 'object' || raw === null) throw invalidArgument('Missing structured query.');
  const query = raw as Record<string, unknown>;
  for (const key of Object.keys(query)) {
    if (!QUERY_KEYS.has(key)) throw invalidArgument(`Invalid JSON payload received. Unknown name "${key}" at 'structured_query': Cannot find field.`);
  }
  const from = query.from;
  if (!Array.isArray(from) || from.length !== 1) throw invalidArgument('A query must have exactly one "from" collection selector.');
  const selector = from[0] as { collectionId?: unknown; allDescendants?: unknown };
  // firebase-admin's recursiveDelete() lists everything under a parent with a kindless query.
  const kindless = selector.allDescendants === true && (selector.collectionId === undefined || selector.collectionId === '');
  const collectionId = kindless ? undefined : validateCollectionId(selector.collectionId);
  const root = documentsRoot(db);
  const filter: FilterPlan = query.where === undefined || query.where === null ? { predicate: () => true, inequalityFields: [] } : planFilter(query.where, root);

  const explicit: OrderClause[] = (Array.isArray(query.orderBy) ? query.orderBy : []).map((clause: { field?: unknown; direction?: unknown }) => ({
    path: fieldRef(clause.field),
    direction: directionOf(clause.direction),
  }));
  const orderBy = [...explicit];
  const lastDirection = explicit.length > 0 ? explicit[explicit.length - 1]!.direction : 'ASCENDING';
  const ordered = (path: FieldPath) => orderBy.some((clause) => compareFieldPaths(clause.path, path) === 0);
  const inequalities = [...filter.inequalityFields].filter((path) => !isKeyPath(path)).sort(compareFieldPaths);
  for (const path of inequalities) if (!ordered(path)) orderBy.push({ path, direction: lastDirection });
  if (!orderBy.some((clause) => isKeyPath(clause.path))) orderBy.push({ path: ['__name__'], direction: lastDirection });
  checkKeyPlacement(orderBy, filter);

  const rawLimit = query.limit === undefined || query.limit === null ? undefined : ((query.limit as { value?: unknown }).value ?? query.limit);
  const limit = rawLimit === undefined ? undefined : int32(rawLimit, 'structured_query.limit');
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw invalidArgument('limit must be a non-negative integer.');
  const offset = int32(query.offset ?? 0, 'structured_query.offset');
  if (!Number.isInteger(offset) || offset < 0) throw invalidArgument('offset must be a non-negative integer.');
  const select = query.select
    ? ((query.select as { fields?: unknown[] }).fields ?? []).map((field) => fieldRef(field))
    : undefined;
  const findNearest = query.findNearest === undefined || query.findNearest === null ? undefined : planFindNearest(query.findNearest);
  return {
    parent,
    collectionId,
    allDescendants: selector.allDescendants === true,
    predicate: filter.predicate,
    orderBy,
    startAt: planCursor(query.startAt, orderBy),
    endAt: planCursor(query.endAt, orderBy),
    offset,
    limit,
    select,
    ...(findNearest ? { findNearest } : {}),
    windowed: limit !== undefined || offset > 0 || findNearest !== undefined,
    source: raw,
  };
}

export interface QueryContext {
  store: DocumentStore;
  root: string;
  readTime?: Nanos;
}

/** Whether a document path lies in the query's collection(s), whatever its contents. */
export function inQueryScope(query: PlannedQuery, path: string): boolean {
  const parentOfDoc = path.slice(0, path.lastIndexOf('/'));
  const collectionId = parentOfDoc.slice(parentOfDoc.lastIndexOf('/') + 1);
  if (query.collectionId !== undefined && collectionId !== query.collectionId) return false;
  if (query.allDescendants) return query.parent === '' || parentOfDoc.startsWith(`${query.parent}/`);
  return parentOfDoc === joinPath(query.parent, query.collectionId!);
}

/** Whether a document is in the query's collection(s) and passes its filters and orderBy fields. */
export function matchesQuery(query: PlannedQuery, doc: StoredDocument, root: string): boolean {
  if (!inQueryScope(query, doc.path)) return false;
  for (const clause of query.orderBy) if (fieldValue(doc, clause.path, root) === undefined) return false;
  return query.predicate(doc);
}

/** Orders a document against a cursor: <0 before it, 0 at it, >0 after it (in query order). */
function compareToCursor(query: PlannedQuery, doc: StoredDocument, cursor: Cursor, root: string): number {
  for (let i = 0; i < cursor.values.length; i++) {
    const clause = query.orderBy[i]!;
    let bound = cursor.values[i]!;
    if (isKeyPath(clause.path)) {
      if ('stringValue' in bound) bound = { referenceValue: `${root}/${joinPath(query.allDescendants ? query.parent : joinPath(query.parent, query.collectionId!), bound.stringValue as string)}` };
      if (!('referenceValue' in bound)) throw invalidArgument('The cursor value for __name__ must be a document reference.');
    }
    const c = compareValues(fieldValue(doc, clause.path, root)!, bound);
    if (c !== 0) return clause.direction === 'ASCENDING' ? c : -c;
  }
  return 0;
}

function withinCursors(query: PlannedQuery, doc: StoredDocument, root: string): boolean {
  if (query.startAt) {
    const c = compareToCursor(query, doc, query.startAt, root);
    if (c < 0 || (c === 0 && !query.startAt.before)) return false;
  }
  if (query.endAt) {
    const c = compareToCursor(query, doc, query.endAt, root);
    if (c > 0 || (c === 0 && query.endAt.before)) return false;
  }
  return true;
}

export function candidates(query: PlannedQuery, context: QueryContext): Iterable<StoredDocument> {
  return query.allDescendants
    ? context.store.inCollectionGroup(query.parent, query.collectionId, context.readTime)
    : context.store.inCollection(joinPath(query.parent, query.collectionId!), context.readTime);
}

/** Runs a planned query: matching documents in order, after cursors, offset and limit (no projection). */
export function runPlannedQuery(query: PlannedQuery, context: QueryContext): StoredDocument[] {
  const matched: StoredDocument[] = [];
  for (const doc of candidates(query, context)) {
    if (matchesQuery(query, doc, context.root) && withinCursors(query, doc, context.root)) matched.push(doc);
  }
  if (query.unordered && query.offset === 0 && query.limit === undefined && !query.findNearest) return matched;
  // Sort keys computed once per document, not once per comparison.
  const signs = query.orderBy.map((clause) => (clause.direction === 'ASCENDING' ? 1 : -1));
  const keyed = matched.map((doc) => ({ doc, keys: query.orderBy.map((clause) => fieldValue(doc, clause.path, context.root)!) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < signs.length; i++) {
      const c = compareValues(a.keys[i]!, b.keys[i]!);
      if (c !== 0) return c * signs[i]!;
    }
    return 0;
  });
  if (query.findNearest) return nearest(query.findNearest, keyed.map((entry) => entry.doc));
  const end = query.limit === undefined ? undefined : query.offset + query.limit;
  return keyed.slice(query.offset, end).map((entry) => entry.doc);
}

/** The projection of a document's fields for `select` (`__name__` only: no fields). */
export function project(fields: Fields, select: FieldPath[] | undefined): Fields {
  if (select === undefined) return fields;
  const out: Fields = {};
  for (const path of select) {
    if (isKeyPath(path)) continue;
    const value = getField(fields, path);
    if (value === undefined) continue;
    let target = out;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      const existing = target[key] as { mapValue?: { fields: Fields } } | undefined;
      if (!existing?.mapValue) target[key] = { mapValue: { fields: {} } };
      target = (target[key] as { mapValue: { fields: Fields } }).mapValue.fields;
    }
    target[path[path.length - 1]!] = value;
  }
  return out;
}

