import { displayNameSchema } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { displayNameTooLong, normaliseDisplayName } from './display-name';

describe('a typed display name', () => {
  it('is stored trimmed, with inner runs of spaces made one, as the contract requires', () => {
    expect(normaliseDisplayName('  Vera   V. ')).toBe('Vera V.');
    expect(displayNameSchema.safeParse(normaliseDisplayName('  Vera   V. ')).success).toBe(true);
  });

  it('that is empty or only spaces removes the name', () => {
    expect(normaliseDisplayName('')).toBeNull();
    expect(normaliseDisplayName('   ')).toBeNull();
  });

  it('may be 40 characters after trimming, not 41', () => {
    expect(displayNameTooLong(` ${'v'.repeat(40)} `)).toBe(false);
    expect(displayNameTooLong('v'.repeat(41))).toBe(true);
    expect(displayNameSchema.safeParse('v'.repeat(41)).success).toBe(false);
  });
});
