/**
 * Field transforms (write.proto `DocumentTransform.FieldTransform`), applied after a write's
 * update at commit time. Each returns the field's new value; `transformResults` carry the new
 * value for server timestamps and numeric transforms and null for array ones, as production
 * does (the SDKs recompute array transforms themselves).
 */
import { invalidArgument } from '../errors.js';
import { formatTimestamp, type Nanos } from './time.js';
import { normalizeValue } from './validate.js';
import { NULL_VALUE, arrayValues, compareValues, isInteger, isNaNValue, isNumber, toBigInt, toDouble, valuesEqual, type Value } from './values.js';

export interface AppliedTransform {
  value: Value;
  result: Value;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function doubleValue(n: number): Value {
  return normalizeValue({ doubleValue: n });
}

function increment(current: Value | undefined, operand: Value): Value {
  if (current === undefined || !isNumber(current)) return operand;
  if (isInteger(current) && isInteger(operand)) {
    const sum = toBigInt(current) + toBigInt(operand);
    const saturated = sum > INT64_MAX ? INT64_MAX : sum < INT64_MIN ? INT64_MIN : sum;
    return { integerValue: saturated.toString() };
  }
  return doubleValue(toDouble(current) + toDouble(operand));
}

/**
 * write.proto: the maximum (minimum) of any number and NaN is NaN; equivalent operands (3 and
 * 3.0, 0 and -0.0) leave the stored value as it is.
 */
function extremum(current: Value | undefined, operand: Value, keepGreater: boolean): Value {
  if (current === undefined || !isNumber(current)) return operand;
  if (isNaNValue(current)) return current;
  if (isNaNValue(operand)) return operand;
  const order = compareValues(operand, current);
  if (order === 0) return current;
  return (order > 0) === keepGreater ? operand : current;
}

export function applyFieldTransform(transform: Record<string, unknown>, current: Value | undefined, commitTime: Nanos): AppliedTransform {
  if ('setToServerValue' in transform) {
    const kind = transform.setToServerValue;
    if (kind !== 'REQUEST_TIME' && kind !== 1) throw invalidArgument(`Unsupported server value: ${String(kind)}`);
    const value = { timestampValue: formatTimestamp(commitTime) };
    return { value, result: value };
  }
  const numericOperand = (key: string): Value => {
    const operand = normalizeValue(transform[key]);
    if (!isNumber(operand)) throw invalidArgument(`${key} transform requires a numeric value.`);
    return operand;
  };
  if ('increment' in transform) {
    const value = increment(current, numericOperand('increment'));
    return { value, result: value };
  }
  if ('maximum' in transform) {
    const value = extremum(current, numericOperand('maximum'), true);
    return { value, result: value };
  }
  if ('minimum' in transform) {
    const value = extremum(current, numericOperand('minimum'), false);
    return { value, result: value };
  }
  if ('appendMissingElements' in transform) {
    const additions = arrayValues(normalizeValue({ arrayValue: transform.appendMissingElements ?? {} }));
    const values = current !== undefined && 'arrayValue' in current ? [...arrayValues(current)] : [];
    for (const element of additions) if (!values.some((existing) => valuesEqual(existing, element))) values.push(element);
    return { value: { arrayValue: { values } }, result: NULL_VALUE };
  }
  if ('removeAllFromArray' in transform) {
    const removals = arrayValues(normalizeValue({ arrayValue: transform.removeAllFromArray ?? {} }));
    const values = current !== undefined && 'arrayValue' in current ? arrayValues(current) : [];
    const kept = values.filter((existing) => !removals.some((element) => valuesEqual(existing, element)));
    return { value: { arrayValue: { values: kept } }, result: NULL_VALUE };
  }
  throw invalidArgument('A field transform must set one transform type.');
}
