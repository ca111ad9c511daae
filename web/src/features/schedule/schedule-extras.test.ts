import { readCalendar } from '@encore/model/calendar';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { scheduleToIcs } from './ics-export';
import { idsFromShareLink, prioritiesFromShareLink, shareLink } from './share-link';

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

  it('carries must-see and maybe along, and opens a link from before priorities with every set plain', () => {
    const link = shareLink('https://encore.example', ['c-set', 'b-set', 'a-set'], new Map([['b-set', 'must'], ['c-set', 'maybe']]));
    expect(link).toBe('https://encore.example/shared?sets=a-set,b-set,c-set&must=b-set&maybe=c-set');
    const search = new URL(link).search;
    expect(idsFromShareLink(search)).toEqual(['a-set', 'b-set', 'c-set']);
    expect(prioritiesFromShareLink(search)).toEqual(new Map([['b-set', 'must'], ['c-set', 'maybe']]));
    // An old link: the same sets, no priorities.
    expect(idsFromShareLink('?sets=a-set,b-set')).toEqual(['a-set', 'b-set']);
    expect(prioritiesFromShareLink('?sets=a-set,b-set')).toEqual(new Map());
    // A priority for a set the link does not share, or a second one for a set, is ignored.
    expect(prioritiesFromShareLink('?sets=a-set&must=a-set,z-set&maybe=a-set')).toEqual(new Map([['a-set', 'must']]));
  });
});

describe('the calendar download', () => {
  it('titles must-see and maybe sets and rings no alarm for a maybe, like the feed', () => {
    const [must, maybe] = programme.performances;
    const calendar = readCalendar(scheduleToIcs(programme, [must!, maybe!], 'https://encore.example', { locale: 'en', reminderMinutes: 10 }, 'en', new Map([[must!.id, 'must'], [maybe!.id, 'maybe']])));
    const byUid = new Map(calendar.events.map((event) => [event.properties['UID'], event]));
    const mustEvent = byUid.get(`${must!.id}@${programme.festivalId}.encore`)!;
    const maybeEvent = byUid.get(`${maybe!.id}@${programme.festivalId}.encore`)!;
    expect(mustEvent.properties['SUMMARY']).toMatch(/^Must-see: /);
    expect(mustEvent.alarms).toHaveLength(1);
    expect(maybeEvent.properties['SUMMARY']).toMatch(/^Maybe: /);
    expect(maybeEvent.alarms).toEqual([]);
  });
});
