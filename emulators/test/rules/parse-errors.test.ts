/** Parse errors name the exact line and column (1-based) of the offending text. */
import { describe, expect, it } from 'vitest';
import { RulesParseError, parseExpression, parseRules } from '../../src/rules/index.js';

const wrap = (body: string) => `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

type ParseErrorCase = [name: string, source: string, line: number, column: number, detail: string];

const cases: ParseErrorCase[] = [
  ['missing condition after if', wrap('    allow read: if ;'), 4, 20, "Unexpected ';', expected an expression"],
  ['unknown method', wrap('    allow reed: if true;'), 4, 11, "Unknown method 'reed', expected read, write, get, list, create, update or delete"],
  ['missing if', wrap('    allow read: true;'), 4, 17, "Unexpected 'true', expected 'if'"],
  ['unclosed match block', "service cloud.firestore {\n  match /a/{b} {\n    allow read;\n", 4, 1, "Unexpected end of input, expected 'match', 'allow', 'function' or '}'"],
  ['bad wildcard', wrap('    match /users/{user-id} { allow read; }'), 4, 18, 'Invalid wildcard, expected {name} or {name=**}'],
  ['duplicate wildcard', wrap('    match /a/{x}/b/{x} { allow read; }'), 4, 20, "Duplicate wildcard 'x'"],
  ['two recursive wildcards', wrap('    match /{a=**}/b/{c=**} { allow read; }'), 4, 11, 'A match path may contain at most one {name=**} wildcard'],
  ['unterminated string', wrap("    allow read: if 'abc;"), 4, 20, 'Unterminated string literal'],
  ['bad escape', wrap("    allow read: if 'a\\qb' == 'x';"), 4, 22, "Invalid escape sequence '\\q'"],
  ['unknown type after is', wrap('    allow read: if 1 is integer;'), 4, 25, "Unknown type 'integer'"],
  ['unknown service', 'service cloud.datastore {\n}', 1, 9, "Unknown service 'cloud.datastore', expected cloud.firestore or firebase.storage"],
  ['bad rules_version', "rules_version = '3';\nservice cloud.firestore {}", 1, 17, "rules_version must be '1' or '2'"],
  ['missing service', "rules_version = '2';\n", 2, 1, "Unexpected end of input, expected 'service'"],
  ['function without return', wrap('    function f() { let x = 1; }'), 4, 31, "Unexpected '}', expected 'return'"],
  ['let without semicolon', wrap('    function f() { let x = 1 return x; }'), 4, 30, "Unexpected 'return', expected ';'"],
  ['unbalanced parenthesis', wrap('    allow read: if (true && false;'), 4, 34, "Unexpected ';', expected ')'"],
  ['unexpected character', wrap('    allow read: if 1 # 2;'), 4, 22, "Unexpected character '#'"],
  ['integer literal too large', wrap('    allow read: if 9223372036854775808 > 0;'), 4, 20, 'Integer literal 9223372036854775808 is out of the 64-bit range'],
  ['unterminated comment', wrap('    /* never closed'), 4, 5, 'Unterminated comment'],
  ['allow outside match', "service firebase.storage {\n  allow read;\n}", 2, 3, "Unexpected 'allow', expected 'match', 'function' or '}'"],
  ['path literal with empty interpolation', wrap('    allow read: if exists(/a/$());'), 4, 32, "Unexpected ')', expected an expression"],
  ['second service block', "service cloud.firestore {}\nservice firebase.storage {}", 2, 1, 'Only one service block is allowed'],
];

describe('parse errors', () => {
  it.each(cases)('%s', (_name, source, line, column, detail) => {
    let caught: unknown;
    try {
      parseRules(source);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RulesParseError);
    const error = caught as RulesParseError;
    expect({ line: error.line, column: error.column, detail: error.detail }).toEqual({ line, column, detail });
    expect(error.message).toBe(`Line ${line}, column ${column}: ${detail}`);
  });

  it('reports positions inside single expressions', () => {
    expect(() => parseExpression('1 +\n  * 2')).toThrow('Line 2, column 3: Unexpected \'*\', expected an expression');
    expect(() => parseExpression('a.b(')).toThrow("Line 1, column 5: Unexpected end of input, expected an expression");
  });
});

describe('well-formed files', () => {
  it('accepts comments, optional semicolons, functions at every level and both services', () => {
    const rules = parseRules(`
      // leading comment
      rules_version = '2';
      function top() { return true }
      service firebase.storage {
        function inService(x) { let y = x + 1; let z = y * 2; return z > 3; }
        match /b/{bucket}/o {
          /* block comment */
          match /images/{imageId} {
            function local() { return imageId.size() > 0 }
            allow read
            allow create, update: if top() && inService(1) && local();
          }
        }
      }`);
    expect(rules.service).toBe('firebase.storage');
    expect(rules.rulesVersion).toBe('2');
    expect(rules.functions.map((f) => f.name)).toEqual(['top', 'inService']);
    const images = rules.matches[0]!.matches[0]!;
    expect(images.pathText).toBe('/images/{imageId}');
    expect(images.allows.map((a) => a.methods)).toEqual([['read'], ['create', 'update']]);
    expect(images.allows[1]!.conditionText).toBe('top() && inService(1) && local()');
  });

  it('defaults to rules_version 1 when none is given', () => {
    expect(parseRules('service cloud.firestore { match /databases/{db}/documents { } }').rulesVersion).toBe('1');
  });
});
