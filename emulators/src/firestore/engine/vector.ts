/**
 * Vector search (query.proto `StructuredQuery.FindNearest`): the nearest documents to a query
 * vector by EUCLIDEAN, COSINE or DOT_PRODUCT distance, after the query's filters. As in
 * production, only documents whose field is a vector (`{__type__: "__vector__", value: [...]}`)
 * of the query vector's dimension take part; the threshold keeps distance <= threshold
 * (EUCLIDEAN, COSINE) or >= threshold (DOT_PRODUCT, where larger means nearer); the order
 * supersedes any orderBy. Ties keep document-name order (production leaves it unspecified).
 */
import { invalidArgument } from '../errors.js';
import { parseFieldPath, type FieldPath } from './field-path.js';
import type { StoredDocument } from './store.js';
import { normalizeValue } from './validate.js';
import { cloneFields, getField, isNumber, isVector, mapFields, setField, toDouble, type Value } from './values.js';

export type DistanceMeasure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

const MEASURES: DistanceMeasure[] = ['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'];
const MEASURE_BY_NUMBER: Record<number, string> = { 1: 'EUCLIDEAN', 2: 'COSINE', 3: 'DOT_PRODUCT' };
export const MAX_NEAREST_LIMIT = 1000;
export const MAX_VECTOR_DIMENSION = 2048;

export interface NearestPlan {
  field: FieldPath;
  queryVector: number[];
  measure: DistanceMeasure;
  limit: number;
  resultField?: FieldPath;
  threshold?: number;
}

/** The numbers of a vector value, or undefined when the value is not a well-formed vector. */
export function vectorOf(value: Value | undefined): number[] | undefined {
  if (value === undefined || !isVector(value)) return undefined;
  const elements = mapFields(value)?.value;
  if (elements === undefined || !('arrayValue' in elements)) return undefined;
  const values = (elements.arrayValue as { values?: Value[] }).values ?? [];
  if (!values.every(isNumber)) return undefined;
  return values.map(toDouble);
}

/** A wrapper (`{value: n}`) or a bare number, as proto3 JSON and our gRPC codec give them. */
function wrapped(raw: unknown): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === 'object' ? (raw as { value?: unknown }).value : raw;
  return value === undefined ? undefined : Number(value);
}

export function planFindNearest(raw: unknown): NearestPlan {
  if (typeof raw !== 'object' || raw === null) throw invalidArgument('Invalid find_nearest.');
  const spec = raw as Record<string, unknown>;
  const fieldPath = (spec.vectorField as { fieldPath?: unknown } | undefined)?.fieldPath;
  if (fieldPath === undefined) throw invalidArgument('find_nearest.vector_field is required.');
  const field = parseFieldPath(fieldPath);
  if (spec.queryVector === undefined || spec.queryVector === null) throw invalidArgument('find_nearest.query_vector is required.');
  const queryVector = vectorOf(normalizeValue(spec.queryVector));
  if (queryVector === undefined) throw invalidArgument('find_nearest.query_vector must be a vector value.');
  if (queryVector.length === 0 || queryVector.length > MAX_VECTOR_DIMENSION) {
    throw invalidArgument(`find_nearest.query_vector must be a vector of 1 to ${MAX_VECTOR_DIMENSION} dimensions, not ${queryVector.length}.`);
  }
  const measureName = typeof spec.distanceMeasure === 'number' ? MEASURE_BY_NUMBER[spec.distanceMeasure] : spec.distanceMeasure;
  if (!MEASURES.includes(measureName as DistanceMeasure)) throw invalidArgument('find_nearest.distance_measure must be set (EUCLIDEAN, COSINE or DOT_PRODUCT): no distance measure given.');
  const limit = wrapped(spec.limit);
  if (limit === undefined || !Number.isInteger(limit) || limit <= 0 || limit > MAX_NEAREST_LIMIT) {
    throw invalidArgument(`find_nearest.limit must be a positive integer of no more than ${MAX_NEAREST_LIMIT}.`);
  }
  const threshold = wrapped(spec.distanceThreshold);
  if (threshold !== undefined && Number.isNaN(threshold)) throw invalidArgument('find_nearest.distance_threshold must be a number.');
  const resultField = typeof spec.distanceResultField === 'string' && spec.distanceResultField !== '' ? parseFieldPath(spec.distanceResultField) : undefined;
  return {
    field,
    queryVector,
    measure: measureName as DistanceMeasure,
    limit,
    ...(resultField ? { resultField } : {}),
    ...(threshold !== undefined ? { threshold } : {}),
  };
}

function dot(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** The distance of two vectors of one dimension; undefined where COSINE has no angle (a zero vector). */
export function distance(measure: DistanceMeasure, a: number[], b: number[]): number | undefined {
  switch (measure) {
    case 'EUCLIDEAN': {
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
      return Math.sqrt(sum);
    }
    case 'COSINE': {
      const norms = Math.sqrt(dot(a, a)) * Math.sqrt(dot(b, b));
      return norms === 0 ? undefined : 1 - dot(a, b) / norms;
    }
    case 'DOT_PRODUCT':
      return dot(a, b);
  }
}

/** Whether a nearer first: smaller distances, except DOT_PRODUCT where larger is nearer. */
function nearerFirst(measure: DistanceMeasure): (a: number, b: number) => number {
  return measure === 'DOT_PRODUCT' ? (a, b) => b - a : (a, b) => a - b;
}

function withinThreshold(plan: NearestPlan, value: number): boolean {
  if (plan.threshold === undefined) return true;
  return plan.measure === 'DOT_PRODUCT' ? value >= plan.threshold : value <= plan.threshold;
}

/**
 * The `limit` nearest of `docs` (already filtered and in document-name order), nearest first;
 * with a result field, copies of them carrying the distance as a double.
 */
export function nearest(plan: NearestPlan, docs: StoredDocument[]): StoredDocument[] {
  const scored: Array<{ doc: StoredDocument; distance: number }> = [];
  for (const doc of docs) {
    const vector = vectorOf(getField(doc.fields, plan.field));
    if (vector === undefined || vector.length !== plan.queryVector.length) continue;
    const value = distance(plan.measure, vector, plan.queryVector);
    if (value === undefined || !withinThreshold(plan, value)) continue;
    scored.push({ doc, distance: value });
  }
  const order = nearerFirst(plan.measure);
  // Array.prototype.sort is stable: equal distances keep the incoming (name) order.
  scored.sort((a, b) => order(a.distance, b.distance));
  return scored.slice(0, plan.limit).map(({ doc, distance: value }) => {
    if (plan.resultField === undefined) return doc;
    const fields = cloneFields(doc.fields);
    setField(fields, plan.resultField, normalizeValue({ doubleValue: value }));
    return { ...doc, fields };
  });
}
