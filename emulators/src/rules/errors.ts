/**
 * The two ways a ruleset can fail: at load time (the source does not parse) and at
 * evaluation time (an expression errors, which production treats as "this condition is
 * false", never as a crash).
 */

/** A position in the rules source, 1-based like the Firebase console's error markers. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** The source does not parse; `line`/`column` point at the offending character. */
export class RulesParseError extends Error {
  readonly line: number;
  readonly column: number;
  /** The message without the position prefix. */
  readonly detail: string;

  constructor(detail: string, position: SourcePosition) {
    super(`Line ${position.line}, column ${position.column}: ${detail}`);
    this.name = 'RulesParseError';
    this.line = position.line;
    this.column = position.column;
    this.detail = detail;
  }
}

/**
 * An expression failed while being evaluated (undefined field, wrong type, division by
 * zero, too many document reads...). The allow condition that raised it counts as false.
 */
export class RulesEvaluationError extends Error {
  readonly position: SourcePosition | undefined;

  constructor(message: string, position?: SourcePosition) {
    super(position ? `${message} (line ${position.line}, column ${position.column})` : message);
    this.name = 'RulesEvaluationError';
    this.position = position;
  }
}

/**
 * Evaluating a list rule against a query needed a document value the query does not pin
 * down (see query.ts). Production denies such queries ("rules are not filters"); we raise
 * an error so `&&`/`||` treat it like any other error.
 */
export class UnprovableError extends RulesEvaluationError {
  constructor(message: string, position?: SourcePosition) {
    super(message, position);
    this.name = 'UnprovableError';
  }
}
