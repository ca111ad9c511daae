/**
 * Aggregations over a query's result (`StructuredAggregationQuery`): count (with up_to), sum
 * and avg. Sum stays an integer while every operand is an integer and it fits in int64,
 * otherwise it is a double; avg is a double, null when no document has a numeric value.
 *
 * Production answers all aggregations of one request from one index holding every field they
 * name, so only documents that HAVE each sum/avg field (of any type) take part in any of
 * them, count included; sum and avg then skip the values that are not numbers.
 */
import { invalidArgument } from '../errors.js';
import { parseFieldPath, type FieldPath } from './field-path.js';
import type { StoredDocument } from './store.js';
import { normalizeValue } from './validate.js';
import { getField, isInteger, isNumber, toBigInt, toDouble, type Value } from './values.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

export const MAX_AGGREGATIONS = 5;

interface Aggregation {
  alias: string;
  /** The field a sum or avg reads (documents without it take part in no aggregation). */
  field?: FieldPath;
  compute(docs: StoredDocument[]): Value;
}

function numericValues(docs: StoredDocument[], path: FieldPath): Value[] {
  const values: Value[] = [];
  for (const doc of docs) {
    const value = getField(doc.fields, path);
    if (value !== undefined && isNumber(value)) values.push(value);
  }
  return values;
}

function sum(values: Value[]): Value {
  if (values.every(isInteger)) {
    const total = values.reduce((acc, value) => acc + toBigInt(value), 0n);
    if (total <= INT64_MAX && total >= INT64_MIN) return { integerValue: total.toString() };
  }
  return normalizeValue({ doubleValue: values.reduce((acc, value) => acc + toDouble(value), 0) });
}

export function planAggregations(raw: unknown): Aggregation[] {
  if (!Array.isArray(raw) || raw.length === 0) throw invalidArgument('An aggregation query needs at least one aggregation.');
  if (raw.length > MAX_AGGREGATIONS) {
    throw invalidArgument(`Too many aggregations (${raw.length}): the maximum number of aggregations is ${MAX_AGGREGATIONS}.`);
  }
  const aliases = new Set<string>();
  return raw.map((entry: Record<string, unknown>, index) => {
    const alias = typeof entry.alias === 'string' && entry.alias !== '' ? entry.alias : `field_${index + 1}`;
    if (aliases.has(alias)) throw invalidArgument(`Duplicate aggregation alias "${alias}".`);
    aliases.add(alias);
    if (entry.count !== undefined) {
      const upTo = (entry.count as { upTo?: unknown } | null)?.upTo;
      const bound = upTo === undefined || upTo === null ? undefined : Number((upTo as { value?: unknown }).value ?? upTo);
      if (bound !== undefined && (!Number.isInteger(bound) || bound <= 0)) throw invalidArgument('count up_to must be a positive integer.');
      return { alias, compute: (docs) => ({ integerValue: String(bound === undefined ? docs.length : Math.min(bound, docs.length)) }) };
    }
    if (entry.sum !== undefined) {
      const field = parseFieldPath((entry.sum as { field?: { fieldPath?: unknown } }).field?.fieldPath);
      return { alias, field, compute: (docs) => sum(numericValues(docs, field)) };
    }
    if (entry.avg !== undefined) {
      const field = parseFieldPath((entry.avg as { field?: { fieldPath?: unknown } }).field?.fieldPath);
      return {
        alias,
        field,
        compute: (docs) => {
          const values = numericValues(docs, field);
          if (values.length === 0) return { nullValue: 'NULL_VALUE' };
          return normalizeValue({ doubleValue: values.reduce((acc, value) => acc + toDouble(value), 0) / values.length });
        },
      };
    }
    throw invalidArgument('Each aggregation must set count, sum or avg.');
  });
}

/**
 * Whether a document takes part in the aggregations: it has every sum/avg field. The query
 * applies this before its limit, as production's index scan does (`limit(2)` counts the first
 * two documents that have the fields).
 */
export function hasAggregatedFields(aggregations: Aggregation[]): (doc: StoredDocument) => boolean {
  const required = aggregations.flatMap((aggregation) => (aggregation.field ? [aggregation.field] : []));
  return (doc) => required.every((path) => getField(doc.fields, path) !== undefined);
}

/** Computes every aggregation over `docs`, the query's result filtered by {@link hasAggregatedFields}. */
export function aggregate(aggregations: Aggregation[], docs: StoredDocument[]): Record<string, Value> {
  const fields: Record<string, Value> = {};
  for (const aggregation of aggregations) fields[aggregation.alias] = aggregation.compute(docs);
  return fields;
}
