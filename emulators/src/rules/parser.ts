/**
 * A recursive-descent parser for Firebase security rules (rules_version 1 and 2).
 *
 * Precedence, lowest first, as in the rules language reference:
 *   a ? b : c  <  ||  <  &&  <  == !=  <  is  <  in  <  < <= > >=  <  + -  <  * / %
 *   <  unary ! -  <  a.f a[i] a[i:j] a()
 */
import {
  TYPE_NAMES,
  type AllowMethod,
  type AllowStatement,
  type BinaryOperator,
  type Expr,
  type FunctionDecl,
  type MatchBlock,
  type MatchSegment,
  type PathPart,
  type RulesFile,
  type ServiceName,
  type TypeName,
} from './ast.js';
import type { SourcePosition } from './errors.js';
import { Scanner, isMatchTextChar, isPathTextChar, type Token } from './lexer.js';

const ALLOW_METHODS: readonly AllowMethod[] = ['read', 'write', 'get', 'list', 'create', 'update', 'delete'];
const INT64_MAX = (1n << 63n) - 1n;
const SERVICES: readonly ServiceName[] = ['cloud.firestore', 'firebase.storage'];

/** Parses a whole rules file; throws RulesParseError with the line and column of the fault. */
export function parseRules(source: string): RulesFile {
  return new Parser(source).parseFile();
}

/** Parses one expression (used by tests and tools that evaluate a condition on its own). */
export function parseExpression(source: string): Expr {
  const parser = new Parser(source);
  const expr = parser.parseExpression();
  parser.expectEnd();
  return expr;
}

class Parser {
  private readonly scanner: Scanner;
  private current: Token;

  constructor(source: string) {
    this.scanner = new Scanner(source);
    this.current = this.scanner.next();
  }

  // ---- token helpers ----

  private position(token: Token = this.current): SourcePosition {
    return this.scanner.positionAt(token.start);
  }

  private describe(token: Token): string {
    return token.kind === 'eof' ? 'end of input' : `'${token.text}'`;
  }

  private fail(expected: string, token: Token = this.current): never {
    throw this.scanner.error(`Unexpected ${this.describe(token)}, expected ${expected}`, token.start);
  }

  private advance(): Token {
    const token = this.current;
    this.lastEnd = token.end;
    this.current = this.scanner.next();
    return token;
  }

  private is(text: string): boolean {
    return (this.current.kind === 'punct' || this.current.kind === 'identifier') && this.current.text === text;
  }

  private accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.advance();
    return true;
  }

  private expect(text: string): Token {
    if (!this.is(text)) this.fail(`'${text}'`);
    return this.advance();
  }

  private expectIdentifier(what: string): Token {
    if (this.current.kind !== 'identifier') this.fail(what);
    return this.advance();
  }

  expectEnd(): void {
    if (this.current.kind !== 'eof') this.fail('end of input');
  }

  // ---- statements ----

  parseFile(): RulesFile {
    const position = this.position();
    let rulesVersion: '1' | '2' = '1';
    if (this.is('rules_version')) {
      this.advance();
      this.expect('=');
      const version = this.current;
      if (version.kind !== 'string' || (version.value !== '1' && version.value !== '2')) {
        throw this.scanner.error(`rules_version must be '1' or '2'`, version.start);
      }
      this.advance();
      rulesVersion = version.value;
      this.accept(';');
    }
    const functions: FunctionDecl[] = [];
    let service: { name: ServiceName; matches: MatchBlock[] } | undefined;
    while (this.current.kind !== 'eof') {
      if (this.is('function')) {
        functions.push(this.parseFunction());
      } else if (this.is('service')) {
        if (service) throw this.scanner.error('Only one service block is allowed', this.current.start);
        service = this.parseService(functions);
      } else {
        this.fail(`'service' or 'function'`);
      }
    }
    if (!service) this.fail(`'service'`);
    return { rulesVersion, service: service.name, functions, matches: service.matches, position };
  }

  private parseService(functions: FunctionDecl[]): { name: ServiceName; matches: MatchBlock[] } {
    this.expect('service');
    const nameToken = this.current;
    let name = this.expectIdentifier('a service name').text;
    while (this.accept('.')) name += '.' + this.expectIdentifier('a service name').text;
    if (!(SERVICES as readonly string[]).includes(name)) {
      throw this.scanner.error(`Unknown service '${name}', expected cloud.firestore or firebase.storage`, nameToken.start);
    }
    this.expect('{');
    const matches: MatchBlock[] = [];
    while (!this.is('}')) {
      if (this.is('match')) matches.push(this.parseMatch());
      else if (this.is('function')) functions.push(this.parseFunction());
      else this.fail(`'match', 'function' or '}'`);
    }
    this.expect('}');
    return { name: name as ServiceName, matches };
  }

  private parseMatch(): MatchBlock {
    const position = this.position();
    const keyword = this.expect('match');
    const { segments, text } = this.scanMatchPath(keyword.end);
    this.expect('{');
    const block: MatchBlock = { segments, pathText: text, functions: [], allows: [], matches: [], position };
    while (!this.is('}')) {
      if (this.is('match')) block.matches.push(this.parseMatch());
      else if (this.is('allow')) block.allows.push(this.parseAllow());
      else if (this.is('function')) block.functions.push(this.parseFunction());
      else this.fail(`'match', 'allow', 'function' or '}'`);
    }
    this.expect('}');
    return block;
  }

  /** Scans `/seg/{var}/{rest=**}` raw from `offset`, then resumes ordinary tokens. */
  private scanMatchPath(offset: number): { segments: MatchSegment[]; text: string } {
    const scanner = this.scanner;
    scanner.pos = offset;
    scanner.skipTrivia();
    const start = scanner.pos;
    if (scanner.peekChar() !== '/') throw scanner.error(`Expected a path starting with '/'`, scanner.pos);
    const segments: MatchSegment[] = [];
    const names = new Set<string>();
    while (scanner.peekChar() === '/') {
      scanner.pos++;
      const segmentStart = scanner.pos;
      if (scanner.peekChar() === '{') {
        const close = scanner.source.indexOf('}', segmentStart);
        const inner = close < 0 ? '' : scanner.source.slice(segmentStart + 1, close);
        const match = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(inner);
        if (!match) throw scanner.error(`Invalid wildcard, expected {name} or {name=**}`, segmentStart);
        const name = match[1]!;
        if (names.has(name)) throw scanner.error(`Duplicate wildcard '${name}'`, segmentStart);
        names.add(name);
        segments.push(match[2] ? { kind: 'recursive', name } : { kind: 'wildcard', name });
        scanner.pos = close + 1;
      } else {
        while (isMatchTextChar(scanner.peekChar())) scanner.pos++;
        if (scanner.pos === segmentStart) throw scanner.error('Empty path segment', segmentStart);
        segments.push({ kind: 'literal', text: scanner.source.slice(segmentStart, scanner.pos) });
      }
    }
    const recursive = segments.filter((s) => s.kind === 'recursive').length;
    if (recursive > 1) throw scanner.error('A match path may contain at most one {name=**} wildcard', start);
    const text = scanner.source.slice(start, scanner.pos);
    this.current = scanner.next();
    return { segments, text };
  }

  private parseAllow(): AllowStatement {
    const position = this.position();
    this.expect('allow');
    const methods: AllowMethod[] = [];
    do {
      const token = this.expectIdentifier('a method (read, write, get, list, create, update, delete)');
      if (!(ALLOW_METHODS as readonly string[]).includes(token.text)) {
        throw this.scanner.error(`Unknown method '${token.text}', expected read, write, get, list, create, update or delete`, token.start);
      }
      methods.push(token.text as AllowMethod);
    } while (this.accept(','));
    let condition: Expr | undefined;
    let conditionText = 'true';
    if (this.accept(':')) {
      this.expect('if');
      const start = this.current.start;
      condition = this.parseExpression();
      conditionText = this.scanner.source.slice(start, this.lastEnd).trim();
    }
    this.accept(';');
    return { methods, condition, conditionText, position };
  }

  private parseFunction(): FunctionDecl {
    const position = this.position();
    this.expect('function');
    const name = this.expectIdentifier('a function name').text;
    this.expect('(');
    const params: string[] = [];
    if (!this.is(')')) {
      do params.push(this.expectIdentifier('a parameter name').text);
      while (this.accept(','));
    }
    this.expect(')');
    this.expect('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.is('let')) {
      const letPosition = this.position();
      this.advance();
      const letName = this.expectIdentifier('a variable name').text;
      this.expect('=');
      lets.push({ name: letName, value: this.parseExpression(), position: letPosition });
      this.expect(';');
    }
    this.expect('return');
    const body = this.parseExpression();
    this.accept(';');
    this.expect('}');
    return { name, params, lets, body, position };
  }

  // ---- expressions ----

  /** End offset of the last token consumed (for slicing condition text). */
  private lastEnd = 0;

  parseExpression(): Expr {
    return this.parseTernary();
  }

  private parseTernary(): Expr {
    const condition = this.parseBinaryLevel(0);
    if (!this.is('?')) return condition;
    this.advance();
    const then = this.parseTernary();
    this.expect(':');
    const otherwise = this.parseTernary();
    return { kind: 'ternary', condition, then, otherwise, position: condition.position };
  }

  /** Binary levels from loosest to tightest; `is` and `in` have their own levels. */
  private static readonly LEVELS: readonly (readonly string[])[] = [
    ['||'],
    ['&&'],
    ['==', '!='],
    ['is'],
    ['in'],
    ['<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  private parseBinaryLevel(level: number): Expr {
    if (level >= Parser.LEVELS.length) return this.parseUnary();
    const operators = Parser.LEVELS[level]!;
    let left = this.parseBinaryLevel(level + 1);
    for (;;) {
      const token = this.current;
      const isOperator = (token.kind === 'punct' || token.kind === 'identifier') && operators.includes(token.text);
      if (!isOperator) return left;
      this.advance();
      const position = left.position;
      if (token.text === 'is') {
        const typeToken = this.expectIdentifier('a type name');
        if (!(TYPE_NAMES as readonly string[]).includes(typeToken.text)) {
          throw this.scanner.error(`Unknown type '${typeToken.text}'`, typeToken.start);
        }
        left = { kind: 'is', operand: left, typeName: typeToken.text as TypeName, position };
        continue;
      }
      const right = this.parseBinaryLevel(level + 1);
      if (token.text === '&&' || token.text === '||') {
        left = { kind: 'logical', operator: token.text, left, right, position };
      } else {
        left = { kind: 'binary', operator: token.text as BinaryOperator, left, right, position };
      }
    }
  }

  private parseUnary(): Expr {
    if (this.is('!') || this.is('-')) {
      const token = this.advance();
      // `-9223372036854775808` is an int literal, not the negation of an out-of-range one.
      if (token.text === '-' && this.current.kind === 'int' && this.current.start === token.end) {
        const digits = this.advance();
        return this.parsePostfixOf({ kind: 'int', value: -(digits.value as bigint), position: this.scanner.positionAt(token.start) });
      }
      const operand = this.parseUnary();
      return { kind: 'unary', operator: token.text as '!' | '-', operand, position: this.scanner.positionAt(token.start) };
    }
    return this.parsePostfix();
  }

  private parsePostfix(): Expr {
    return this.parsePostfixOf(this.parsePrimary());
  }

  private parsePostfixOf(primary: Expr): Expr {
    let expr = primary;
    for (;;) {
      if (this.is('.')) {
        this.advance();
        const name = this.expectIdentifier('a field or method name');
        expr = { kind: 'member', object: expr, name: name.text, position: this.scanner.positionAt(name.start) };
      } else if (this.is('(')) {
        const open = this.advance();
        const args = this.parseArguments(')');
        expr = { kind: 'call', callee: expr, args, position: this.scanner.positionAt(open.start) };
      } else if (this.is('[')) {
        const open = this.advance();
        expr = this.parseIndexOrSlice(expr, this.scanner.positionAt(open.start));
      } else {
        return expr;
      }
    }
  }

  private parseIndexOrSlice(object: Expr, position: SourcePosition): Expr {
    let start: Expr | undefined;
    if (!this.is(':')) start = this.parseExpression();
    if (this.accept(':')) {
      const end = this.is(']') ? undefined : this.parseExpression();
      this.expect(']');
      return { kind: 'slice', object, start, end, position };
    }
    this.expect(']');
    if (!start) this.fail('an index');
    return { kind: 'index', object, index: start, position };
  }

  private parseArguments(close: string): Expr[] {
    const args: Expr[] = [];
    if (!this.is(close)) {
      do args.push(this.parseExpression());
      while (this.accept(','));
    }
    this.expect(close);
    return args;
  }

  private parsePrimary(): Expr {
    const token = this.current;
    const position = this.position(token);
    switch (token.kind) {
      case 'int':
        this.advance();
        if ((token.value as bigint) > INT64_MAX) throw this.scanner.error(`Integer literal ${token.text} is out of the 64-bit range`, token.start);
        return { kind: 'int', value: token.value as bigint, position };
      case 'float':
        this.advance();
        return { kind: 'float', value: token.value as number, position };
      case 'string':
        this.advance();
        return { kind: 'string', value: token.value as string, position };
      case 'bytes':
        this.advance();
        return { kind: 'bytes', value: token.value as Uint8Array, position };
      case 'identifier':
        this.advance();
        if (token.text === 'true' || token.text === 'false') return { kind: 'bool', value: token.text === 'true', position };
        if (token.text === 'null') return { kind: 'null', position };
        return { kind: 'identifier', name: token.text, position };
      case 'punct':
        if (token.text === '(') {
          this.advance();
          const inner = this.parseExpression();
          this.expect(')');
          return inner;
        }
        if (token.text === '[') {
          this.advance();
          return { kind: 'list', items: this.parseArguments(']'), position };
        }
        if (token.text === '{') return this.parseMap(position);
        if (token.text === '/') return this.parsePathLiteral(token);
        break;
      case 'eof':
        break;
    }
    this.fail('an expression');
  }

  private parseMap(position: SourcePosition): Expr {
    this.expect('{');
    const entries: { key: Expr; value: Expr }[] = [];
    if (!this.is('}')) {
      do {
        const key = this.parseExpression();
        this.expect(':');
        entries.push({ key, value: this.parseExpression() });
      } while (this.accept(','));
    }
    this.expect('}');
    return { kind: 'map', entries, position };
  }

  /** Scans `/a/$(expr)/b...` from the `/` token, parsing each `$(...)` as an expression. */
  private parsePathLiteral(slash: Token): Expr {
    const scanner = this.scanner;
    const position = this.position(slash);
    scanner.pos = slash.start;
    const segments: PathPart[][] = [];
    const startsSegment = (c: string) => isPathTextChar(c) || c === '$' || c === '(';
    while (scanner.peekChar() === '/' && startsSegment(scanner.peekChar(1))) {
      scanner.pos++;
      const parts: PathPart[] = [];
      // `(default)`, the default database's id, is written literally in paths.
      const databaseId = /^\([A-Za-z0-9_-]+\)/.exec(scanner.source.slice(scanner.pos, scanner.pos + 70));
      if (databaseId) {
        scanner.pos += databaseId[0].length;
        parts.push({ kind: 'text', text: databaseId[0] });
      }
      for (;;) {
        const textStart = scanner.pos;
        while (isPathTextChar(scanner.peekChar()) && !startsMethodCall(scanner)) scanner.pos++;
        if (scanner.pos > textStart) parts.push({ kind: 'text', text: scanner.source.slice(textStart, scanner.pos) });
        if (scanner.peekChar() === '$' && scanner.peekChar(1) === '(') {
          scanner.pos += 2;
          this.current = scanner.next();
          const expr = this.parseExpression();
          if (!this.is(')')) this.fail(`')'`);
          scanner.pos = this.current.end;
          parts.push({ kind: 'interpolation', expr });
          continue;
        }
        break;
      }
      if (parts.length === 0) throw scanner.error('Empty path segment', scanner.pos);
      segments.push(parts);
    }
    if (segments.length === 0) throw scanner.error('Unexpected \'/\', expected an expression', slash.start);
    this.lastEnd = scanner.pos;
    this.current = scanner.next();
    return { kind: 'path', segments, position };
  }
}

/** In a path literal, `.name(` ends the path: `/a/$(b).bind({...})` calls bind on the path. */
function startsMethodCall(scanner: Scanner): boolean {
  return scanner.peekChar() === '.' && /^\.[A-Za-z_][A-Za-z0-9_]*\s*\(/.test(scanner.source.slice(scanner.pos, scanner.pos + 100));
}
