/**
 * The scanner for rules source. It is pulled by the parser one token at a time rather than
 * run ahead, because two constructs are lexed differently from ordinary expressions and
 * only the parser knows when they start: `match` paths (`/users/{uid}/{rest=**}`) and path
 * literals in expressions (`/databases/$(database)/documents/users/$(uid)`), where `/`
 * separates segments instead of dividing.
 */
import { RulesParseError, type SourcePosition } from './errors.js';

export type TokenKind = 'identifier' | 'int' | 'float' | 'string' | 'bytes' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name, punctuation, or the literal's source text. */
  text: string;
  /** The decoded value of string, bytes, int and float literals. */
  value?: string | Uint8Array | bigint | number;
  start: number;
  end: number;
}

const PUNCTUATION = ['==', '!=', '<=', '>=', '&&', '||', '{', '}', '(', ')', '[', ']', ';', ',', '.', ':', '?', '!', '=', '<', '>', '+', '-', '*', '/', '%'];
/** 2^63: allowed by the scanner only so that the parser can accept it right after a unary minus. */
const INT64_LIMIT = 1n << 63n;

export class Scanner {
  /** Offset of the next character to scan. The parser moves it when it scans paths. */
  pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(readonly source: string) {
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.lineStarts.push(i + 1);
  }

  positionAt(offset: number): SourcePosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }

  error(message: string, offset: number): RulesParseError {
    return new RulesParseError(message, this.positionAt(offset));
  }

  peekChar(offset = 0): string {
    return this.source[this.pos + offset] ?? '';
  }

  /** Skips whitespace and `//` and `/* *\/` comments. */
  skipTrivia(): void {
    for (;;) {
      const c = this.peekChar();
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
        this.pos++;
      } else if (c === '/' && this.peekChar(1) === '/') {
        while (this.pos < this.source.length && this.source[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && this.peekChar(1) === '*') {
        const close = this.source.indexOf('*/', this.pos + 2);
        if (close < 0) throw this.error('Unterminated comment', this.pos);
        this.pos = close + 2;
      } else {
        return;
      }
    }
  }

  next(): Token {
    this.skipTrivia();
    const start = this.pos;
    const c = this.peekChar();
    if (c === '') return { kind: 'eof', text: '<end of input>', start, end: start };
    if ((c === 'r' || c === 'R' || c === 'b' || c === 'B') && (this.peekChar(1) === '"' || this.peekChar(1) === "'")) {
      this.pos++;
      return this.scanString(start, c.toLowerCase() as 'r' | 'b');
    }
    if (isIdentifierStart(c)) {
      while (isIdentifierPart(this.peekChar())) this.pos++;
      return { kind: 'identifier', text: this.source.slice(start, this.pos), start, end: this.pos };
    }
    if (isDigit(c)) return this.scanNumber(start);
    if (c === '"' || c === "'") return this.scanString(start, undefined);
    for (const p of PUNCTUATION) {
      if (this.source.startsWith(p, start)) {
        this.pos += p.length;
        return { kind: 'punct', text: p, start, end: this.pos };
      }
    }
    throw this.error(`Unexpected character '${c}'`, start);
  }

  private scanNumber(start: number): Token {
    while (isDigit(this.peekChar())) this.pos++;
    let isFloat = false;
    if (this.peekChar() === '.' && isDigit(this.peekChar(1))) {
      isFloat = true;
      this.pos++;
      while (isDigit(this.peekChar())) this.pos++;
    }
    if (this.peekChar() === 'e' || this.peekChar() === 'E') {
      const sign = this.peekChar(1) === '+' || this.peekChar(1) === '-' ? 1 : 0;
      if (isDigit(this.peekChar(1 + sign))) {
        isFloat = true;
        this.pos += 1 + sign;
        while (isDigit(this.peekChar())) this.pos++;
      }
    }
    if (isIdentifierPart(this.peekChar())) throw this.error(`Invalid number literal`, start);
    const text = this.source.slice(start, this.pos);
    if (isFloat) return { kind: 'float', text, value: Number(text), start, end: this.pos };
    const value = BigInt(text);
    if (value > INT64_LIMIT) throw this.error(`Integer literal ${text} is out of the 64-bit range`, start);
    return { kind: 'int', text, value, start, end: this.pos };
  }

  /** Strings take C-style escapes; `r'...'` is raw; `b'...'` is bytes (escapes are bytes). */
  private scanString(start: number, prefix: 'r' | 'b' | undefined): Token {
    const quote = this.peekChar();
    this.pos++;
    const units: number[] = [];
    let text = '';
    for (;;) {
      const c = this.peekChar();
      if (c === '' || c === '\n') throw this.error('Unterminated string literal', start);
      this.pos++;
      if (c === quote) break;
      if (c !== '\\' || prefix === 'r') {
        if (prefix === 'b') units.push(...Buffer.from(c, 'utf8'));
        else text += c;
        continue;
      }
      const escapeStart = this.pos - 1;
      const decoded = this.scanEscape(escapeStart, prefix === 'b');
      if (typeof decoded === 'number') units.push(decoded);
      else if (prefix === 'b') units.push(...Buffer.from(decoded, 'utf8'));
      else text += decoded;
    }
    const source = this.source.slice(start, this.pos);
    if (prefix === 'b') return { kind: 'bytes', text: source, value: Uint8Array.from(units), start, end: this.pos };
    return { kind: 'string', text: source, value: text, start, end: this.pos };
  }

  /** Decodes one escape after the backslash; a number is a raw byte (bytes literals only). */
  private scanEscape(escapeStart: number, bytes: boolean): string | number {
    const c = this.peekChar();
    this.pos++;
    const simple: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"', '`': '`', '?': '?' };
    if (c in simple) return simple[c]!;
    const hex = (count: number): number => {
      const digits = this.source.slice(this.pos, this.pos + count);
      if (!new RegExp(`^[0-9a-fA-F]{${count}}$`).test(digits)) throw this.error(`Invalid escape sequence`, escapeStart);
      this.pos += count;
      return parseInt(digits, 16);
    };
    if (c === 'x' || c === 'X') {
      const code = hex(2);
      return bytes ? code : String.fromCodePoint(code);
    }
    if (c === 'u' || c === 'U') {
      const code = hex(c === 'u' ? 4 : 8);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) throw this.error('Invalid Unicode escape', escapeStart);
      return String.fromCodePoint(code);
    }
    if (c >= '0' && c <= '3') {
      const digits = c + this.source.slice(this.pos, this.pos + 2);
      if (!/^[0-3][0-7]{2}$/.test(digits)) throw this.error('Invalid escape sequence', escapeStart);
      this.pos += 2;
      const code = parseInt(digits, 8);
      return bytes ? code : String.fromCodePoint(code);
    }
    throw this.error(`Invalid escape sequence '\\${c}'`, escapeStart);
  }
}

export function isIdentifierStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

export function isIdentifierPart(c: string): boolean {
  return isIdentifierStart(c) || isDigit(c);
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** Characters allowed in a path literal segment's text, e.g. `users`, `(default)` excluded. */
export function isPathTextChar(c: string): boolean {
  return isIdentifierPart(c) || c === '-' || c === '.' || c === '~' || c === '%' || c === '@';
}

/** Characters allowed in a `match` path literal segment: anything but separators and braces. */
export function isMatchTextChar(c: string): boolean {
  return c !== '' && !/[\s/{}]/.test(c);
}
