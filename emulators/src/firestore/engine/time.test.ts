import { describe, expect, it } from 'vitest';
import { Clock, formatTimestamp, parseTimestamp } from './time.js';

describe('time', () => {
  it('parses RFC 3339 with 0-9 fractional digits and offsets, and formats UTC with Z', () => {
    expect(parseTimestamp('1970-01-01T00:00:01Z')).toBe(1_000_000_000n);
    expect(parseTimestamp('1970-01-01T00:00:00.000000001Z')).toBe(1n);
    expect(parseTimestamp('1970-01-01T01:00:00+01:00')).toBe(0n);
    expect(formatTimestamp(1_500_000n)).toBe('1970-01-01T00:00:00.001500Z');
    expect(formatTimestamp(1n)).toBe('1970-01-01T00:00:00.000000001Z');
    expect(() => parseTimestamp('2020-13-45')).toThrow();
  });

  it('the clock never hands out the same or an earlier time', () => {
    const clock = new Clock(BigInt(Date.now() + 60_000) * 1_000_000n);
    const times = Array.from({ length: 100 }, () => clock.next());
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(clock.current()).toBe(times.at(-1));
  });

  it('formats times before 1970 with the fraction counted forward from the whole second', () => {
    expect(formatTimestamp(-1_000n)).toBe('1969-12-31T23:59:59.999999Z');
    expect(parseTimestamp(formatTimestamp(-1_500_000n))).toBe(-1_500_000n);
  });

  it('refuses timestamps outside the years 1..9999, as production does', () => {
    expect(parseTimestamp('0001-01-01T00:00:00Z')).toBe(-62_135_596_800_000_000_000n);
    expect(() => parseTimestamp('0000-12-31T23:59:59Z')).toThrow(/outside/);
  });

  it('hands out whole microseconds, also after a floor that carries nanoseconds', () => {
    const clock = new Clock();
    clock.advanceTo(BigInt(Date.now() + 60_000) * 1_000_000n + 123_456_789n);
    const times = Array.from({ length: 5 }, () => clock.next());
    expect(times.every((t) => t % 1000n === 0n)).toBe(true);
  });
});
