import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { plainFields, plainValue, timestampToDate } from './typed-values';

describe("Firestore's typed values as plain data", () => {
  it('turns each scalar into its JavaScript value, 64-bit integers and special doubles written as strings included', () => {
    expect(plainValue({ nullValue: null })).toBeNull();
    expect(plainValue({ nullValue: 'NULL_VALUE' })).toBeNull();
    expect(plainValue({ booleanValue: false })).toBe(false);
    expect(plainValue({ integerValue: '42' })).toBe(42);
    expect(plainValue({ integerValue: 7 })).toBe(7);
    expect(plainValue({ doubleValue: 1.5 })).toBe(1.5);
    expect(plainValue({ doubleValue: 'NaN' })).toBeNaN();
    expect(plainValue({ doubleValue: '-Infinity' })).toBe(-Infinity);
    expect(plainValue({ stringValue: 'Main Stage' })).toBe('Main Stage');
    expect(plainValue({ bytesValue: btoa('\u0001\u00ff') })).toEqual(new Uint8Array([1, 255]));
    expect(plainValue({ referenceValue: 'projects/p/databases/(default)/documents/festivals/f/stages/main' })).toBe('festivals/f/stages/main');
    expect(plainValue({ geoPointValue: { latitude: 52.37 } })).toEqual({ latitude: 52.37, longitude: 0 });
  });

  it('walks arrays and maps at any depth', () => {
    const fields = plainFields({
      genres: { arrayValue: { values: [{ stringValue: 'techno' }, { stringValue: 'house' }] } },
      empty: { arrayValue: {} },
      image: { mapValue: { fields: { width: { integerValue: '640' }, updatedAt: { timestampValue: '2026-08-01T10:00:00Z' }, nested: { mapValue: {} } } } },
    });
    expect(fields).toEqual({ genres: ['techno', 'house'], empty: [], image: { width: 640, updatedAt: new Date('2026-08-01T10:00:00Z'), nested: {} } });
  });

  it('reads timestamps as text or as seconds and nanos, truncated to milliseconds as Timestamp.toDate() does', () => {
    expect(timestampToDate('2026-08-15T19:30:00Z').toISOString()).toBe('2026-08-15T19:30:00.000Z');
    expect(timestampToDate('2026-08-15T19:30:00.123456789Z').toISOString()).toBe('2026-08-15T19:30:00.123Z');
    expect(timestampToDate('2026-08-15T21:30:00.5+02:00').toISOString()).toBe('2026-08-15T19:30:00.500Z');
    expect(timestampToDate({ seconds: '1786822200', nanos: 999_000_000 }).toISOString()).toBe('2026-08-15T19:30:00.999Z');
    // The SDK's own arithmetic, float rounding and all (999.999999 ms rounds up at this magnitude).
    for (const nanos of [0, 1, 499_999, 999_999_999, 123_456_789]) {
      expect(timestampToDate({ seconds: '1786822200', nanos }).getTime()).toBe(new Timestamp(1786822200, nanos).toDate().getTime());
      expect(timestampToDate(`2026-08-15T19:30:00.${String(nanos).padStart(9, '0')}Z`).getTime()).toBe(new Timestamp(1786822200, nanos).toDate().getTime());
    }
    expect(timestampToDate({ seconds: 1786822200 }).toISOString()).toBe('2026-08-15T19:30:00.000Z');
    expect(() => timestampToDate('yesterday')).toThrow(/RFC 3339/);
  });
});
