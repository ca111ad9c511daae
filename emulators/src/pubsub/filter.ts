/**
 * Subscription filters on message attributes
 * (https://cloud.google.com/pubsub/docs/subscription-message-filter):
 *
 *   attributes:KEY                     the attribute is present
 *   attributes.KEY = "v" / != "v"      equality
 *   hasPrefix(attributes.KEY, "p")     prefix
 *   NOT x, -x, (x), x AND y, x OR y    AND and OR may not be mixed without parentheses
 *
 * KEY is a bare word or a quoted string. Messages a filter rejects are acked at publish.
 */
import { invalidArgument } from './status.js';

export type MessageFilter = (attributes: Record<string, string>) => boolean;

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'symbol'; text: '(' | ')' | ':' | '.' | ',' | '=' | '!=' | '-' };

const MAX_FILTER_LENGTH = 256;

export function parseFilter(source: string): MessageFilter {
  if (source.trim() === '') return () => true;
  if (source.length > MAX_FILTER_LENGTH) throw badFilter(source, `longer than ${MAX_FILTER_LENGTH} characters`);
  const parser = new FilterParser(tokenize(source), source);
  const filter = parser.parseExpression();
  parser.expectEnd();
  return filter;
}

function badFilter(source: string, reason: string): Error {
  return invalidArgument(`Invalid filter expression (filter=${source}): ${reason}.`);
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (/\s/.test(char)) {
      i++;
    } else if (char === '"') {
      let text = '';
      i++;
      while (i < source.length && source[i] !== '"') {
        if (source[i] === '\\' && i + 1 < source.length) i++;
        text += source[i];
        i++;
      }
      if (i >= source.length) throw badFilter(source, 'unterminated string');
      i++;
      tokens.push({ kind: 'string', text });
    } else if (source.startsWith('!=', i)) {
      tokens.push({ kind: 'symbol', text: '!=' });
      i += 2;
    } else if ('():.,=-'.includes(char)) {
      tokens.push({ kind: 'symbol', text: char as '(' });
      i++;
    } else {
      const word = /^[A-Za-z0-9_]+/.exec(source.slice(i));
      if (!word) throw badFilter(source, `unexpected character '${char}'`);
      tokens.push({ kind: 'word', text: word[0] });
      i += word[0].length;
    }
  }
  return tokens;
}

class FilterParser {
  private position = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parseExpression(): MessageFilter {
    const first = this.parseUnary();
    const operator = this.peekWord('AND') ? 'AND' : this.peekWord('OR') ? 'OR' : undefined;
    if (!operator) return first;
    const operands = [first];
    while (this.peekWord(operator)) {
      this.position++;
      operands.push(this.parseUnary());
    }
    if (this.peekWord(operator === 'AND' ? 'OR' : 'AND')) {
      throw this.error('AND and OR must be separated by parentheses');
    }
    return operator === 'AND'
      ? (attributes) => operands.every((operand) => operand(attributes))
      : (attributes) => operands.some((operand) => operand(attributes));
  }

  expectEnd(): void {
    if (this.position < this.tokens.length) throw this.error('unexpected trailing input');
  }

  private parseUnary(): MessageFilter {
    if (this.peekWord('NOT') || this.peekSymbol('-')) {
      this.position++;
      const operand = this.parseUnary();
      return (attributes) => !operand(attributes);
    }
    if (this.peekSymbol('(')) {
      this.position++;
      const inner = this.parseExpression();
      this.expectSymbol(')');
      return inner;
    }
    if (this.peekWord('hasPrefix')) {
      this.position++;
      this.expectSymbol('(');
      const key = this.parseAttributeKey('.');
      this.expectSymbol(',');
      const prefix = this.expectString();
      this.expectSymbol(')');
      return (attributes) => attributes[key]?.startsWith(prefix) ?? false;
    }
    return this.parseComparison();
  }

  private parseComparison(): MessageFilter {
    if (!this.peekWord('attributes')) throw this.error('expected an attributes expression');
    this.position++;
    if (this.peekSymbol(':')) {
      this.position++;
      const key = this.expectKey();
      return (attributes) => Object.hasOwn(attributes, key);
    }
    this.expectSymbol('.');
    const key = this.expectKey();
    const operator = this.peekSymbol('=') ? '=' : this.peekSymbol('!=') ? '!=' : undefined;
    if (!operator) throw this.error("expected '=' or '!='");
    this.position++;
    const value = this.expectString();
    return operator === '='
      ? (attributes) => attributes[key] === value
      : (attributes) => attributes[key] !== value;
  }

  private parseAttributeKey(separator: '.'): string {
    if (!this.peekWord('attributes')) throw this.error('expected attributes.KEY');
    this.position++;
    this.expectSymbol(separator);
    return this.expectKey();
  }

  private expectKey(): string {
    const token = this.tokens[this.position];
    if (token?.kind !== 'word' && token?.kind !== 'string') throw this.error('expected an attribute key');
    this.position++;
    return token.text;
  }

  private expectString(): string {
    const token = this.tokens[this.position];
    if (token?.kind !== 'string') throw this.error('expected a quoted string');
    this.position++;
    return token.text;
  }

  private expectSymbol(symbol: string): void {
    if (!this.peekSymbol(symbol)) throw this.error(`expected '${symbol}'`);
    this.position++;
  }

  private peekWord(word: string): boolean {
    const token = this.tokens[this.position];
    return token?.kind === 'word' && token.text === word;
  }

  private peekSymbol(symbol: string): boolean {
    const token = this.tokens[this.position];
    return token?.kind === 'symbol' && token.text === symbol;
  }

  private error(reason: string): Error {
    return badFilter(this.source, reason);
  }
}
