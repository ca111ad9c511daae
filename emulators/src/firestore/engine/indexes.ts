/**
 * Which indexes production would use for a query, and which one it lacks. The rules
 * (Firestore's planner, "Index types" and "Index merging" in its documentation):
 * - no filters and no order but `__name__`: the built-in document-name index;
 * - equality filters only (any number of fields): single-field indexes merged, or composite
 *   indexes that share the same order suffix (a==, b==, orderBy c: (a, c) + (b, c));
 * - one order/inequality field alone, or one array-contains alone: that field's single-field index;
 * - anything else (equalities with an order or inequality on another field, array-contains
 *   with other filters, several order fields): a composite index, in the query's scope;
 * - a collection-group query has single-field indexes only where `fieldOverrides` add them;
 * - vector search: a vector index on the field, after the prefilter fields;
 * - an OR query is planned branch by branch (its disjunctive normal form).
 * Explain's plan summary is built from the same choice.
 */
import { compareFieldPaths, formatFieldPath, isKeyPath, parseFieldPath, type FieldPath } from './field-path.js';
import { hasSingleFieldIndex, type CompositeIndex, type FieldMode, type IndexCatalog, type IndexField, type QueryScope } from './index-config.js';
import { filterOperator, type PlannedQuery } from './query.js';

type Direction = 'ASCENDING' | 'DESCENDING';

/** An index the planner reads: its fields and the `__name__` order that ends it. */
export interface IndexUse {
  queryScope: QueryScope;
  fields: IndexField[];
  nameDirection: Direction;
}

/** What the database lacks: a composite index, or a single-field index (a field override). */
export type MissingIndex =
  | { kind: 'composite'; index: CompositeIndex }
  | { kind: 'single-field'; collectionGroup: string; queryScope: QueryScope; path: FieldPath; mode: FieldMode };

export interface IndexPlan {
  collectionGroup?: string;
  queryScope: QueryScope;
  /** Every index read, over all branches (deduplicated). */
  used: IndexUse[];
  /** The first index the database lacks, if any. */
  missing?: MissingIndex;
}

type AtomKind = 'equality' | 'array' | 'inequality';

interface Atom {
  path: FieldPath;
  kind: AtomKind;
}

const EQUALITY_OPS = new Set(['EQUAL', 'IN', 'IS_NULL', 'IS_NAN']);
const ARRAY_OPS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);
/** Production refuses more disjunctions than this; planning stops there too. */
const MAX_BRANCHES = 100;

/** The filter as a disjunction of conjunctions of atoms. */
function disjunctiveNormalForm(raw: unknown): Atom[][] {
  if (typeof raw !== 'object' || raw === null) return [[]];
  const filter = raw as Record<string, { field?: { fieldPath?: unknown }; op?: unknown; filters?: unknown[] }>;
  const atom = (part: { field?: { fieldPath?: unknown }; op?: unknown }, kind: 'field' | 'unary'): Atom[][] => {
    const op = filterOperator(kind, part.op);
    const path = parseFieldPath(part.field?.fieldPath);
    return [[{ path, kind: EQUALITY_OPS.has(op) ? 'equality' : ARRAY_OPS.has(op) ? 'array' : 'inequality' }]];
  };
  if (filter.fieldFilter) return atom(filter.fieldFilter, 'field');
  if (filter.unaryFilter) return atom(filter.unaryFilter, 'unary');
  const composite = filter.compositeFilter;
  if (!composite || !Array.isArray(composite.filters)) return [[]];
  const parts = composite.filters.map(disjunctiveNormalForm);
  if (filterOperator('composite', composite.op) === 'OR') return parts.flat().slice(0, MAX_BRANCHES);
  let product: Atom[][] = [[]];
  for (const part of parts) {
    product = product.flatMap((left) => part.map((right) => [...left, ...right])).slice(0, MAX_BRANCHES);
  }
  return product;
}

function samePath(a: FieldPath, b: FieldPath): boolean {
  return compareFieldPaths(a, b) === 0;
}

function uniquePaths(paths: FieldPath[]): FieldPath[] {
  return paths.filter((path, i) => paths.findIndex((other) => samePath(other, path)) === i);
}

/** An index's fields without an explicit trailing `__name__`, and the `__name__` order that ends it. */
function splitName(fields: IndexField[]): { fields: IndexField[]; nameDirection: Direction } {
  const last = fields[fields.length - 1];
  if (last && isKeyPath(last.path) && (last.mode === 'ASCENDING' || last.mode === 'DESCENDING')) {
    return { fields: fields.slice(0, -1), nameDirection: last.mode };
  }
  return { fields, nameDirection: last?.mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' };
}

interface BranchNeed {
  equalities: FieldPath[];
  array?: FieldPath;
  order: IndexField[];
  nameDirection: Direction;
  vector?: IndexField;
}

function branchNeed(atoms: Atom[], query: PlannedQuery): BranchNeed {
  const equalities = uniquePaths(atoms.filter((atom) => atom.kind === 'equality' && !isKeyPath(atom.path)).map((atom) => atom.path));
  const array = atoms.find((atom) => atom.kind === 'array')?.path;
  // An order on a field held equal is constant: it needs no index position.
  const clauses = query.orderBy.filter((clause) => !equalities.some((path) => samePath(path, clause.path)));
  const last = clauses[clauses.length - 1];
  const nameDirection = last && isKeyPath(last.path) ? last.direction : 'ASCENDING';
  const ordered = last && isKeyPath(last.path) ? clauses.slice(0, -1) : clauses;
  const vector = query.findNearest ? { path: query.findNearest.field, mode: 'VECTOR' as const, dimension: query.findNearest.queryVector.length } : undefined;
  return {
    // A vector index holds every prefilter field (equality or range) before the vector field.
    equalities: vector ? uniquePaths([...equalities, ...ordered.map((clause) => clause.path)]) : equalities,
    ...(array ? { array } : {}),
    // Vector search orders by distance: any orderBy is superseded.
    order: vector ? [] : ordered.map((clause) => ({ path: clause.path, mode: clause.direction })),
    nameDirection,
    ...(vector ? { vector } : {}),
  };
}

function sameField(a: IndexField, b: IndexField): boolean {
  return samePath(a.path, b.path) && a.mode === b.mode && a.dimension === b.dimension;
}

/** The fields of the index production would ask for. */
function neededFields(need: BranchNeed): IndexField[] {
  const fields: IndexField[] = [
    ...need.equalities.map((path) => ({ path, mode: 'ASCENDING' as const })),
    ...(need.array ? [{ path: need.array, mode: 'CONTAINS' as const }] : []),
    ...need.order,
    ...(need.vector ? [need.vector] : []),
  ];
  const implicit = need.order.length > 0 ? need.order[need.order.length - 1]!.mode : 'ASCENDING';
  if (!need.vector && need.nameDirection !== implicit) fields.push({ path: ['__name__'], mode: need.nameDirection });
  return fields;
}

interface Candidate {
  use: IndexUse;
  /** The fields before the order suffix: what this index holds fixed. */
  prefix: IndexField[];
}

/** Indexes that can serve this branch: prefix of equality/array fields, then exactly the order suffix. */
function candidates(need: BranchNeed, catalog: IndexCatalog, collectionGroup: string, scope: QueryScope): Candidate[] {
  const suffix = need.vector ? [need.vector] : need.order;
  const out: Candidate[] = [];
  const consider = (fields: IndexField[], nameDirection: Direction) => {
    if (fields.length < suffix.length) return;
    const prefix = fields.slice(0, fields.length - suffix.length);
    const tail = fields.slice(fields.length - suffix.length);
    if (!tail.every((field, i) => sameField(field, suffix[i]!))) return;
    if (suffix.length > 0 && !need.vector && nameDirection !== need.nameDirection) return;
    const fits = prefix.every((field) =>
      field.mode === 'CONTAINS' ? need.array !== undefined && samePath(field.path, need.array) : field.mode !== 'VECTOR' && need.equalities.some((path) => samePath(path, field.path)),
    );
    if (fits) out.push({ use: { queryScope: scope, fields, nameDirection }, prefix });
  };
  for (const index of catalog.composites) {
    if (index.collectionGroup !== collectionGroup || index.queryScope !== scope) continue;
    const { fields, nameDirection } = splitName(index.fields);
    consider(fields, nameDirection);
  }
  // Single-field indexes: merged for equalities alone, or alone for one order field or one array-contains.
  const single = (path: FieldPath, mode: FieldMode) => {
    if (hasSingleFieldIndex(catalog, collectionGroup, scope, path, mode)) consider([{ path, mode }], mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING');
  };
  if (need.vector === undefined && need.order.length === 0 && need.array === undefined) {
    for (const path of need.equalities) {
      single(path, 'ASCENDING');
      single(path, 'DESCENDING');
    }
  }
  if (need.vector === undefined && need.equalities.length === 0 && need.array === undefined && need.order.length === 1) single(need.order[0]!.path, need.order[0]!.mode);
  if (need.vector === undefined && need.equalities.length === 0 && need.order.length === 0 && need.array !== undefined) single(need.array, 'CONTAINS');
  return out;
}

/** Picks indexes whose prefixes together hold every equality and the array field; undefined when none can. */
function cover(need: BranchNeed, options: Candidate[]): IndexUse[] | undefined {
  const wanted: IndexField[] = [...need.equalities.map((path) => ({ path, mode: 'ASCENDING' as FieldMode })), ...(need.array ? [{ path: need.array, mode: 'CONTAINS' as FieldMode }] : [])];
  const key = (field: IndexField) => `${field.mode === 'CONTAINS' ? 'array' : 'value'}:${formatFieldPath(field.path)}`;
  const open = new Set(wanted.map(key));
  if (open.size === 0) return options.length > 0 ? [options[0]!.use] : undefined;
  const chosen: IndexUse[] = [];
  // Greedy: the index holding the most still-open fields first (one exact composite wins at once).
  while (open.size > 0) {
    let best: Candidate | undefined;
    let gain = 0;
    for (const option of options) {
      const count = option.prefix.filter((field) => open.has(key(field))).length;
      if (count > gain) {
        best = option;
        gain = count;
      }
    }
    if (best === undefined) return undefined;
    for (const field of best.prefix) open.delete(key(field));
    chosen.push(best.use);
  }
  return chosen;
}

function missingFor(need: BranchNeed, collectionGroup: string, scope: QueryScope): MissingIndex {
  const fields = neededFields(need);
  if (fields.length === 1 && fields[0]!.mode !== 'VECTOR') {
    return { kind: 'single-field', collectionGroup, queryScope: scope, path: fields[0]!.path, mode: fields[0]!.mode };
  }
  return { kind: 'composite', index: { collectionGroup, queryScope: scope, fields } };
}

function useKey(use: IndexUse): string {
  return `${use.queryScope}|${use.fields.map((field) => `${formatFieldPath(field.path)} ${field.mode}`).join(',')}|${use.nameDirection}`;
}

/** The indexes production would read for `query`, and the first it would lack, given `catalog`. */
export function planIndexes(query: PlannedQuery, catalog: IndexCatalog): IndexPlan {
  const queryScope: QueryScope = query.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION';
  const builtIn = (direction: Direction): IndexUse => ({ queryScope, fields: [], nameDirection: direction });
  // A kindless query (every document under a parent) reads the document-name index only.
  if (query.collectionId === undefined) return { queryScope, used: [builtIn('ASCENDING')] };
  const collectionGroup = query.collectionId;
  const where = (query.source as { where?: unknown } | undefined)?.where;
  const used = new Map<string, IndexUse>();
  let missing: MissingIndex | undefined;
  for (const atoms of disjunctiveNormalForm(where)) {
    const need = branchNeed(atoms, query);
    const nothingToHold = need.equalities.length === 0 && need.array === undefined && need.order.length === 0 && need.vector === undefined;
    const uses = nothingToHold ? [builtIn(need.nameDirection)] : cover(need, candidates(need, catalog, collectionGroup, queryScope));
    if (uses === undefined) {
      missing ??= missingFor(need, collectionGroup, queryScope);
      // Explain still names what the query would read once the index exists.
      const use: IndexUse = { queryScope, ...splitName(neededFields(need)) };
      used.set(useKey(use), use);
      continue;
    }
    for (const use of uses) used.set(useKey(use), use);
  }
  return { collectionGroup, queryScope, used: [...used.values()], ...(missing ? { missing } : {}) };
}

/** Explain's rendering of an index: `(a ASC, tags CONTAINS, __name__ ASC)`. */
export function describeIndex(use: IndexUse): { query_scope: string; properties: string } {
  const short = (mode: FieldMode, dimension?: number) => (mode === 'ASCENDING' ? 'ASC' : mode === 'DESCENDING' ? 'DESC' : mode === 'VECTOR' ? `VECTOR<${dimension}>` : mode);
  const parts = use.fields.map((field) => `${formatFieldPath(field.path)} ${short(field.mode, field.dimension)}`);
  if (!use.fields.some((field) => field.mode === 'VECTOR')) parts.push(`__name__ ${short(use.nameDirection)}`);
  return { query_scope: use.queryScope === 'COLLECTION' ? 'Collection' : 'Collection group', properties: `(${parts.join(', ')})` };
}
