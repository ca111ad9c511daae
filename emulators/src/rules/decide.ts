/**
 * The service-independent core of a rules decision: find the match blocks for a path,
 * run the allow statements that cover the method, and answer allowed or denied with the
 * reason. Production semantics: any allow statement evaluating to true allows the
 * request; one that errors counts as false and never blocks another.
 */
import type { AllowMethod, AllowStatement, RulesFile } from './ast.js';
import type { AllowOutcome, RulesCoverage } from './coverage.js';
import { RulesEvaluationError } from './errors.js';
import type { DocumentReads } from './documents.js';
import { Scope, type Interpreter } from './interpreter.js';
import { findMatches, type RequestSegment } from './matcher.js';
import type { Value } from './values.js';

/** The methods a request can have; `read` and `write` are shorthands in rules only. */
export type RequestMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

const COVERS: Record<AllowMethod, readonly RequestMethod[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

export function allowCovers(allow: AllowStatement, method: RequestMethod): boolean {
  return allow.methods.some((m) => COVERS[m].includes(method));
}

/** One allow statement that ran, with its outcome. */
export interface AllowEvaluation {
  line: number;
  column: number;
  matchPath: string;
  condition: string;
  outcome: AllowOutcome;
  /** For outcome 'error': what failed. */
  error?: string;
}

export interface Decision {
  allowed: boolean;
  /** A sentence for logs and PERMISSION_DENIED messages. */
  reason: string;
  evaluations: AllowEvaluation[];
  /** What `debug()` printed, in order. */
  debug: string[];
}

export interface DecideInput {
  rules: RulesFile;
  method: RequestMethod;
  path: readonly RequestSegment[];
  /** `request`, `resource` and any other globals. */
  globals: Record<string, Value>;
  interpreter: Interpreter;
}

export interface DecideOutcome {
  allowed: boolean;
  evaluations: { allow: AllowStatement; evaluation: AllowEvaluation }[];
}

/** Runs the applicable allow statements until one allows; returns what ran. */
export function decide(input: DecideInput): DecideOutcome {
  const { rules, method, path, interpreter } = input;
  const root = new Scope().declare(rules.functions);
  for (const [name, value] of Object.entries(input.globals)) root.define(name, value);
  const evaluations: DecideOutcome['evaluations'] = [];
  for (const chain of findMatches(rules.matches, path, rules.rulesVersion)) {
    let scope = root;
    let matchPath = '';
    for (const level of chain) {
      scope = new Scope(scope).declare(level.block.functions);
      for (const [name, value] of level.bindings) scope.define(name, value);
      matchPath += level.block.pathText;
    }
    const leaf = chain[chain.length - 1]!.block;
    for (const allow of leaf.allows) {
      if (!allowCovers(allow, method)) continue;
      const evaluation: AllowEvaluation = {
        line: allow.position.line,
        column: allow.position.column,
        matchPath,
        condition: allow.conditionText,
        outcome: 'deny',
      };
      try {
        if (!allow.condition || interpreter.evaluateCondition(allow.condition, scope)) evaluation.outcome = 'allow';
      } catch (error) {
        if (!(error instanceof RulesEvaluationError)) throw error;
        evaluation.outcome = 'error';
        evaluation.error = error.message;
      }
      evaluations.push({ allow, evaluation });
      if (evaluation.outcome === 'allow') return { allowed: true, evaluations };
    }
  }
  return { allowed: false, evaluations };
}

/** Records a finished decision's evaluations in the coverage and phrases its reason. */
export function summarize(
  allowed: boolean,
  evaluations: readonly { allow: AllowStatement; evaluation: AllowEvaluation }[],
  coverage: RulesCoverage,
  debug: string[],
  pathText: string,
  method: RequestMethod,
): Decision {
  for (const { allow, evaluation } of evaluations) coverage.record(allow, evaluation.outcome);
  const list = evaluations.map((e) => e.evaluation);
  let reason: string;
  const winner = list.find((e) => e.outcome === 'allow');
  if (allowed && winner) reason = `Allowed by line ${winner.line}: allow ${method} on ${winner.matchPath}`;
  else if (list.length === 0) reason = `No allow statement matches ${method} on ${pathText}`;
  else {
    const failures = list.map((e) => (e.outcome === 'error' ? `line ${e.line}: ${e.error}` : `line ${e.line}: condition was false`));
    reason = `Denied ${method} on ${pathText}: ${failures.join('; ')}`;
  }
  return { allowed, reason, evaluations: list, debug };
}

/**
 * A request ready to evaluate: either already decided, or a `run` that may stop to have
 * documents fetched (documents.ts) and a `finish` that records coverage and phrases it.
 */
export type PreparedDecision =
  | { ready: Decision }
  | { reads: DocumentReads; run: () => DecideOutcome; finish: (outcome: DecideOutcome) => Decision };

/** Evaluates, fetching documents from asynchronous accessors as needed. */
export async function settleDecision(prepared: PreparedDecision): Promise<Decision> {
  if ('ready' in prepared) return prepared.ready;
  return prepared.finish(await prepared.reads.settle(prepared.run));
}

/** Evaluates at once; every document accessor must answer synchronously. */
export function settleDecisionSync(prepared: PreparedDecision): Decision {
  if ('ready' in prepared) return prepared.ready;
  return prepared.finish(prepared.reads.settleSync(prepared.run));
}
