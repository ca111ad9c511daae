/**
 * Time at production's precision: timestamps compare to the nanosecond, `request.time`
 * keeps every digit the caller gives (a commit time has microseconds), and arithmetic with
 * durations never rounds. Firestore commit times are microseconds; rules timestamps are
 * nanoseconds (rules.Timestamp), so both must survive.
 */
import { describe, expect, it } from 'vitest';
import { evaluateExpression, RulesEngine, values, type RequestTime } from '../../src/rules/index.js';
import { alice } from './helpers.js';

const { Timestamp } = values;
const ts = (iso: string) => Timestamp.parse(iso);

/** A commit time as the Firestore emulator writes it: microseconds past the millisecond. */
const COMMIT = '2026-08-14T20:00:00.123456Z';
const COMMIT_SECONDS = 1786737600n;

describe('timestamps at micro- and nanosecond precision', () => {
  const scope = {
    commit: ts(COMMIT),
    sameInstant: ts('2026-08-14T20:00:00.123456000Z'),
    microLater: ts('2026-08-14T20:00:00.123457Z'),
    nanoLater: ts('2026-08-14T20:00:00.123456001Z'),
    sameMilli: ts('2026-08-14T20:00:00.123Z'),
  };
  const evaluate = (source: string) => {
    const result = evaluateExpression(source, scope);
    if (!result.ok) throw result.error;
    return result.value;
  };

  it.each([
    ['commit == sameInstant', true],
    ['commit == microLater', false],
    ['commit == nanoLater', false],
    ['commit == sameMilli', false],
    ['commit != nanoLater', true],
  ])('equality: %s is %s', (source, expected) => {
    expect(evaluate(source)).toBe(expected);
  });

  it.each([
    ['commit < microLater', true],
    ['commit < nanoLater', true],
    ['nanoLater < microLater', true],
    ['sameMilli < commit', true],
    ['commit <= sameInstant && commit >= sameInstant', true],
    ['microLater > nanoLater', true],
    ['commit > nanoLater', false],
  ])('ordering: %s is %s', (source, expected) => {
    expect(evaluate(source)).toBe(expected);
  });

  it('differences are exact durations', () => {
    expect(evaluate("microLater - commit == duration.value(1000, 'ns')")).toBe(true);
    expect(evaluate('nanoLater - commit')).toStrictEqual(new values.Duration(1n));
    expect(evaluate('commit.nanos()')).toBe(123_456_000n);
  });
});

describe('request.time', () => {
  const engine = RulesEngine.fromSource(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /stamps/{id} {
      allow create: if request.resource.data.createdAt == request.time;
    }
    match /leases/{id} {
      allow create: if request.resource.data.expiresAt == request.time + duration.value(1, 'h')
        && request.resource.data.startedAt == request.time - duration.value(250, 'ns');
    }
    match /clock/{id} {
      allow get: if request.time.nanos() == 123456789 && request.time.toMillis() == 1786737600123;
    }
  }
}`);
  const create = (path: string, time: RequestTime, data: Record<string, string>) =>
    engine.authorizeFirestoreSync({
      method: 'create',
      path,
      auth: alice,
      time,
      incoming: { fields: Object.fromEntries(Object.entries(data).map(([key, iso]) => [key, { timestampValue: iso }])) },
    }).allowed;

  it.each<[string, RequestTime]>([
    ['{seconds, nanos}', { seconds: COMMIT_SECONDS, nanos: 123_456_000 }],
    ['{seconds, nanos} with string seconds (protobuf JSON)', { seconds: String(COMMIT_SECONDS), nanos: 123_456_000 }],
    ['the engine’s Timestamp', ts(COMMIT)],
  ])('given as %s, equals a document time at the same microsecond and no other', (_, time) => {
    expect(create('stamps/a', time, { createdAt: COMMIT })).toBe(true);
    expect(create('stamps/a', time, { createdAt: '2026-08-14T20:00:00.123457Z' })).toBe(false);
    expect(create('stamps/a', time, { createdAt: '2026-08-14T20:00:00.123455Z' })).toBe(false);
    expect(create('stamps/a', time, { createdAt: '2026-08-14T20:00:00.123Z' })).toBe(false);
  });

  it('keeps its nanoseconds through arithmetic with durations', () => {
    const time = { seconds: COMMIT_SECONDS, nanos: 123_456_789 };
    const lease = { expiresAt: '2026-08-14T21:00:00.123456789Z', startedAt: '2026-08-14T20:00:00.123456539Z' };
    expect(create('leases/a', time, lease)).toBe(true);
    expect(create('leases/a', time, { ...lease, expiresAt: '2026-08-14T21:00:00.12345679Z' })).toBe(false);
    expect(create('leases/a', time, { ...lease, startedAt: '2026-08-14T20:00:00.123456538Z' })).toBe(false);
  });

  it('exposes its nanoseconds to methods', () => {
    const get = (time: RequestTime) => engine.authorizeFirestoreSync({ method: 'get', path: 'clock/x', auth: null, time }).allowed;
    expect(get({ seconds: COMMIT_SECONDS, nanos: 123_456_789 })).toBe(true);
    // A Date carries milliseconds only: still accepted, at that precision.
    expect(get(new Date('2026-08-14T20:00:00.123Z'))).toBe(false);
  });

  it('refuses nanos outside 0..999999999 and seconds that are not whole', () => {
    const get = (time: RequestTime) => () => engine.authorizeFirestoreSync({ method: 'get', path: 'clock/x', auth: null, time });
    expect(get({ seconds: 1, nanos: 1_000_000_000 })).toThrow(/nanos must be an integer from 0 to 999999999/);
    expect(get({ seconds: 1, nanos: -1 })).toThrow(/nanos must be an integer/);
    expect(get({ seconds: 1.5, nanos: 0 })).toThrow(/seconds must be an integer/);
  });

  it('is exact in Storage rules too', async () => {
    const storage = RulesEngine.fromSource(`rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} {
      allow read: if request.time == timestamp.value(1786737600123) + duration.value(456789, 'ns');
    }
  }
}`);
    const read = async (time: RequestTime) => (await storage.authorizeStorage({ method: 'get', bucket: 'b', path: 'x.png', auth: null, time })).allowed;
    expect(await read({ seconds: COMMIT_SECONDS, nanos: 123_456_789 })).toBe(true);
    expect(await read(ts('2026-08-14T20:00:00.123456788Z'))).toBe(false);
  });

  it('reads a document timestamp given as protobuf {seconds, nanos} to the nanosecond', () => {
    const incoming = { fields: { createdAt: { timestampValue: { seconds: String(COMMIT_SECONDS), nanos: 123_456_000 } } } };
    expect(engine.authorizeFirestoreSync({ method: 'create', path: 'stamps/a', auth: alice, time: ts(COMMIT), incoming }).allowed).toBe(true);
  });
});
