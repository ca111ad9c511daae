import { readCalendar } from '@encore/model/calendar';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { scheduleToIcs } from './ics-export';
import { idsFromShareLink, shareLink } from './share-link';

const programme = seedProgramme();

describe('calendar export', () => {
  it('writes one UTC event per set through the shared mapper, with the festival’s UID, the stage as location and the set’s page', () => {
    const sets = programme.performances.slice(0, 3);
    const calendar = readCalendar(scheduleToIcs(programme, sets, 'https://encore.example', undefined, 'en'));
    expect(calendar.properties['X-WR-CALNAME']).toBe('Encore 2026: my schedule');
    expect(calendar.events).toHaveLength(3);
    const first = calendar.events[0]!.properties;
    const set = sets[0]!;
    expect(first['DTSTART']).toBe(set.startsAt.toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect(first['UID']).toBe(`${set.id}@encore-2026.encore`);
    expect(first['LOCATION']).toBe(`${programme.stages.find((stage) => stage.id === set.stageId)!.name}, Strandeiland, Amsterdam`);
    expect(first['URL']).toBe(`https://encore.example/performances/${set.id}`);
    expect(calendar.events[0]!.alarms).toEqual([]);
  });

  it('follows the person’s preferences over the language on screen: Dutch titles and a reminder', () => {
    const calendar = readCalendar(scheduleToIcs(programme, programme.performances.slice(0, 1), 'https://encore.example', { locale: 'nl', reminderMinutes: 10 }, 'en'));
    expect(calendar.properties['X-WR-CALNAME']).toBe('Encore 2026: mijn schema');
    expect(calendar.events[0]!.alarms[0]).toMatchObject({ ACTION: 'DISPLAY', TRIGGER: '-PT10M' });
    expect(readCalendar(scheduleToIcs(programme, [], 'https://encore.example', undefined, 'nl')).properties['X-WR-CALNAME']).toBe('Encore: mijn schema');
  });
});

describe('share link', () => {
  it('round-trips the set ids through the URL', () => {
    const link = shareLink('https://encore.example', ['b-set', 'a-set']);
    expect(link).toBe('https://encore.example/shared?sets=a-set,b-set');
    expect(idsFromShareLink(new URL(link).search)).toEqual(['a-set', 'b-set']);
    expect(idsFromShareLink('?sets=')).toEqual([]);
  });
});
