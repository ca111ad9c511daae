import { describe, expect, it } from 'vitest';
import { festivalAt, festivalDateTime, festivalRange, instantOf, keepLength } from './editor-time';

const festival = { timeZone: 'Europe/Amsterdam', dayStartsAtHour: 6, startsOn: '2026-08-14', endsOn: '2026-08-16' };

describe('set times in festival time', () => {
  it('read what staff pick as the festival’s clock, whatever zone the laptop is in', () => {
    // The test process may run in any zone: the value carries the festival's.
    expect(instantOf(festivalAt('2026-08-14', '21:30', festival)).toISOString()).toBe('2026-08-14T19:30:00.000Z');
    expect(instantOf(festivalAt('2026-08-15', '01:30', festival)).toISOString()).toBe('2026-08-14T23:30:00.000Z');
  });

  it('show a stored instant on the festival’s clock, and give it back unchanged', () => {
    const stored = new Date('2026-08-14T19:30:00Z');
    const shown = festivalDateTime(stored, festival);
    expect([shown.hour, shown.minute, shown.timeZone]).toEqual([21, 30, 'Europe/Amsterdam']);
    expect(instantOf(shown)).toEqual(stored);
  });

  it('keep DST in mind: the same wall-clock time in winter is an hour later in UTC', () => {
    expect(instantOf(festivalAt('2026-12-14', '21:30', festival)).toISOString()).toBe('2026-12-14T20:30:00.000Z');
  });

  it('allow sets from the first day’s midnight to the last night’s hand-over hour', () => {
    const { min, max } = festivalRange(festival);
    expect(instantOf(min).toISOString()).toBe('2026-08-13T22:00:00.000Z');
    expect(instantOf(max).toISOString()).toBe('2026-08-17T04:00:00.000Z');
  });

  it('move the end with the start, so a set keeps its length', () => {
    const start = festivalAt('2026-08-14', '21:00', festival);
    const end = festivalAt('2026-08-14', '22:15', festival);
    expect(keepLength(start, festivalAt('2026-08-14', '23:30', festival), end).toString()).toBe(festivalAt('2026-08-15', '00:45', festival).toString());
  });
});
