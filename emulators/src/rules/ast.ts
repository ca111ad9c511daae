/**
 * The syntax tree of a rules file. Every node carries its source position so parse errors,
 * evaluation errors and coverage reports can point at the text the author wrote.
 */
import type { SourcePosition } from './errors.js';

export type ServiceName = 'cloud.firestore' | 'firebase.storage';

export interface RulesFile {
  rulesVersion: '1' | '2';
  service: ServiceName;
  /** Functions declared at the top level or directly inside the service block. */
  functions: FunctionDecl[];
  matches: MatchBlock[];
  position: SourcePosition;
}

/** One segment of a `match` path: a literal, `{name}` or `{name=**}`. */
export type MatchSegment =
  | { kind: 'literal'; text: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'recursive'; name: string };

export interface MatchBlock {
  segments: MatchSegment[];
  /** The path as written, for reports. */
  pathText: string;
  functions: FunctionDecl[];
  allows: AllowStatement[];
  matches: MatchBlock[];
  position: SourcePosition;
}

export type AllowMethod = 'read' | 'write' | 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AllowStatement {
  methods: AllowMethod[];
  /** Absent for `allow read;`, which allows unconditionally. */
  condition: Expr | undefined;
  /** The condition's source text, for coverage reports. */
  conditionText: string;
  position: SourcePosition;
}

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: { name: string; value: Expr; position: SourcePosition }[];
  body: Expr;
  position: SourcePosition;
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '==' | '!=' | 'in';

/** A path literal segment: literal text and `$(expr)` interpolations, concatenated. */
export type PathPart = { kind: 'text'; text: string } | { kind: 'interpolation'; expr: Expr };

export type Expr =
  | { kind: 'null'; position: SourcePosition }
  | { kind: 'bool'; value: boolean; position: SourcePosition }
  | { kind: 'int'; value: bigint; position: SourcePosition }
  | { kind: 'float'; value: number; position: SourcePosition }
  | { kind: 'string'; value: string; position: SourcePosition }
  | { kind: 'bytes'; value: Uint8Array; position: SourcePosition }
  | { kind: 'identifier'; name: string; position: SourcePosition }
  | { kind: 'list'; items: Expr[]; position: SourcePosition }
  | { kind: 'map'; entries: { key: Expr; value: Expr }[]; position: SourcePosition }
  | { kind: 'path'; segments: PathPart[][]; position: SourcePosition }
  | { kind: 'member'; object: Expr; name: string; position: SourcePosition }
  | { kind: 'index'; object: Expr; index: Expr; position: SourcePosition }
  | { kind: 'slice'; object: Expr; start: Expr | undefined; end: Expr | undefined; position: SourcePosition }
  | { kind: 'call'; callee: Expr; args: Expr[]; position: SourcePosition }
  | { kind: 'unary'; operator: '!' | '-'; operand: Expr; position: SourcePosition }
  | { kind: 'binary'; operator: BinaryOperator; left: Expr; right: Expr; position: SourcePosition }
  | { kind: 'logical'; operator: '&&' | '||'; left: Expr; right: Expr; position: SourcePosition }
  | { kind: 'is'; operand: Expr; typeName: TypeName; position: SourcePosition }
  | { kind: 'ternary'; condition: Expr; then: Expr; otherwise: Expr; position: SourcePosition };

/** The type names `x is T` accepts: the documented list plus bytes, set and map_diff. */
export const TYPE_NAMES = [
  'bool',
  'int',
  'float',
  'number',
  'string',
  'list',
  'map',
  'timestamp',
  'duration',
  'path',
  'latlng',
  'bytes',
  'set',
  'map_diff',
] as const;
export type TypeName = (typeof TYPE_NAMES)[number];
