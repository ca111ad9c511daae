import { describe, expect, it } from 'vitest';
import { localDay, previousLocalDay } from './daily.js';

describe('daily figures', () => {
  it('follow the festival calendar day, not UTC', () => {
    expect(localDay(new Date('2026-08-14T22:30:00Z'), 'Europe/Amsterdam')).toBe('2026-08-15');
    expect(previousLocalDay(new Date('2026-08-15T02:30:00Z'), 'Europe/Amsterdam')).toBe('2026-08-14');
  });
});
