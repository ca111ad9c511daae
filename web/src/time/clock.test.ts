import { describe, expect, it } from 'vitest';
import { clockFor, pinnedInstant } from './clock';

describe('the app clock', () => {
  it('reads ?now= in the festival zone, whatever the device zone', () => {
    expect(pinnedInstant('?now=2026-08-15T21:00', 'Europe/Amsterdam')?.toISOString()).toBe('2026-08-15T19:00:00.000Z');
    expect(pinnedInstant('?now=2026-08-15T21:00Z', 'Europe/Amsterdam')?.toISOString()).toBe('2026-08-15T21:00:00.000Z');
    expect(pinnedInstant('?now=tomorrow', 'Europe/Amsterdam')).toBeNull();
    expect(pinnedInstant('?day=2026-08-15', 'Europe/Amsterdam')).toBeNull();
  });

  it('runs on from the pinned instant, and uses the real clock when pinning is not allowed', () => {
    const pinned = clockFor('?now=2026-08-15T21:00', 'Europe/Amsterdam', true);
    expect(pinned.pinned).toBe(true);
    expect(Math.abs(pinned.now().getTime() - Date.parse('2026-08-15T19:00:00Z'))).toBeLessThan(60_000);
    const production = clockFor('?now=2026-08-15T21:00', 'Europe/Amsterdam', false);
    expect(production.pinned).toBe(false);
    expect(Math.abs(production.now().getTime() - Date.now())).toBeLessThan(60_000);
  });
});
