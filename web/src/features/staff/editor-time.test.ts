import { describe, expect, it } from 'vitest';
import { instantOn } from './editor-time';

const festival = { timeZone: 'Europe/Amsterdam', dayStartsAtHour: 6 };

describe('instantOn', () => {
  it('reads poster times in the festival zone, rolling small hours into the next morning', () => {
    expect(instantOn('2026-08-14', '21:30', festival)?.toISOString()).toBe('2026-08-14T19:30:00.000Z');
    expect(instantOn('2026-08-14', '01:30', festival)?.toISOString()).toBe('2026-08-14T23:30:00.000Z');
  });

  it('refuses malformed times', () => {
    expect(instantOn('2026-08-14', '25:00', festival)).toBeNull();
    expect(instantOn('2026-08-14', '9pm', festival)).toBeNull();
  });
});
