import { describe, expect, it } from 'vitest';
import { calendarDateIn, calendarDaysBetween, festivalDay, festivalDayOf, festivalDays, hourStartIn, localTime, zonedInstant } from './festival-days.js';

const amsterdam = { timeZone: 'Europe/Amsterdam' };
const hours = (day: { startsAt: Date; endsAt: Date }) => (day.endsAt.getTime() - day.startsAt.getTime()) / 3_600_000;

describe('festivalDayOf', () => {
  it('puts a 01:30 set on the previous festival night', () => {
    // 2026-08-15 01:30 in Amsterdam (CEST, UTC+2) is 2026-08-14T23:30Z.
    expect(festivalDayOf(new Date('2026-08-14T23:30:00Z'), amsterdam)).toBe('2026-08-14');
  });

  it('hands over to the next day exactly at the day-start hour', () => {
    expect(festivalDayOf(new Date('2026-08-15T03:59:59Z'), amsterdam)).toBe('2026-08-14'); // 05:59:59 local
    expect(festivalDayOf(new Date('2026-08-15T04:00:00Z'), amsterdam)).toBe('2026-08-15'); // 06:00 local
  });

  it('uses the festival zone, not UTC or the device zone', () => {
    // 22:30Z on the 14th is already 00:30 on the 15th in Amsterdam, but still the 14th's night.
    const instant = new Date('2026-08-14T22:30:00Z');
    expect(festivalDayOf(instant, amsterdam)).toBe('2026-08-14');
    // In Tokyo (UTC+9) the same instant is 07:30 on the 15th: a new festival day there.
    expect(festivalDayOf(instant, { timeZone: 'Asia/Tokyo' })).toBe('2026-08-15');
    // In Los Angeles (UTC-7) it is 15:30 on the 14th.
    expect(festivalDayOf(instant, { timeZone: 'America/Los_Angeles' })).toBe('2026-08-14');
  });

  it('honours a custom day-start hour, including midnight', () => {
    const at0130 = new Date('2026-08-14T23:30:00Z');
    expect(festivalDayOf(at0130, { ...amsterdam, dayStartsAtHour: 0 })).toBe('2026-08-15');
    expect(festivalDayOf(at0130, { ...amsterdam, dayStartsAtHour: 1 })).toBe('2026-08-15');
    expect(festivalDayOf(at0130, { ...amsterdam, dayStartsAtHour: 2 })).toBe('2026-08-14');
  });

  it('keeps both 02:30s of the autumn DST change on the same night', () => {
    // 2026-10-25: clocks go back 03:00 CEST -> 02:00 CET, so 02:30 happens twice.
    const firstTwoThirty = new Date('2026-10-25T00:30:00Z'); // 02:30 CEST
    const secondTwoThirty = new Date('2026-10-25T01:30:00Z'); // 02:30 CET
    expect(localTime(firstTwoThirty, amsterdam)).toBe('02:30');
    expect(localTime(secondTwoThirty, amsterdam)).toBe('02:30');
    expect(festivalDayOf(firstTwoThirty, amsterdam)).toBe('2026-10-24');
    expect(festivalDayOf(secondTwoThirty, amsterdam)).toBe('2026-10-24');
  });

  it('handles the skipped hour of the spring DST change', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST. 00:59:59Z is 01:59:59 CET, 01:00Z is 03:00 CEST.
    expect(localTime(new Date('2026-03-29T00:59:00Z'), amsterdam)).toBe('01:59');
    expect(localTime(new Date('2026-03-29T01:00:00Z'), amsterdam)).toBe('03:00');
    expect(festivalDayOf(new Date('2026-03-29T01:00:00Z'), amsterdam)).toBe('2026-03-28');
    expect(festivalDayOf(new Date('2026-03-29T04:00:00Z'), amsterdam)).toBe('2026-03-29'); // 06:00 CEST
  });

  it('handles DST in the southern hemisphere (Sydney, April fall-back)', () => {
    const sydney = { timeZone: 'Australia/Sydney' };
    // 2026-04-05 03:00 AEDT -> 02:00 AEST. 2026-04-04T16:30Z is 02:30 AEST (second pass).
    expect(festivalDayOf(new Date('2026-04-04T16:30:00Z'), sydney)).toBe('2026-04-04');
    expect(hours(festivalDay('2026-04-04', sydney))).toBe(25);
  });
});

describe('festivalDay and festivalDays', () => {
  it('runs from 06:00 local to 06:00 local the next morning', () => {
    const day = festivalDay('2026-08-14', amsterdam);
    expect(day.startsAt.toISOString()).toBe('2026-08-14T04:00:00.000Z');
    expect(day.endsAt.toISOString()).toBe('2026-08-15T04:00:00.000Z');
  });

  it('is 23 hours long across spring-forward and 25 across fall-back', () => {
    expect(hours(festivalDay('2026-03-28', amsterdam))).toBe(23);
    expect(hours(festivalDay('2026-10-24', amsterdam))).toBe(25);
    expect(hours(festivalDay('2026-08-14', amsterdam))).toBe(24);
  });

  it('lists every day of the festival, contiguous, across a DST change', () => {
    const days = festivalDays({ timeZone: 'Europe/Amsterdam', startsOn: '2026-10-23', endsOn: '2026-10-26' });
    expect(days.map((d) => d.date)).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26']);
    for (let i = 1; i < days.length; i++) expect(days[i]!.startsAt).toEqual(days[i - 1]!.endsAt);
    // The 25th starts at 06:00 CET (UTC+1) now that summer time has ended.
    expect(days[2]!.startsAt.toISOString()).toBe('2026-10-25T05:00:00.000Z');
  });

  it('gives every caller Dates of its own, and keeps zones and day-start hours apart', () => {
    const first = festivalDay('2026-08-14', amsterdam);
    first.startsAt.setTime(0);
    expect(festivalDay('2026-08-14', amsterdam).startsAt.toISOString()).toBe('2026-08-14T04:00:00.000Z');
    expect(festivalDay('2026-08-14', { ...amsterdam, dayStartsAtHour: 10 }).startsAt.toISOString()).toBe('2026-08-14T08:00:00.000Z');
    expect(festivalDay('2026-08-14', { timeZone: 'Europe/London' }).startsAt.toISOString()).toBe('2026-08-14T05:00:00.000Z');
  });

  it('rejects a malformed date', () => {
    expect(() => festivalDay('2026-13-01', amsterdam)).toThrow(RangeError);
  });
});

describe('zonedInstant', () => {
  it('reads a wall-clock time in the given zone, whatever the device zone', () => {
    expect(zonedInstant('2026-08-15', '21:30', 'Europe/Amsterdam')?.toISOString()).toBe('2026-08-15T19:30:00.000Z');
    expect(zonedInstant('2026-08-15', '06:00', 'Australia/Sydney')?.toISOString()).toBe('2026-08-14T20:00:00.000Z');
  });

  it('moves a time that does not exist (spring forward) to the first valid instant', () => {
    // 02:30 on 2026-03-29 does not exist in Amsterdam: clocks jump from 02:00 to 03:00 CEST.
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Amsterdam')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('refuses malformed times and dates', () => {
    expect(zonedInstant('2026-08-15', '25:00', 'Europe/Amsterdam')).toBeNull();
    expect(zonedInstant('2026-08-15', '9pm', 'Europe/Amsterdam')).toBeNull();
    expect(zonedInstant('15-08-2026', '21:00', 'Europe/Amsterdam')).toBeNull();
  });
});

describe('hourStartIn', () => {
  it('starts the hour on the zone’s clock: on the UTC hour in Amsterdam, at half past in Adelaide and Kolkata', () => {
    const at = new Date('2026-08-14T20:47:12.345Z');
    expect(hourStartIn(at, 'Europe/Amsterdam').toISOString()).toBe('2026-08-14T20:00:00.000Z');
    expect(hourStartIn(at, 'Australia/Adelaide').toISOString()).toBe('2026-08-14T20:30:00.000Z');
    expect(hourStartIn(new Date('2026-08-14T20:12:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-08-14T19:30:00.000Z');
  });
});

describe('calendarDaysBetween', () => {
  const firstSet = new Date('2026-08-14T12:00:00+02:00');
  it('counts calendar days in the zone, whatever the hours: 12 from any time on 2 August to noon on 14 August', () => {
    for (const now of ['2026-08-02T00:00:00+02:00', '2026-08-02T12:00:00+02:00', '2026-08-02T18:00:00+02:00', '2026-08-02T23:59:59+02:00']) {
      expect(calendarDaysBetween(new Date(now), firstSet, 'Europe/Amsterdam')).toBe(12);
    }
    expect(calendarDaysBetween(new Date('2026-08-03T00:00:00+02:00'), firstSet, 'Europe/Amsterdam')).toBe(11);
  });

  it('reads the dates on the zone’s calendar, not the device’s or UTC’s', () => {
    // 23:30 UTC on 1 August is already 2 August in Amsterdam, still 1 August in New York.
    const now = new Date('2026-08-01T23:30:00Z');
    expect(calendarDateIn(now, 'Europe/Amsterdam')).toBe('2026-08-02');
    expect(calendarDaysBetween(now, firstSet, 'Europe/Amsterdam')).toBe(12);
    expect(calendarDaysBetween(now, firstSet, 'America/New_York')).toBe(13);
  });

  it('counts a day across a daylight saving change as one day', () => {
    expect(calendarDaysBetween(new Date('2026-10-24T12:00:00+02:00'), new Date('2026-10-26T00:30:00+01:00'), 'Europe/Amsterdam')).toBe(2);
  });
});
