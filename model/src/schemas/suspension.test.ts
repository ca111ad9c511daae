import { describe, expect, it } from 'vitest';
import { isSuspendedAt, uploaderSuspensionSchema } from './suspension.js';

const NOW = new Date('2026-08-15T20:00:00Z');
const base = { active: true, reason: 'Spam', suspendedBy: 'moe', suspendedAt: new Date('2026-08-15T18:00:00Z'), liftedBy: null, liftedAt: null };

describe('a suspension', () => {
  it('holds while active and before its end; without an end, until lifted', () => {
    expect(isSuspendedAt(base, NOW)).toBe(true);
    expect(isSuspendedAt({ ...base, until: null }, NOW)).toBe(true);
    expect(isSuspendedAt({ ...base, until: new Date('2026-08-15T20:00:01Z') }, NOW)).toBe(true);
    expect(isSuspendedAt({ ...base, until: NOW }, NOW)).toBe(false);
    expect(isSuspendedAt({ ...base, active: false }, NOW)).toBe(false);
    expect(isSuspendedAt(undefined, NOW)).toBe(false);
  });

  it('parses with or without an end (documents from before `until`)', () => {
    expect(uploaderSuspensionSchema.safeParse(base).success).toBe(true);
    expect(uploaderSuspensionSchema.safeParse({ ...base, until: NOW }).success).toBe(true);
    expect(uploaderSuspensionSchema.safeParse({ ...base, until: 'tomorrow' }).success).toBe(false);
  });
});
