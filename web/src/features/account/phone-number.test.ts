import { describe, expect, it } from 'vitest';
import { toE164 } from './phone-number';

describe('toE164', () => {
  it('takes numbers as people write them, with spaces, dashes, dots and brackets', () => {
    expect(toE164('+31 6 1234 5678')).toBe('+31612345678');
    expect(toE164(' +1 (650) 555-0101 ')).toBe('+16505550101');
    expect(toE164('+44.7700.900123')).toBe('+447700900123');
  });

  it('reads a leading 00 as the international prefix', () => {
    expect(toE164('0031 6 12345678')).toBe('+31612345678');
  });

  it('refuses numbers without a country code, with letters, too short or too long', () => {
    expect(toE164('06 12345678')).toBeNull();
    expect(toE164('+31 6 CALL ME')).toBeNull();
    expect(toE164('+31 123')).toBeNull();
    expect(toE164('+1234567890123456')).toBeNull();
    expect(toE164('+0 650 555 0101')).toBeNull();
    expect(toE164('')).toBeNull();
  });
});
