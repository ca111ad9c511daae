/**
 * Encore's Firebase security rules engine (rules_version 1 and 2; Cloud Firestore and
 * Cloud Storage), for the local emulators' `authorize(...)` seams.
 *
 *   const engine = RulesEngine.fromSource(source);          // throws RulesParseError (line, column)
 *   const decision = await engine.authorizeFirestore({       // or authorizeFirestoreSync, authorizeStorage
 *     method: 'update', path: 'users/alice', auth, resource, incoming, documents });
 *   if (!decision.allowed) fail(PERMISSION_DENIED, decision.reason);
 *   engine.coverage.report();                                // per allow statement: allow/deny/error counts
 *
 * Semantics follow the Firebase rules reference: an allow statement whose condition
 * errors counts as false; `read` covers get and list, `write` covers create, update and
 * delete; any allowing statement on any matching path allows. List requests are judged
 * against the query, not the documents (see query.ts). The caller handles admin
 * credentials (`Bearer owner` bypasses rules) before asking.
 */
import type { RulesFile } from './ast.js';
import { RulesCoverage } from './coverage.js';
import { settleDecision, settleDecisionSync, type Decision } from './decide.js';
import { prepareFirestore, type FirestoreRequest } from './firestore.js';
import { parseRules } from './parser.js';
import { prepareStorage, type StorageRequest } from './storage.js';

export class RulesEngine {
  /** Coverage accumulated over every request this engine answered. */
  readonly coverage: RulesCoverage;

  private constructor(readonly rules: RulesFile) {
    this.coverage = new RulesCoverage(rules);
  }

  /** Parses a rules file; throws RulesParseError naming the line and column of the fault. */
  static fromSource(source: string): RulesEngine {
    return new RulesEngine(parseRules(source));
  }

  get service(): RulesFile['service'] {
    return this.rules.service;
  }

  /** Decides a Firestore request; document accessors may answer synchronously or with a Promise. */
  authorizeFirestore(request: FirestoreRequest): Promise<Decision> {
    this.expectService('cloud.firestore');
    return settleDecision(prepareFirestore(this.rules, this.coverage, request));
  }

  /** The same, at once, for synchronous seams: every document accessor must answer synchronously. */
  authorizeFirestoreSync(request: FirestoreRequest): Decision {
    this.expectService('cloud.firestore');
    return settleDecisionSync(prepareFirestore(this.rules, this.coverage, request));
  }

  /** Decides a Storage request; the `firestore` accessor may answer synchronously or with a Promise. */
  authorizeStorage(request: StorageRequest): Promise<Decision> {
    this.expectService('firebase.storage');
    return settleDecision(prepareStorage(this.rules, this.coverage, request));
  }

  private expectService(service: RulesFile['service']): void {
    if (this.rules.service !== service) throw new Error(`These rules are for service ${this.rules.service}, not ${service}`);
  }
}

export type { AllowEvaluation, Decision, RequestMethod } from './decide.js';
export type { CoverageEntry } from './coverage.js';
export type { FirestoreRequest } from './firestore.js';
export type { StorageObjectMetadata, StorageRequest } from './storage.js';
export type { StructuredQueryJson } from './query.js';
export type { FirestoreDocument, FirestoreValueJson } from './firestore-values.js';
export type { DocumentAccessor } from './documents.js';
export type { RequestTime } from './request-values.js';
export { DocumentAccessBudget } from './documents.js';
export { RulesEvaluationError, RulesParseError } from './errors.js';
export { parseExpression, parseRules } from './parser.js';
export { evaluateExpression, type ExpressionResult } from './expression.js';
export * as values from './values.js';
