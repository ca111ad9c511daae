import { describe, expect, it } from 'vitest';
import { chooseFestivals, dateIn, type ListedFestival } from './festival-choice';

const festival = (id: string, startsOn: string, endsOn: string, timeZone = 'Europe/Amsterdam'): ListedFestival => ({ id, name: id, startsOn, endsOn, venue: 'Park', timeZone });

describe('chooseFestivals', () => {
  const now = new Date('2026-07-10T12:00:00Z');

  it('lists the festivals on now and to come, soonest first, and the past ones apart, latest first', () => {
    const { upcoming, past } = chooseFestivals(
      [
        festival('next-year', '2027-07-01', '2027-07-03'),
        festival('long-ago', '2024-07-01', '2024-07-03'),
        festival('on-now', '2026-07-09', '2026-07-11'),
        festival('last-year', '2025-07-01', '2025-07-03'),
        festival('this-autumn', '2026-10-01', '2026-10-02'),
      ],
      now,
    );
    expect(upcoming.map((f) => f.id)).toEqual(['on-now', 'this-autumn', 'next-year']);
    expect(past.map((f) => f.id)).toEqual(['last-year', 'long-ago']);
  });

  it('keeps a festival among the current ones through its last day where it takes place', () => {
    // 23:30 on 10 July in Amsterdam is already the 11th there, still the 10th in New York.
    const late = new Date('2026-07-10T22:30:00Z');
    const { upcoming, past } = chooseFestivals([festival('ams', '2026-07-08', '2026-07-10'), festival('nyc', '2026-07-08', '2026-07-10', 'America/New_York')], late);
    expect(upcoming.map((f) => f.id)).toEqual(['nyc']);
    expect(past.map((f) => f.id)).toEqual(['ams']);
  });

  it('orders festivals with the same dates by name, and gives empty lists for none', () => {
    const { upcoming } = chooseFestivals([{ ...festival('b', '2026-08-01', '2026-08-02'), name: 'Zomer' }, { ...festival('a', '2026-08-01', '2026-08-02'), name: 'Avond' }], now);
    expect(upcoming.map((f) => f.name)).toEqual(['Avond', 'Zomer']);
    expect(chooseFestivals([], now)).toEqual({ upcoming: [], past: [] });
  });
});

describe('dateIn', () => {
  it('gives the local date, and the UTC date for an unknown zone', () => {
    expect(dateIn('Europe/Amsterdam', new Date('2026-07-10T22:30:00Z'))).toBe('2026-07-11');
    expect(dateIn('Not/A_Zone', new Date('2026-07-10T22:30:00Z'))).toBe('2026-07-10');
  });
});
