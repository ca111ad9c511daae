/**
 * Evaluates a single expression outside any ruleset: for tests, tools and REPL-style
 * checks of the language itself. Service functions (`get`, `firestore.get`) are absent.
 */
import { RulesEvaluationError } from './errors.js';
import { Interpreter, Scope } from './interpreter.js';
import { parseExpression } from './parser.js';
import type { Value } from './values.js';

export type ExpressionResult = { ok: true; value: Value; debug: string[] } | { ok: false; error: RulesEvaluationError; debug: string[] };

/** Parses and evaluates `source` with the given variables in scope; parse errors throw. */
export function evaluateExpression(source: string, variables: Record<string, Value> = {}): ExpressionResult {
  const expr = parseExpression(source);
  const scope = new Scope();
  for (const [name, value] of Object.entries(variables)) scope.define(name, value);
  const debug: string[] = [];
  const interpreter = new Interpreter({ service: { functions: {} }, debug: (line) => debug.push(line) });
  try {
    return { ok: true, value: interpreter.evaluate(expr, scope), debug };
  } catch (error) {
    if (error instanceof RulesEvaluationError) return { ok: false, error, debug };
    throw error;
  }
}
