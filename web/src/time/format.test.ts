import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import dutch from '../i18n/nl/index';
import { dayLabel, instantLabel, nextLabel, shortDayLabel, shortInstantLabel, slotLabel, timeRange } from './format';

const english = createIntl({ locale: 'en-GB', defaultLocale: 'en-GB' });
const nederlands = createIntl({ locale: 'nl-NL', defaultLocale: 'en-GB', messages: dutch });
const amsterdam = { timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', name: 'Encore', venue: 'Park' } as const;
const sydney = { timeZone: 'Australia/Sydney' };
// Saturday 15 August 2026, 21:30 in Amsterdam (CEST, UTC+2).
const saturdayEvening = new Date('2026-08-15T19:30:00Z');

describe('dates and times in festival time, in the reader’s language', () => {
  it('says "za 15 aug, 21:30" in Dutch and "Sat 15 Aug, 21:30" in English, whatever the device zone', () => {
    expect(shortInstantLabel(nederlands, saturdayEvening, amsterdam)).toBe('za 15 aug, 21:30');
    expect(shortInstantLabel(english, saturdayEvening, amsterdam)).toBe('Sat 15 Aug, 21:30');
    // The same instant at a festival in Sydney is Sunday morning there.
    expect(shortInstantLabel(english, saturdayEvening, sydney)).toBe('Sun 16 Aug, 05:30');
  });

  it('uses 24-hour clocks in both languages, as the festival’s own signs do', () => {
    expect(timeRange(english, saturdayEvening, new Date('2026-08-15T20:45:00Z'), amsterdam)).toBe('21:30–22:45');
    expect(timeRange(nederlands, saturdayEvening, new Date('2026-08-15T20:45:00Z'), amsterdam)).toBe('21:30–22:45');
  });

  it('names festival days in both languages', () => {
    expect(dayLabel(english, '2026-08-15')).toBe('Saturday 15 August');
    expect(dayLabel(nederlands, '2026-08-15')).toBe('zaterdag 15 augustus');
    expect(shortDayLabel(english, '2026-08-15')).toBe('Sat 15');
    expect(shortDayLabel(nederlands, '2026-08-15')).toBe('za 15');
  });

  it('puts a set after midnight on the night it belongs to', () => {
    const lateStart = new Date('2026-08-15T23:30:00Z'); // Sunday 01:30 in Amsterdam
    expect(slotLabel(english, lateStart, new Date('2026-08-16T00:30:00Z'), { ...amsterdam })).toBe('Saturday 15 August, 01:30–02:30');
    expect(slotLabel(nederlands, lateStart, new Date('2026-08-16T00:30:00Z'), { ...amsterdam })).toBe('zaterdag 15 augustus, 01:30–02:30');
  });

  it('counts down to the next set, then names its day once it is hours away', () => {
    expect(nextLabel(english, saturdayEvening, new Date(saturdayEvening.getTime() + 25 * 60_000), amsterdam)).toBe('in 25 min');
    expect(nextLabel(nederlands, saturdayEvening, new Date(saturdayEvening.getTime() + 130 * 60_000), amsterdam)).toBe('over 2 u 10 min');
    expect(nextLabel(english, saturdayEvening, new Date('2026-08-16T10:00:00Z'), amsterdam)).toBe('Sun 16, 12:00');
  });

  it('stamps announcements with the date and the festival’s clock', () => {
    expect(instantLabel(english, saturdayEvening, amsterdam)).toBe('15 Aug 2026, 21:30');
    expect(instantLabel(nederlands, saturdayEvening, amsterdam)).toBe('15 aug 2026, 21:30');
  });
});
