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
});
