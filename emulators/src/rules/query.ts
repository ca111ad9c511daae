/**
 * List rules against queries: "rules are not filters".
 *
 * Production allows a query only when the list rule holds for every document the query
 * could return, judged from the query itself, not from the documents. We do this by
 * evaluating the rule against a symbolic `resource` built from the query's filters:
 *
 *   - The filter tree is put in disjunctive normal form, `in` and `not-in` expanded
 *     (`status in ['a','b']` becomes two variants, `status == 'a'` and `status == 'b'`).
 *     Every variant must be allowed. At most 100 variants (Firestore allows 30
 *     disjunctions); more is denied.
 *   - In a variant, a field with an equality filter (`==`, `is null`, `is nan`) has that
 *     value: `resource.data.owner == request.auth.uid` is provable with `owner == uid`.
 *   - Range and `!=` filters are constraints: `resource.data.age >= 18` is provable from
 *     `age > 20` (interval reasoning over numbers, strings, timestamps...).
 *   - `array-contains` (and each value of `array-contains-any`, as variants) tells what
 *     the array holds: `request.auth.uid in resource.data.members` is provable from
 *     `members array-contains uid`, and so are `hasAny`/`hasAll` of such values.
 *   - A field any filter mentions exists (`'owner' in resource.data` is provable).
 *   - `__name__ ==` (or `in`) pins `resource.id`, `resource.__name__` and the document
 *     wildcard of the match path.
 *   - Anything else about the document (unfiltered fields, `resource.data.keys()`,
 *     `is` checks on unpinned fields) is unknown; using it raises UnprovableError, which
 *     `&&`/`||` treat like any error, so `false && unknown` is still false.
 *
 * `request.query` has `limit` and `offset` when the query sets them (reading an absent
 * one is an error, so `request.query.limit <= 50` denies unlimited queries), and
 * `orderBy` as a list of field paths.
 */
import { RulesEvaluationError, UnprovableError } from './errors.js';
import { fromFirestoreValue, type FirestoreValueJson } from './firestore-values.js';
import { RulesMap, RulesPath, Unknown, compareValues, valuesEqual, type UnknownFacts, type Value } from './values.js';

/** google.firestore.v1.StructuredQuery in proto3 JSON: the parts list rules care about. */
export interface StructuredQueryJson {
  where?: FilterJson;
  orderBy?: { field?: { fieldPath?: string }; direction?: string }[];
  limit?: number | string | { value?: number | string };
  offset?: number | string;
}

export type FilterJson = {
  compositeFilter?: { op?: string; filters?: FilterJson[] };
  fieldFilter?: { field?: { fieldPath?: string }; op?: string; value?: FirestoreValueJson };
  unaryFilter?: { op?: string; field?: { fieldPath?: string } };
};

type Constraint = NonNullable<UnknownFacts['constraints']>[number];

interface FieldFacts {
  equal?: { value: Value };
  constraints: Constraint[];
  /** From `array-contains`: values the array surely holds. */
  contains: Value[];
}

/** One conjunction of simple filters: what every document of that branch satisfies. */
export interface QueryVariant {
  fields: Map<string, FieldFacts>;
  /** The document id when `__name__ ==` pins it. */
  documentId?: string;
  documentName?: RulesPath;
}

const MAX_VARIANTS = 100;

type SimpleFilter = { field: string; op: string; value: Value };

/** Splits a StructuredQuery's filter into variants, every one of which must be allowed. */
export function queryVariants(query: StructuredQueryJson | undefined): QueryVariant[] {
  const conjunctions = query?.where ? toDnf(query.where) : [[]];
  return conjunctions.map((filters) => {
    const variant: QueryVariant = { fields: new Map() };
    for (const filter of filters) addFilter(variant, filter);
    return variant;
  });
}

function toDnf(filter: FilterJson): SimpleFilter[][] {
  let result: SimpleFilter[][];
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(toDnf);
    if (filter.compositeFilter.op === 'OR') {
      result = parts.flat();
    } else {
      result = parts.reduce<SimpleFilter[][]>((acc, part) => acc.flatMap((left) => part.map((right) => [...left, ...right])), [[]]);
    }
  } else if (filter.fieldFilter) {
    const { field, op = '', value } = filter.fieldFilter;
    const path = field?.fieldPath ?? '';
    const converted = value ? fromFirestoreValue(value) : null;
    if (op === 'IN') result = asList(converted).map((item) => [{ field: path, op: 'EQUAL', value: item }]);
    else if (op === 'ARRAY_CONTAINS_ANY') result = asList(converted).map((item) => [{ field: path, op: 'ARRAY_CONTAINS', value: item }]);
    else if (op === 'NOT_IN') result = [asList(converted).map((item) => ({ field: path, op: 'NOT_EQUAL', value: item }))];
    else result = [[{ field: path, op, value: converted }]];
  } else if (filter.unaryFilter) {
    const path = filter.unaryFilter.field?.fieldPath ?? '';
    const unary: Record<string, SimpleFilter> = {
      IS_NULL: { field: path, op: 'EQUAL', value: null },
      IS_NAN: { field: path, op: 'EQUAL', value: NaN },
      IS_NOT_NULL: { field: path, op: 'NOT_EQUAL', value: null },
      IS_NOT_NAN: { field: path, op: 'NOT_EQUAL', value: NaN },
    };
    result = [[unary[filter.unaryFilter.op ?? ''] ?? { field: path, op: 'EXISTS', value: null }]];
  } else {
    result = [[]];
  }
  if (result.length > MAX_VARIANTS) throw new RulesEvaluationError(`The query expands to more than ${MAX_VARIANTS} disjunctions`);
  return result;
}

function asList(value: Value): Value[] {
  if (!Array.isArray(value)) throw new RulesEvaluationError('IN and NOT_IN filters need an array value');
  return value;
}

const RANGE_OPERATORS: Record<string, Constraint['operator']> = {
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  NOT_EQUAL: '!=',
};

function addFilter(variant: QueryVariant, filter: SimpleFilter): void {
  const field = unescapeFieldPath(filter.field);
  if (field === '__name__') {
    if (filter.op === 'EQUAL' && filter.value instanceof RulesPath) {
      variant.documentName = filter.value;
      variant.documentId = filter.value.segments[filter.value.segments.length - 1];
    }
    return;
  }
  const facts = variant.fields.get(field) ?? { constraints: [], contains: [] };
  variant.fields.set(field, facts);
  if (filter.op === 'EQUAL') facts.equal ??= { value: filter.value };
  const range = RANGE_OPERATORS[filter.op];
  if (range) facts.constraints.push({ operator: range, value: filter.value });
  if (filter.op === 'ARRAY_CONTAINS') facts.contains.push(filter.value);
}

/** `a.b` and `` a.`b.c` `` to the dotted form used as keys here (`a.b`, `a.b.c` stays joined by segments). */
function unescapeFieldPath(path: string): string {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    if (c === '`') quoted = !quoted;
    else if (c === '\\' && quoted) current += path[++i] ?? '';
    else if (c === '.' && !quoted) {
      segments.push(current);
      current = '';
    } else current += c;
  }
  segments.push(current);
  return segments.join('\u0000');
}

/** The symbolic `resource.data` of a variant: known where filters pin it, Unknown elsewhere. */
function symbolicData(variant: QueryVariant, prefix: string[]): Unknown {
  const key = (name: string) => [...prefix, name].join('\u0000');
  const description = (name: string) => ['resource.data', ...prefix, name].join('.');
  return new Unknown(['resource.data', ...prefix].join('.'), {
    field: (name) => {
      const facts = variant.fields.get(key(name));
      if (facts?.equal) return facts.equal.value;
      const nested = [...variant.fields.keys()].some((k) => k.startsWith(key(name) + '\u0000'));
      if (nested) return symbolicData(variant, [...prefix, name]);
      return new Unknown(description(name), { constraints: facts?.constraints ?? [], contains: facts?.contains ?? [] });
    },
    hasKey: (name) => ([...variant.fields.keys()].some((k) => k === key(name) || k.startsWith(key(name) + '\u0000')) ? true : undefined),
  });
}

/** `resource` for one variant of a list request. */
export function queryResource(variant: QueryVariant): RulesMap {
  return RulesMap.of({
    __name__: variant.documentName ?? new Unknown('resource.__name__'),
    id: variant.documentId ?? new Unknown('resource.id'),
    data: symbolicData(variant, []),
  });
}

/** `request.query`: limit and offset when set, orderBy as field paths. */
export function requestQuery(query: StructuredQueryJson | undefined): RulesMap {
  const entries: [string, Value][] = [];
  const limit = typeof query?.limit === 'object' ? query.limit.value : query?.limit;
  if (limit !== undefined) entries.push(['limit', BigInt(limit)]);
  if (query?.offset !== undefined) entries.push(['offset', BigInt(query.offset)]);
  entries.push(['orderBy', (query?.orderBy ?? []).map((order) => order.field?.fieldPath ?? '')]);
  return new RulesMap(entries);
}

// ---- proving comparisons against Unknown values ----

type Comparison = '==' | '!=' | '<' | '<=' | '>' | '>=';
const FLIPPED: Record<Comparison, Comparison> = { '==': '==', '!=': '!=', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/** Decides `left op right` with one Unknown side, or throws UnprovableError. */
export function compareUnknown(operator: Comparison, left: Value, right: Value): boolean {
  const [unknown, other, op] = left instanceof Unknown ? [left, right, operator] : [right as Unknown, left, FLIPPED[operator]];
  const fail = () => new UnprovableError(`${unknown.description} ${op} ... depends on a value the query does not constrain`);
  if (other instanceof Unknown) throw fail();
  const constraints = unknown.facts.constraints ?? [];
  let proven: boolean | undefined;
  try {
    if (op === '==' || op === '!=') {
      const excluded =
        constraints.some((c) => c.operator === '!=' && valuesEqual(c.value, other)) ||
        constraints.some((c) => c.operator !== '!=' && !satisfies(other, c));
      if (excluded) proven = op === '!=';
    } else {
      proven = proveRange(constraints, op, other);
    }
  } catch (error) {
    if (!(error instanceof RulesEvaluationError)) throw error;
  }
  if (proven === undefined) throw fail();
  return proven;
}

function satisfies(value: Value, constraint: Constraint): boolean {
  const order = compareValues(value, constraint.value);
  switch (constraint.operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '!=':
      return order !== 0;
  }
}

/** True if every value within the constraints satisfies `x op c`, false if none does, else undefined. */
function proveRange(constraints: readonly Constraint[], op: '<' | '<=' | '>' | '>=', c: Value): boolean | undefined {
  const lowers = constraints.filter((k) => k.operator === '>' || k.operator === '>=');
  const uppers = constraints.filter((k) => k.operator === '<' || k.operator === '<=');
  // x > L (or >= L) with L >= c gives x >= c; with L > c or (L == c and strict) gives x > c.
  const lowerAtLeast = (strictWanted: boolean) =>
    lowers.some((k) => {
      const order = compareValues(k.value, c);
      return order > 0 || (order === 0 && (!strictWanted || k.operator === '>'));
    });
  const upperAtMost = (strictWanted: boolean) =>
    uppers.some((k) => {
      const order = compareValues(k.value, c);
      return order < 0 || (order === 0 && (!strictWanted || k.operator === '<'));
    });
  switch (op) {
    case '>':
      if (lowerAtLeast(true)) return true;
      if (upperAtMost(false)) return false;
      return undefined;
    case '>=':
      if (lowerAtLeast(false)) return true;
      if (upperAtMost(true)) return false;
      return undefined;
    case '<':
      if (upperAtMost(true)) return true;
      if (lowerAtLeast(false)) return false;
      return undefined;
    case '<=':
      if (upperAtMost(false)) return true;
      if (lowerAtLeast(true)) return false;
      return undefined;
  }
}
