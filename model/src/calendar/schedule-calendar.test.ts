import { describe, expect, it } from 'vitest';
import { encore2026 } from '../seed/encore-2026.js';
import { readCalendar } from './read-calendar.js';
import { calendarOptionsFor, scheduleCalendar, type CalendarSet } from './schedule-calendar.js';

const seed = encore2026();
const APP = 'https://encore.example';

/** The seed's sets by index, resolved as both callers resolve them. */
function sets(...indexes: number[]): CalendarSet[] {
  return indexes.map((index) => {
    const { id, data } = seed.performances[index]!;
    return {
      performanceId: id,
      festivalId: seed.festivalId,
      festival: seed.festival,
      performance: data,
      artist: seed.artists.find((artist) => artist.id === data.artistId)?.data,
      stage: seed.stages.find((stage) => stage.id === data.stageId)?.data,
    };
  });
}

const artistOf = (set: CalendarSet) => set.artist!.name;

describe('a person’s sets as a calendar', () => {
  it('writes one UTC event per set, in start order, with a UID per festival and set, the stage and venue, and the set’s page', () => {
    const mine = sets(40, 3, 17);
    const calendar = readCalendar(scheduleCalendar(mine, { locale: 'en', reminderMinutes: null, mustSeeMinutes: 15, appUrl: `${APP}/` }));
    expect(calendar.properties['X-WR-CALNAME']).toBe('Encore 2026: my schedule');
    const ordered = [...mine].sort((a, b) => a.performance.startsAt.getTime() - b.performance.startsAt.getTime());
    expect(calendar.events.map((event) => event.properties['UID'])).toEqual(ordered.map((set) => `${set.performanceId}@encore-2026.encore`));
    const [first] = ordered;
    const event = calendar.events[0]!.properties;
    expect(event['DTSTART']).toBe(first!.performance.startsAt.toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect(event['DTEND']).toBe(first!.performance.endsAt.toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect(event['SUMMARY']).toBe(first!.performance.title ? `${artistOf(first!)} (${first!.performance.title})` : artistOf(first!));
    expect(event['LOCATION']).toBe(`${first!.stage!.name}, Strandeiland, Amsterdam`);
    expect(event['URL']).toBe(`${APP}/performances/${first!.performanceId}`);
    expect(event['STATUS']).toBe('CONFIRMED');
    expect(event['DESCRIPTION']).toBe(first!.artist!.bio);
    expect(calendar.events.every((entry) => entry.alarms.length === 0)).toBe(true);
  });

  it('rings the person’s reminder before each set, in their language, and names the calendar in it', () => {
    const mine = sets(5);
    const calendar = readCalendar(scheduleCalendar(mine, calendarOptionsFor({ locale: 'nl', reminderMinutes: 15 }, 'en', APP)));
    expect(calendar.properties['X-WR-CALNAME']).toBe('Encore 2026: mijn schema');
    expect(calendar.events[0]!.alarms).toEqual([
      { ACTION: 'DISPLAY', DESCRIPTION: `${artistOf(mine[0]!)} op ${mine[0]!.stage!.name} over 15 min`, TRIGGER: '-PT15M' },
    ]);
  });

  it('names the priority in the title, in the person’s language, and rings no alarm for a maybe', () => {
    const [must, maybe, plain] = sets(5, 8, 17);
    const mine = [{ ...must!, priority: 'must' as const }, { ...maybe!, priority: 'maybe' as const }, plain!];
    for (const [locale, mustPrefix, maybePrefix] of [
      ['en', 'Must-see: ', 'Maybe: '],
      ['nl', 'Moet zien: ', 'Misschien: '],
    ] as const) {
      const events = new Map(readCalendar(scheduleCalendar(mine, { locale, reminderMinutes: 10, mustSeeMinutes: 10, appUrl: APP })).events.map((event) => [event.properties['UID'], event]));
      const eventOf = (set: CalendarSet) => events.get(`${set.performanceId}@encore-2026.encore`)!;
      expect(eventOf(must!).properties['SUMMARY']).toMatch(new RegExp(`^${mustPrefix}${artistOf(must!)}`));
      expect(eventOf(maybe!).properties['SUMMARY']).toMatch(new RegExp(`^${maybePrefix}${artistOf(maybe!)}`));
      expect(eventOf(plain!).properties['SUMMARY']).toMatch(new RegExp(`^${artistOf(plain!)}`));
      expect(eventOf(must!).alarms).toHaveLength(1);
      expect(eventOf(maybe!).alarms).toEqual([]);
      expect(eventOf(plain!).alarms).toHaveLength(1);
    }
  });

  it('marks a cancelled set CANCELLED in its status, title and description, and sets no alarm for it', () => {
    const [set] = sets(8);
    const cancelled = { ...set!, priority: 'must' as const, performance: { ...set!.performance, status: 'cancelled' as const } };
    for (const [locale, prefix, note] of [
      ['en', 'Cancelled: ', 'This set is cancelled.'],
      ['nl', 'Afgelast: ', 'Deze set is afgelast.'],
    ] as const) {
      const event = readCalendar(scheduleCalendar([cancelled], { locale, reminderMinutes: 30, mustSeeMinutes: 30, appUrl: APP })).events[0]!;
      expect(event.properties['STATUS']).toBe('CANCELLED');
      // A must-see keeps its mark in the title, after the word that it is cancelled.
      expect(event.properties['SUMMARY']!.startsWith(prefix)).toBe(true);
      expect(event.properties['SUMMARY']).toContain(artistOf(set!));
      expect(event.properties['DESCRIPTION']!.startsWith(`${note}\n\n`)).toBe(true);
      expect(event.alarms).toEqual([]);
    }
  });

  it('names a set whose artist or stage is gone with a stand-in in the person’s language', () => {
    const [set] = sets(2);
    const orphan = { ...set!, artist: undefined, stage: undefined };
    const event = readCalendar(scheduleCalendar([orphan], { locale: 'nl', reminderMinutes: null, mustSeeMinutes: 15, appUrl: APP })).events[0]!.properties;
    expect(event['SUMMARY']).toBe(set!.performance.title ? `Set (${set!.performance.title})` : 'Set');
    expect(event['LOCATION']).toBe('Podium, Strandeiland, Amsterdam');
    expect(event['DESCRIPTION']).toBeUndefined();
  });

  it('is a valid, empty calendar named after the app when there is nothing to list', () => {
    const text = scheduleCalendar([], { locale: 'en', reminderMinutes: 10, mustSeeMinutes: 10, appUrl: APP });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
    expect(readCalendar(text)).toMatchObject({ properties: { 'X-WR-CALNAME': 'Encore: my schedule' }, events: [] });
  });

  it('takes no plain-favourite reminder, a 15-minute must-see alarm and the fallback language when the person has no preferences', () => {
    expect(calendarOptionsFor(undefined, 'nl', APP)).toEqual({ locale: 'nl', reminderMinutes: null, mustSeeMinutes: 15, appUrl: APP });
    expect(calendarOptionsFor({ locale: 'en', reminderMinutes: null }, 'nl', APP)).toEqual({ locale: 'en', reminderMinutes: null, mustSeeMinutes: 15, appUrl: APP });
    expect(calendarOptionsFor({ locale: 'en', reminderMinutes: 60 }, 'nl', APP)).toEqual({ locale: 'en', reminderMinutes: 60, mustSeeMinutes: 60, appUrl: APP });
  });

  it('rings a must-see 15 minutes before for a person who never chose a lead time, and nothing for their maybe or plain favourite', () => {
    const [must, maybe, plain] = sets(5, 8, 17);
    const mine = [{ ...must!, priority: 'must' as const }, { ...maybe!, priority: 'maybe' as const }, plain!];
    const events = new Map(readCalendar(scheduleCalendar(mine, calendarOptionsFor(undefined, 'en', APP))).events.map((event) => [event.properties['UID'], event.alarms]));
    expect(events.get(`${must!.performanceId}@encore-2026.encore`)).toEqual([
      { ACTION: 'DISPLAY', DESCRIPTION: `${artistOf(must!)} on ${must!.stage!.name} in 15 min`, TRIGGER: '-PT15M' },
    ]);
    expect(events.get(`${maybe!.performanceId}@encore-2026.encore`)).toEqual([]);
    expect(events.get(`${plain!.performanceId}@encore-2026.encore`)).toEqual([]);
  });

  it('rings a must-see at the person’s own lead time once they chose one, and their plain favourites too', () => {
    const [must, plain] = sets(5, 17);
    const mine = [{ ...must!, priority: 'must' as const }, plain!];
    const calendar = readCalendar(scheduleCalendar(mine, calendarOptionsFor({ locale: 'en', reminderMinutes: 30 }, 'en', APP)));
    expect(calendar.events.map((event) => event.alarms.map((alarm) => alarm['TRIGGER']))).toEqual([['-PT30M'], ['-PT30M']]);
  });
});
