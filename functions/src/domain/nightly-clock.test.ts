import { describe, expect, it } from 'vitest';
import { latestNight, nightKey } from './nightly-clock.js';

describe('latestNight', () => {
  it('is the local date once 04:00 has passed in the zone, and the day before until then', () => {
    // 02:30 UTC: 04:30 in Amsterdam (summer), 22:30 the day before in New York.
    expect(latestNight(new Date('2026-08-15T02:30:00Z'), 'Europe/Amsterdam')).toBe('2026-08-15');
    expect(latestNight(new Date('2026-08-15T01:30:00Z'), 'Europe/Amsterdam')).toBe('2026-08-14');
    expect(latestNight(new Date('2026-08-15T02:30:00Z'), 'America/New_York')).toBe('2026-08-14');
    expect(latestNight(new Date('2026-08-15T08:30:00Z'), 'America/New_York')).toBe('2026-08-15');
  });

  it('follows a zone a half hour off UTC', () => {
    // 22:30 UTC is 04:00 in Kolkata (UTC+5:30) the next day.
    expect(latestNight(new Date('2026-08-14T22:29:00Z'), 'Asia/Kolkata')).toBe('2026-08-14');
    expect(latestNight(new Date('2026-08-14T22:30:00Z'), 'Asia/Kolkata')).toBe('2026-08-15');
  });

  it('keys one night per scope', () => {
    expect(nightKey('encore-2026', '2026-08-15')).toBe('encore-2026~2026-08-15');
  });
});
