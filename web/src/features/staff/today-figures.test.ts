import type { TodayStats } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { lastHours, todayFigures } from './today-figures';

const ZONE = 'Europe/Amsterdam';
/** 01:30 on Saturday 15 August in Amsterdam (UTC+2). */
const NOW = new Date('2026-08-14T23:30:00Z');
const today = (day: string): TodayStats => ({ day, photosUploaded: 12, photosRejected: 1, reactions: 40, reports: 3, updatedAt: NOW });
/** Favourites per hour, keyed by the festival's hour starts (on the UTC hour in Amsterdam): 21:00 UTC is 23:00 on Friday in Amsterdam; 22:00 and 23:00 UTC are 00:00 and 01:00 on Saturday. */
const hourly = { '2026-08-14T21:00:00.000Z': 5, '2026-08-14T22:00:00.000Z': 7, '2026-08-14T23:00:00.000Z': -2 };

describe('today’s figures on the dashboard', () => {
  it('takes today’s counts from stats/today and sums the favourites of today’s hours in festival time', () => {
    expect(todayFigures(NOW, ZONE, today('2026-08-15'), hourly)).toEqual({ day: '2026-08-15', photosUploaded: 12, reports: 3, reactions: 40, favorites: 5 });
  });

  it('shows zeros when stats/today is still of yesterday (nothing counted yet today)', () => {
    expect(todayFigures(NOW, ZONE, today('2026-08-14'), {})).toEqual({ day: '2026-08-15', photosUploaded: 0, reports: 0, reactions: 0, favorites: 0 });
    expect(todayFigures(NOW, ZONE, undefined, undefined).photosUploaded).toBe(0);
  });

  it('lists the festival’s last hours up to now, with the hours nobody changed as 0', () => {
    expect(lastHours(NOW, ZONE, hourly, 4)).toEqual([
      { hour: new Date('2026-08-14T20:00:00Z'), value: 0 },
      { hour: new Date('2026-08-14T21:00:00Z'), value: 5 },
      { hour: new Date('2026-08-14T22:00:00Z'), value: 7 },
      { hour: new Date('2026-08-14T23:00:00Z'), value: -2 },
    ]);
  });

  it('takes the festival’s own hours where they start at half past UTC (Adelaide, where now is 09:00)', () => {
    const adelaide = { '2026-08-14T22:30:00.000Z': 4 };
    expect(lastHours(NOW, 'Australia/Adelaide', adelaide, 2)).toEqual([
      { hour: new Date('2026-08-14T22:30:00Z'), value: 4 },
      { hour: new Date('2026-08-14T23:30:00Z'), value: 0 },
    ]);
  });
});
