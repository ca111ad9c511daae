/**
 * Conformance of the rules language itself: one expression, one exact result or error.
 * Expected values come from the Firebase rules reference (rules.String, rules.List,
 * rules.Map, rules.MapDiff, rules.Timestamp, rules.Duration, rules.Path, math, hashing...)
 * and its language guide (operators, precedence, error handling). Where the reference is
 * silent, the case says so and what we chose.
 */
import { describe, expect, it } from 'vitest';
import { evaluateExpression, values } from '../../src/rules/index.js';

const { Duration, LatLng, RulesMap, RulesPath, RulesSet, Timestamp } = values;
type Value = values.Value;

const ts = (iso: string) => values.Timestamp.parse(iso);

/** Variables available to every case. */
const scope: Record<string, Value> = {
  m: RulesMap.of({ a: 1n, b: 'two', nested: RulesMap.of({ c: true }) }),
  emptyList: [],
  t: ts('2024-03-05T14:07:09.123456789Z'),
  name: 'Encore',
};

type Case = [source: string, expected: Value];
type ErrorCase = [source: string, message: RegExp];

const valueCases: Record<string, Case[]> = {
  'literals and escapes': [
    ['null', null],
    ['true', true],
    ['42', 42n],
    ['-9223372036854775808', -(1n << 63n)],
    ['1.5', 1.5],
    ['2e3', 2000],
    ["'it\\'s'", "it's"],
    ['"tab\\tnew\\nline"', 'tab\tnew\nline'],
    ["'\\u00e9\\x41\\101'", 'éAA'],
    ["r'raw\\n'", 'raw\\n'],
    ["b'\\x00\\xff'.size()", 2n],
    ['[1, "a", null]', [1n, 'a', null]],
    ["{'k': 1}", RulesMap.of({ k: 1n })],
  ],
  'arithmetic and precedence': [
    ['1 + 2 * 3', 7n],
    ['(1 + 2) * 3', 9n],
    ['7 / 2', 3n],
    ['-7 / 2', -3n],
    ['7 % 3', 1n],
    ['-7 % 3', -1n],
    ['7.0 / 2', 3.5],
    ['1 + 0.5', 1.5],
    ['1.0 / 0', Infinity],
    ['--3', 3n],
    ['!true == false', true],
    ['1 < 2 == 2 < 3', true],
    ["'a' + 'b'", 'ab'],
    ['1 == 1.0', true],
    ['1 != 2', true],
    ["'a' < 'b'", true],
    ["'Z' < 'a'", true],
    ['[1, 2] < [1, 3]', true],
    ['null == null', true],
    ["1 == '1'", false],
    ['0.0 / 0.0 == 0.0 / 0.0', false],
  ],
  'logic, short-circuit and errors (documented error semantics)': [
    ['true || undefinedVariable', true],
    ['false && undefinedVariable', false],
    ['undefinedVariable || true', true],
    ['undefinedVariable && false', false],
    ['true ? 1 : undefinedVariable', 1n],
    ['false ? undefinedVariable : 2', 2n],
    ['true ? false ? 1 : 2 : 3', 2n],
    ['1 < 2 && 2 < 3 || false', true],
  ],
  'in and is': [
    ["'a' in ['a', 'b']", true],
    ["'c' in ['a', 'b']", false],
    ["'a' in m", true],
    ["'z' in m", false],
    ['1 in [1.0]', true],
    ["'a' in ['a'].toSet()", true],
    ['1 is int', true],
    ['1 is float', false],
    ['1.0 is number', true],
    ["'s' is string", true],
    ['m is map', true],
    ['[] is list', true],
    ['t is timestamp', true],
    ["duration.value(1, 's') is duration", true],
    ['/a/b is path', true],
    ['latlng.value(1, 2) is latlng', true],
    ["b'x' is bytes", true],
    ['null is map', false],
    ["1 in [1] is bool", true],
  ],
  'strings': [
    ["'ABC'.lower()", 'abc'],
    ["'abc'.upper()", 'ABC'],
    ["'abc'.size()", 3n],
    ["'é😀'.size()", 2n],
    ["'  pad  '.trim()", 'pad'],
    ["'user@domain.com'.matches('.*@domain[.]com')", true],
    ["'banana'.matches('.*@domain[.]com')", false],
    ["'abc'.matches('b')", false],
    ["'ABC'.matches('(?i)abc')", true],
    ["'héllo'.matches('\\\\pL+')", true],
    ["'banana'.replace('a', 'o')", 'bonono'],
    ["'banana'.replace('ana', 'ee')", 'beena'],
    ["'foo@test.com'.replace('.', '-')", '------------'],
    ["'a/b/c'.split('/')", ['a', 'b', 'c']],
    ["'a1b22c'.split('[0-9]+')", ['a', 'b', 'c']],
    ["'hé'.toUtf8().size()", 3n],
    ["'abc'[0]", 'a'],
    ["'abcdef'[0:3]", 'abc'],
    ["'abcdef'[3:]", 'def'],
    ['string(true)', 'true'],
    ['string(1)', '1'],
    ['string(2.0)', '2.0'],
    ['string(null)', 'null'],
    ["name + '!'", 'Encore!'],
  ],
  'numbers and math': [
    ["int('42')", 42n],
    ['int(2.9)', 2n],
    ['int(-2.9)', -2n],
    ["float('1.5')", 1.5],
    ['float(2)', 2],
    ['math.abs(-3)', 3n],
    ['math.abs(-3.5)', 3.5],
    ['math.ceil(1.2)', 2n],
    ['math.floor(-1.2)', -2n],
    ['math.round(2.5)', 3n],
    ['math.sqrt(16)', 4],
    ['math.pow(2, 10)', 1024],
    ['math.isNaN(0.0 / 0.0)', true],
    ['math.isInfinite(1.0 / 0)', true],
  ],
  'lists': [
    ['[1, 2].concat([3])', [1n, 2n, 3n]],
    ["['a', 'b'].hasAll(['a'])", true],
    ["['a', 'b'].hasAll(['a', 'c'])", false],
    ["['a', 'b'].hasAny(['c', 'b'])", true],
    ["['a', 'b'].hasAny([])", false],
    ["['a', 'b'].hasOnly(['a', 'c'])", false],
    ["['a', 'b'].hasOnly(['a', 'b', 'c'])", true],
    ["['a', 'a', 'b'].hasOnly(['a', 'b', 'b'])", true],
    ["['a', 'b', 'c'].join('/')", 'a/b/c'],
    ['[1, 2, 1, 3].removeAll([1])', [2n, 3n]],
    ['[1, 2, 3].size()', 3n],
    ['emptyList.size()', 0n],
    ['[1, 1, 2].toSet() == [2, 1].toSet()', true],
    ['[1, 2, 3][1]', 2n],
    ['[1, 2, 3][1:]', [2n, 3n]],
    ['[1, 2, 3][:2]', [1n, 2n]],
  ],
  'sets': [
    ['[1, 2].toSet().union([3].toSet()).size()', 3n],
    ['[1, 2, 3].toSet().intersection([2, 3, 4].toSet())', new RulesSet([2n, 3n])],
    ['[1, 2, 3].toSet().difference([2].toSet())', new RulesSet([1n, 3n])],
    ["['a'].toSet().hasAny(['a', 'b'])", true],
    ['[1, 2].toSet().hasOnly([1, 2, 3])', true],
  ],
  'maps': [
    ['m.a', 1n],
    ["m['b']", 'two'],
    ['m.nested.c', true],
    ["m.get('a', 0)", 1n],
    ["m.get('missing', 'dflt')", 'dflt'],
    ["m.get(['nested', 'c'], false)", true],
    ["m.get(['nested', 'x'], 'none')", 'none'],
    ['m.keys()', ['a', 'b', 'nested']],
    ["{'x': 1, 'y': 2}.values()", [1n, 2n]],
    ['m.size()', 3n],
    ["{'a': 1, 'b': [1]} == {'b': [1], 'a': 1}", true],
  ],
  'map diffs (receiver is the new map)': [
    ["{'a': 1, 'c': 3}.diff({'a': 1, 'b': 2}).addedKeys()", new RulesSet(['c'])],
    ["{'a': 1, 'c': 3}.diff({'a': 1, 'b': 2}).removedKeys()", new RulesSet(['b'])],
    ["{'a': 2}.diff({'a': 1}).changedKeys()", new RulesSet(['a'])],
    ["{'a': 1, 'b': 5, 'c': 3}.diff({'a': 1, 'b': 2, 'd': 4}).affectedKeys()", new RulesSet(['b', 'c', 'd'])],
    ["{'a': 1, 'b': 5}.diff({'a': 1, 'b': 2}).unchangedKeys()", new RulesSet(['a'])],
    ["{'a': 1}.diff({'a': 1}).affectedKeys().size()", 0n],
  ],
  'timestamps and durations': [
    ['t.year()', 2024n],
    ['t.month()', 3n],
    ['t.day()', 5n],
    ['t.hours()', 14n],
    ['t.minutes()', 7n],
    ['t.seconds()', 9n],
    ['t.nanos()', 123456789n],
    ['t.dayOfYear()', 65n],
    ['t.dayOfWeek()', 2n],
    ['t.date()', ts('2024-03-05T00:00:00Z')],
    ['t.time()', new Duration(((14n * 60n + 7n) * 60n + 9n) * 1_000_000_000n + 123456789n)],
    ['t.toMillis()', 1709647629123n],
    ['timestamp.date(1984, 1, 2)', ts('1984-01-02T00:00:00Z')],
    ['timestamp.value(1000)', ts('1970-01-01T00:00:01Z')],
    ["timestamp.date(2024, 1, 1) + duration.value(1, 'd')", ts('2024-01-02T00:00:00Z')],
    ["timestamp.date(2024, 1, 2) - timestamp.date(2024, 1, 1) == duration.value(24, 'h')", true],
    ["timestamp.date(2024, 1, 1) - duration.value(1, 'ms')", ts('2023-12-31T23:59:59.999Z')],
    ['timestamp.date(2024, 1, 1) < timestamp.date(2024, 1, 2)', true],
    ["duration.value(90, 'm').seconds()", 5400n],
    ["duration.value(1500, 'ms').nanos()", 500_000_000n],
    ["duration.value(2, 'w') == duration.value(14, 'd')", true],
    ['duration.time(1, 2, 3, 4)', new Duration(3723_000_000_004n)],
    ["duration.abs(duration.value(-5, 's'))", new Duration(5_000_000_000n)],
    ["-duration.value(5, 's')", new Duration(-5_000_000_000n)],
  ],
  'paths': [
    ['/databases/$(name)/documents/users', new RulesPath(['databases', 'Encore', 'documents', 'users'])],
    ['/databases/(default)/documents/a/b', new RulesPath(['databases', '(default)', 'documents', 'a', 'b'])],
    ["/users/$(name)_profile", new RulesPath(['users', 'Encore_profile'])],
    ['/a/b/c[1]', 'b'],
    ["path('/a/b') == /a/b", true],
    ["path('a/b/c')[2]", 'c'],
    ["/path/$(foo)/$(bar).bind({'foo': 'something', 'bar': 'another'})", new RulesPath(['path', 'something', 'another'])],
    ["string(/a/b)", '/a/b'],
  ],
  'latlng, bytes and hashing': [
    ['latlng.value(45.5, -73.5).latitude()', 45.5],
    ['latlng.value(45.5, -73.5).longitude()', -73.5],
    ['math.round(latlng.value(0, 0).distance(latlng.value(0, 1)))', 111195n],
    ["b'abc'.toBase64()", 'YWJj'],
    ["b'\\xff\\x01'.toHexString()", 'FF01'],
    ["hashing.md5('abc').toHexString()", '900150983CD24FB0D6963F7D28E17F72'],
    ["hashing.sha256(b'abc').toHexString()", 'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'],
    ["hashing.crc32('123456789').toHexString()", 'CBF43926'],
    ["hashing.crc32c('123456789').toHexString()", 'E3069283'],
  ],
  'debug() returns its argument': [
    ['debug(1 + 1) == 2', true],
  ],
};

const errorCases: Record<string, ErrorCase[]> = {
  'undefined values raise errors, not nulls': [
    ['m.missing', /Property missing is undefined/],
    ["m['missing']", /Property missing is undefined/],
    ['undefinedVariable', /Variable not found: undefinedVariable/],
    ['undefinedVariable && true', /Variable not found/],
    ['undefinedVariable || false', /Variable not found/],
    ['null.field', /Property field is undefined on object of type null/],
  ],
  'type errors': [
    ["1 + 'a'", /Unsupported operation: int \+ string/],
    ["1 < 'a'", /Cannot compare int with string/],
    ['!1', /Cannot apply ! to int/],
    ['1 ? 2 : 3', /Ternary condition is int/],
    ["'a' && true", /Operand of && is string/],
    ['1 in 2', /'in' needs a list, set or map/],
    ["'abc'.size", /Property size is undefined on object of type string/],
    ["'abc'.nope()", /Function not found error: Name: \[nope\]/],
    ['/users/$(typo)', /Variable not found: typo/],
    ['nope()', /Function not found error: Name: \[nope\]/],
    ["{1: 'a'}", /Map keys must be strings/],
  ],
  'range and arithmetic errors': [
    ['1 / 0', /Division by zero/],
    ['1 % 0', /Modulo by zero/],
    ['9223372036854775807 + 1', /Integer overflow/],
    ['[1][1]', /List index 1 out of range/],
    ['[1][-1]', /List index -1 out of range/],
    ["'abc'[1:5]", /out of bounds/],
    ["int('x')", /cannot convert/],
    ['int(1.0 / 0)', /cannot convert Infinity/],
    ['timestamp.date(2023, 2, 29)', /not a valid date/],
    ["duration.value(1, 'y')", /unknown unit 'y'/],
    ['latlng.value(91, 0)', /out of range/],
  ],
  'regular expressions are RE2 (no backreferences or lookahead)': [
    ["'aa'.matches('(a)\\\\1')", /Invalid regular expression/],
    ["'ab'.matches('a(?=b)')", /Invalid regular expression/],
    ["'a'.matches('(')", /Invalid regular expression/],
  ],
  'argument checks': [
    ["'abc'.split()", /split\(\) takes 1 argument/],
    ["[1].hasAll('a')", /hasAll\(\) expected a list or set, got string/],
    ['[1, 2].join(",")', /join\(\) expected a string, got int/],
    ['m.get("a")', /get\(\) takes 2 argument/],
  ],
};

describe('rules expressions: values', () => {
  for (const [group, cases] of Object.entries(valueCases)) {
    describe(group, () => {
      it.each(cases)('%s', (source, expected) => {
        const result = evaluateExpression(source, scope);
        if (!result.ok) throw result.error;
        // Sets compare as sets; everything else exactly, types included (1 is not 1.0).
        if (expected instanceof RulesSet) expect(values.valuesEqual(result.value, expected) && result.value instanceof RulesSet).toBe(true);
        else expect(result.value).toStrictEqual(expected);
      });
    });
  }
});

describe('rules expressions: errors', () => {
  for (const [group, cases] of Object.entries(errorCases)) {
    describe(group, () => {
      it.each(cases)('%s', (source, message) => {
        const result = evaluateExpression(source, scope);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.message).toMatch(message);
      });
    });
  }
});

describe('debug()', () => {
  it('records the rendering of each value it is given', () => {
    const result = evaluateExpression("debug({'a': [1, 2.5, 'x']}).size() == 1 && debug(null) == null");
    expect(result.ok && result.value).toBe(true);
    expect(result.debug).toEqual(['{"a": [1, 2.5, "x"]}', 'null']);
  });
});

describe('value classes', () => {
  it('parses RFC 3339 timestamps with nanoseconds and offsets', () => {
    expect(ts('2024-01-01T01:00:00.5+01:00')).toStrictEqual(new Timestamp(1704067200_500_000_000n));
    expect(new LatLng(1, 2)).toStrictEqual(new LatLng(1, 2));
  });
});
