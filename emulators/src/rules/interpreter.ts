/**
 * Evaluates rules expressions. Errors (undefined fields, wrong types, failed lookups)
 * are thrown as RulesEvaluationError; `&&` and `||` absorb them as the language reference
 * documents: `error && false` is false and `error || true` is true, any other mix with an
 * error is an error. The caller turns a condition that errors into "not allowed".
 */
import type { Expr, FunctionDecl } from './ast.js';
import { callMethod, pathIndex, unboundSegment } from './builtins/methods.js';
import { checkedInt } from './builtins/args.js';
import { GLOBAL_FUNCTIONS, NAMESPACES, toRulesString } from './builtins/functions.js';
import { sliceBounds, stringIndex, stringSlice } from './builtins/strings.js';
import { timeArithmetic } from './builtins/time.js';
import { RulesEvaluationError, UnprovableError, type SourcePosition } from './errors.js';
import { compareUnknown } from './query.js';
import {
  Duration,
  RulesMap,
  RulesPath,
  RulesSet,
  Unknown,
  compareValues,
  describeValue,
  isNumber,
  isType,
  typeOf,
  valuesEqual,
  type Value,
} from './values.js';

/** A user function together with the scope it was declared in (its wildcards and siblings). */
interface Closure {
  decl: FunctionDecl;
  scope: Scope;
}

/** Lexical scope: match-block wildcards, function parameters and `let` bindings. */
export class Scope {
  private readonly variables = new Map<string, Value>();
  private readonly functions = new Map<string, Closure>();

  constructor(readonly parent?: Scope) {}

  define(name: string, value: Value): this {
    this.variables.set(name, value);
    return this;
  }

  declare(decls: readonly FunctionDecl[]): this {
    for (const decl of decls) this.functions.set(decl.name, { decl, scope: this });
    return this;
  }

  lookup(name: string): { value: Value } | undefined {
    if (this.variables.has(name)) return { value: this.variables.get(name)! };
    return this.parent?.lookup(name);
  }

  lookupFunction(name: string): Closure | undefined {
    return this.functions.get(name) ?? this.parent?.lookupFunction(name);
  }
}

/** What a service adds: `get`/`exists`/... for Firestore, `firestore.get`/... for Storage. */
export interface ServiceBindings {
  /** Global functions by name, e.g. `get`, or `firestore.get` for namespaced ones. */
  functions: Record<string, (args: Value[]) => Value>;
}

export interface InterpreterOptions {
  service: ServiceBindings;
  /** Receives each `debug(value)` call's rendering. */
  debug: (message: string) => void;
  /** A guard against runaway evaluation, per request (production documents 1,000 expressions). */
  maxSteps?: number;
}

/** Production documents a call depth limit of 20 and forbids recursion; the depth limit covers both. */
const MAX_CALL_DEPTH = 20;

export class Interpreter {
  private steps = 0;
  private depth = 0;
  private readonly maxSteps: number;

  constructor(private readonly options: InterpreterOptions) {
    this.maxSteps = options.maxSteps ?? 10_000;
  }

  /** Evaluates a condition; anything but a boolean is an error. */
  evaluateCondition(expr: Expr, scope: Scope): boolean {
    const value = this.evaluate(expr, scope);
    if (typeof value !== 'boolean') throw new RulesEvaluationError(`Condition evaluated to ${typeOf(value)}, not bool`, expr.position);
    return value;
  }

  evaluate(expr: Expr, scope: Scope): Value {
    if (++this.steps > this.maxSteps) throw new RulesEvaluationError(`Evaluation exceeded ${this.maxSteps} steps`, expr.position);
    try {
      return this.evaluateNode(expr, scope);
    } catch (error) {
      if (error instanceof RulesEvaluationError) throw error.position ? error : withPosition(error, expr.position);
      throw error;
    }
  }

  private evaluateNode(expr: Expr, scope: Scope): Value {
    switch (expr.kind) {
      case 'null':
        return null;
      case 'bool':
      case 'int':
      case 'float':
      case 'string':
      case 'bytes':
        return expr.value;
      case 'identifier': {
        const found = scope.lookup(expr.name);
        if (!found) throw new RulesEvaluationError(`Variable not found: ${expr.name}`);
        return found.value;
      }
      case 'list':
        return expr.items.map((item) => this.evaluate(item, scope));
      case 'map': {
        const entries: [string, Value][] = expr.entries.map(({ key, value }) => {
          const k = this.evaluate(key, scope);
          if (typeof k !== 'string') throw new RulesEvaluationError(`Map keys must be strings, got ${typeOf(k)}`);
          return [k, this.evaluate(value, scope)];
        });
        return new RulesMap(entries);
      }
      case 'path':
        return this.evaluatePath(expr, scope);
      case 'member':
        return memberOf(this.evaluate(expr.object, scope), expr.name);
      case 'index':
        return this.index(this.evaluate(expr.object, scope), this.evaluate(expr.index, scope));
      case 'slice':
        return this.slice(expr, scope);
      case 'call':
        return this.call(expr, scope);
      case 'unary':
        return this.unary(expr.operator, this.evaluate(expr.operand, scope));
      case 'binary':
        return binary(expr.operator, this.evaluate(expr.left, scope), this.evaluate(expr.right, scope));
      case 'logical':
        return this.logical(expr.operator, expr.left, expr.right, scope);
      case 'is': {
        const value = this.evaluate(expr.operand, scope);
        if (value instanceof Unknown) throw new UnprovableError(`the type of ${value.description} is not fixed by the query`);
        return isType(value, expr.typeName);
      }
      case 'ternary': {
        const condition = this.evaluate(expr.condition, scope);
        if (typeof condition !== 'boolean') throw new RulesEvaluationError(`Ternary condition is ${typeOf(condition)}, not bool`);
        return this.evaluate(condition ? expr.then : expr.otherwise, scope);
      }
    }
  }

  private logical(operator: '&&' | '||', leftExpr: Expr, rightExpr: Expr, scope: Scope): Value {
    // The value that decides the result on its own: false for &&, true for ||.
    const decisive = operator === '||';
    let leftError: RulesEvaluationError | undefined;
    try {
      const left = this.evaluate(leftExpr, scope);
      if (typeof left !== 'boolean') throw new RulesEvaluationError(`Operand of ${operator} is ${typeOf(left)}, not bool`, leftExpr.position);
      if (left === decisive) return decisive;
    } catch (error) {
      if (!(error instanceof RulesEvaluationError)) throw error;
      leftError = error;
    }
    let right: Value;
    try {
      right = this.evaluate(rightExpr, scope);
    } catch (error) {
      throw leftError ?? error;
    }
    if (typeof right !== 'boolean') throw leftError ?? new RulesEvaluationError(`Operand of ${operator} is ${typeOf(right)}, not bool`, rightExpr.position);
    if (right === decisive) return decisive;
    if (leftError) throw leftError;
    return right;
  }

  private unary(operator: '!' | '-', value: Value): Value {
    if (value instanceof Unknown) throw new UnprovableError(`${operator}${value.description} depends on a value the query does not constrain`);
    if (operator === '!') {
      if (typeof value !== 'boolean') throw new RulesEvaluationError(`Cannot apply ! to ${typeOf(value)}`);
      return !value;
    }
    if (typeof value === 'bigint') return checkedInt(-value);
    if (typeof value === 'number') return -value;
    if (value instanceof Duration) return new Duration(-value.nanos);
    throw new RulesEvaluationError(`Cannot negate ${typeOf(value)}`);
  }

  private index(object: Value, index: Value): Value {
    if (object instanceof Unknown || index instanceof Unknown) {
      if (object instanceof Unknown && typeof index === 'string') return memberOf(object, index);
      throw new UnprovableError('indexing depends on a value the query does not constrain');
    }
    if (Array.isArray(object)) {
      if (typeof index !== 'bigint') throw new RulesEvaluationError(`List index must be an int, got ${typeOf(index)}`);
      if (index < 0n || index >= BigInt(object.length)) throw new RulesEvaluationError(`List index ${index} out of range`);
      return object[Number(index)]!;
    }
    if (object instanceof RulesMap) {
      if (typeof index !== 'string') throw new RulesEvaluationError(`Map key must be a string, got ${typeOf(index)}`);
      return object.field(index);
    }
    if (typeof object === 'string') {
      if (typeof index !== 'bigint') throw new RulesEvaluationError(`String index must be an int, got ${typeOf(index)}`);
      return stringIndex(object, index);
    }
    if (object instanceof RulesPath) return pathIndex(object, index);
    throw new RulesEvaluationError(`Cannot index ${typeOf(object)}`);
  }

  private slice(expr: Extract<Expr, { kind: 'slice' }>, scope: Scope): Value {
    const object = this.evaluate(expr.object, scope);
    const bound = (e: Expr | undefined): bigint | undefined => {
      if (!e) return undefined;
      const value = this.evaluate(e, scope);
      if (typeof value !== 'bigint') throw new RulesEvaluationError(`Range bounds must be ints, got ${typeOf(value)}`);
      return value;
    };
    const start = bound(expr.start);
    const end = bound(expr.end);
    if (typeof object === 'string') return stringSlice(object, start, end);
    if (Array.isArray(object)) return object.slice(...sliceBounds(object.length, start, end));
    if (object instanceof Unknown) throw new UnprovableError(`${object.description}[i:j] depends on a value the query does not constrain`);
    throw new RulesEvaluationError(`Cannot take a range of ${typeOf(object)}`);
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, scope: Scope): Value {
    const { callee } = expr;
    const args = () => expr.args.map((arg) => this.evaluate(arg, scope));
    if (callee.kind === 'identifier') {
      const closure = scope.lookupFunction(callee.name);
      if (closure) return this.invoke(closure, args());
      if (callee.name === 'debug') {
        const values = args();
        if (values.length !== 1) throw new RulesEvaluationError(`debug() takes 1 argument, got ${values.length}`);
        this.options.debug(describeValue(values[0]!));
        return values[0]!;
      }
      const builtin = ownEntry(this.options.service.functions, callee.name) ?? ownEntry(GLOBAL_FUNCTIONS, callee.name);
      if (builtin) return builtin(args());
      throw new RulesEvaluationError(`Function not found error: Name: [${callee.name}]`);
    }
    if (callee.kind === 'member') {
      const namespace = callee.object.kind === 'identifier' && !scope.lookup(callee.object.name) ? callee.object.name : undefined;
      if (namespace !== undefined) {
        const qualified = `${namespace}.${callee.name}`;
        const fn = ownEntry(this.options.service.functions, qualified) ?? ownEntry(NAMESPACES[namespace] ?? {}, callee.name);
        if (fn) return fn(args());
        throw new RulesEvaluationError(`Function not found error: Name: [${qualified}]`);
      }
      // `/a/$(x).bind({'x': ...})` names variables that bind() supplies, so they may be unbound here.
      const receiver = callee.name === 'bind' && callee.object.kind === 'path' ? this.evaluatePath(callee.object, scope, true) : this.evaluate(callee.object, scope);
      return callMethod(receiver, callee.name, args());
    }
    throw new RulesEvaluationError('Only functions and methods can be called');
  }

  private invoke(closure: Closure, args: Value[]): Value {
    const { decl } = closure;
    if (args.length !== decl.params.length) {
      throw new RulesEvaluationError(`${decl.name}() takes ${decl.params.length} argument(s), got ${args.length}`);
    }
    if (this.depth >= MAX_CALL_DEPTH) throw new RulesEvaluationError(`Maximum function call depth (${MAX_CALL_DEPTH}) exceeded in ${decl.name}()`);
    const local = new Scope(closure.scope);
    decl.params.forEach((param, i) => local.define(param, args[i]!));
    this.depth++;
    try {
      for (const binding of decl.lets) local.define(binding.name, this.evaluate(binding.value, local));
      return this.evaluate(decl.body, local);
    } finally {
      this.depth--;
    }
  }

  private evaluatePath(expr: Extract<Expr, { kind: 'path' }>, scope: Scope, allowUnbound = false): Value {
    const segments: string[] = [];
    for (const parts of expr.segments) {
      const only = parts.length === 1 ? parts[0]! : undefined;
      if (only?.kind === 'interpolation') {
        if (allowUnbound && only.expr.kind === 'identifier' && !scope.lookup(only.expr.name)) {
          segments.push(unboundSegment(only.expr.name));
          continue;
        }
        const value = this.evaluate(only.expr, scope);
        if (value instanceof RulesPath) {
          segments.push(...value.segments);
          continue;
        }
      }
      let text = '';
      for (const part of parts) text += part.kind === 'text' ? part.text : interpolated(this.evaluate(part.expr, scope));
      segments.push(text);
    }
    return new RulesPath(segments);
  }
}

function interpolated(value: Value): string {
  if (value instanceof Unknown) throw new UnprovableError(`a path built from ${value.description} is not fixed by the query`);
  if (value instanceof RulesPath) throw new RulesEvaluationError('A path can only be interpolated as a whole segment');
  return toRulesString(value);
}

function ownEntry<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Errors from built-ins carry no position; the innermost expression that raised one supplies it. */
function withPosition(error: RulesEvaluationError, position: SourcePosition): RulesEvaluationError {
  return error instanceof UnprovableError ? new UnprovableError(error.message, position) : new RulesEvaluationError(error.message, position);
}

/** `a.b`: map fields (an error when absent), or fields of a partly known query document. */
export function memberOf(object: Value, name: string): Value {
  if (object instanceof RulesMap) return object.field(name);
  if (object instanceof Unknown) {
    if (object.facts.field) return object.facts.field(name);
    throw new UnprovableError(`${object.description}.${name} is not fixed by the query`);
  }
  throw new RulesEvaluationError(`Property ${name} is undefined on object of type ${typeOf(object)}`);
}

function binary(operator: string, left: Value, right: Value): Value {
  if (left instanceof Unknown || right instanceof Unknown) return unknownOperand(operator, left, right);
  switch (operator) {
    case '==':
      return valuesEqual(left, right);
    case '!=':
      return !valuesEqual(left, right);
    case '<':
      return compareValues(left, right) < 0;
    case '<=':
      return compareValues(left, right) <= 0;
    case '>':
      return compareValues(left, right) > 0;
    case '>=':
      return compareValues(left, right) >= 0;
    case 'in':
      return contains(right, left);
    default:
      return arithmetic(operator, left, right);
  }
}

/** Comparisons with one Unknown side are proved from the query's filters; the rest cannot be. */
function unknownOperand(operator: string, left: Value, right: Value): Value {
  if (operator === 'in' && right instanceof Unknown && !(left instanceof Unknown)) {
    const known = typeof left === 'string' ? right.facts.hasKey?.(left) : undefined;
    if (known !== undefined) return known;
    if (right.facts.contains?.some((item) => valuesEqual(item, left))) return true;
  }
  if (['==', '!=', '<', '<=', '>', '>='].includes(operator)) return compareUnknown(operator as '==', left, right);
  const unknown = (left instanceof Unknown ? left : right) as Unknown;
  throw new UnprovableError(`'${operator}' on ${unknown.description} depends on a value the query does not constrain`);
}

function contains(collection: Value, item: Value): boolean {
  if (Array.isArray(collection)) return collection.some((element) => valuesEqual(element, item));
  if (collection instanceof RulesSet) return collection.has(item);
  if (collection instanceof RulesMap) return typeof item === 'string' && collection.has(item);
  throw new RulesEvaluationError(`'in' needs a list, set or map on the right, got ${typeOf(collection)}`);
}

function arithmetic(operator: string, left: Value, right: Value): Value {
  if (operator === '+' && typeof left === 'string' && typeof right === 'string') return left + right;
  if (operator === '+' || operator === '-') {
    const time = timeArithmetic(operator, left, right);
    if (time !== undefined) return time;
  }
  if (!isNumber(left) || !isNumber(right)) {
    throw new RulesEvaluationError(`Unsupported operation: ${typeOf(left)} ${operator} ${typeOf(right)}`);
  }
  if (typeof left === 'bigint' && typeof right === 'bigint') {
    switch (operator) {
      case '+':
        return checkedInt(left + right);
      case '-':
        return checkedInt(left - right);
      case '*':
        return checkedInt(left * right);
      case '/':
        if (right === 0n) throw new RulesEvaluationError('Division by zero');
        return checkedInt(left / right);
      case '%':
        if (right === 0n) throw new RulesEvaluationError('Modulo by zero');
        return left % right;
    }
  }
  const x = Number(left);
  const y = Number(right);
  switch (operator) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      return x / y;
    default:
      return x % y;
  }
}
