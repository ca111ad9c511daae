import { describe, expect, it } from 'vitest';
import { artistSchema, festivalSchema, performanceSchema, stageSchema } from '../schemas/festival.js';
import { FACILITY_KINDS, georeferenceSchema, venueMapInputSchema } from '../schemas/venue.js';
import { infoPageSchema } from '../schemas/info.js';
import { planGeoTransform } from '../venue/georeference.js';
import { slugIdSchema } from '../schemas/common.js';
import { stageOverlaps } from '../programme/now-next.js';
import { festivalDay, festivalDayOf, festivalDays, localTime, zonedInstant } from '../time/festival-days.js';
import { SEED_ACCOUNTS, encore2026 } from './encore-2026.js';
import { BIO_CLOSERS, BIO_OPENERS } from './names.js';

describe('the encore-2026 seed', () => {
  const seed = encore2026();

  it('validates against the shared schemas, every document', () => {
    expect(festivalSchema.parse(seed.festival)).toEqual(seed.festival);
    for (const { id, data } of seed.stages) expect([slugIdSchema.parse(id), stageSchema.parse(data)]).toEqual([id, data]);
    for (const { id, data } of seed.artists) expect([slugIdSchema.parse(id), artistSchema.parse(data)]).toEqual([id, data]);
    for (const { id, data } of seed.performances) expect([slugIdSchema.parse(id), performanceSchema.parse(data)]).toEqual([id, data]);
  });

  it('has the size of a real festival: 3 days, 5+ stages, 40+ artists, 120+ sets', () => {
    expect(festivalDays(seed.festival)).toHaveLength(3);
    expect(seed.stages.length).toBeGreaterThanOrEqual(5);
    expect(seed.artists.length).toBeGreaterThanOrEqual(40);
    expect(seed.performances.length).toBeGreaterThanOrEqual(120);
  });

  it('never overlaps two sets on one stage', () => {
    const sets = seed.performances.map(({ id, data }) => ({ id, ...data }));
    expect(stageOverlaps(sets)).toEqual([]);
  });

  it('uses unique ids that point at real stages and artists', () => {
    const ids = seed.performances.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stages = new Set(seed.stages.map((s) => s.id));
    const artists = new Set(seed.artists.map((a) => a.id));
    expect(new Set(seed.artists.map((a) => a.id)).size).toBe(seed.artists.length);
    for (const { data } of seed.performances) {
      expect(stages.has(data.stageId)).toBe(true);
      expect(artists.has(data.artistId)).toBe(true);
    }
  });

  it('schedules every set within the festival, some of them after midnight', () => {
    const days = new Set(festivalDays(seed.festival).map((d) => d.date));
    const afterMidnight = seed.performances.filter(({ data }) => {
      const day = festivalDayOf(data.startsAt, seed.festival);
      expect(days.has(day)).toBe(true);
      expect(festivalDayOf(new Date(data.endsAt.getTime() - 1), seed.festival)).toBe(day);
      return data.startsAt.toISOString().slice(0, 10) !== day;
    });
    expect(afterMidnight.length).toBeGreaterThan(0);
  });

  it('is the same on every run', () => {
    expect(encore2026()).toEqual(seed);
  });

  it('has a project admin, a festival admin, a moderator and visitor test accounts: the claim only on the project admin', () => {
    expect(SEED_ACCOUNTS.map((a) => a.role ?? 'visitor').sort()).toEqual(['admin', 'moderator', 'staff', 'visitor', 'visitor']);
    expect(SEED_ACCOUNTS.filter((a) => a.claim).map((a) => [a.email, a.claim])).toEqual([['admin@encore.test', 'admin']]);
    expect(SEED_ACCOUNTS.filter((a) => a.festivalRole).map((a) => [a.email, a.festivalRole])).toEqual([
      ['staff@encore.test', 'admin'],
      ['moderator@encore.test', 'moderator'],
    ]);
  });

  it('enrols every account with a right with a second factor of its own number, and no visitor', () => {
    const staff = SEED_ACCOUNTS.filter((account) => account.role);
    expect(staff.every((account) => account.claim || account.festivalRole)).toBe(true);
    expect(staff.every((account) => account.secondFactor?.phoneNumber.startsWith('+1650555010'))).toBe(true);
    expect(new Set(staff.map((account) => account.secondFactor?.phoneNumber)).size).toBe(staff.length);
    expect(SEED_ACCOUNTS.filter((account) => !account.role).every((account) => account.secondFactor === undefined && !account.claim && !account.festivalRole)).toBe(true);
  });

  it('places every stage on the site plan, with each kind of facility and a step-free route', () => {
    const map = venueMapInputSchema.parse({ ...seed.venueMap, updatedAt: new Date() });
    expect(map.markers.filter((marker) => marker.kind === 'stage').map((marker) => marker.stageId).sort()).toEqual(seed.stages.map((stage) => stage.id).sort());
    expect(new Set(map.markers.map((marker) => marker.kind))).toEqual(new Set(['stage', ...FACILITY_KINDS]));
    expect(map.routes.some((route) => route.stepFree)).toBe(true);
  });

  it('gives every artist distinct artwork, the same on every run', () => {
    const looks = seed.artists.map(({ artwork }) => JSON.stringify(artwork));
    expect(new Set(looks).size).toBe(seed.artists.length);
    expect(encore2026().artists.map(({ artwork }) => JSON.stringify(artwork))).toEqual(looks);
  });
});

/**
 * The seed's generated texts read as English: "Amara Okafor close the night" is what the
 * bios said before their words agreed with the name. A band ("The Velvet Owls") takes a
 * plural verb, as British English writes band names; anyone else a singular one.
 */
describe('the encore-2026 seed texts', () => {
  const seed = encore2026();
  const isBand = (name: string) => name.startsWith('The ');
  /** Present-tense third person singular: "closes", "brings", "mixes". */
  const singularVerb = (word: string) => /[^s]s$|(ss|x|ch|sh)es$/.test(word);

  it('makes the verb after every artist’s name agree with it: singular for a solo artist, plural for a band', () => {
    const wrong = seed.artists.flatMap(({ data: { name, bio } }) => {
      const verb = bio.slice(bio.indexOf(name) + name.length).trim().split(/\s+/)[0] ?? '';
      return singularVerb(verb) === isBand(name) ? [bio] : [];
    });
    expect(wrong).toEqual([]);
    expect(seed.artists.some(({ data }) => !isBand(data.name))).toBe(true);
    expect(seed.artists.some(({ data }) => isBand(data.name))).toBe(true);
  });

  it('keeps the number of an opening phrase with the name it describes ("A festival favourite" is one person)', () => {
    for (const { data: { name, bio } } of seed.artists) {
      const opener = bio.slice(0, bio.indexOf(name));
      if (/^(A|An) /.test(opener)) expect(isBand(name), bio).toBe(false);
      if (/^\w+s (for|from) /.test(opener)) expect(isBand(name), bio).toBe(true);
    }
  });

  it('offers every opener and closer in a solo and a band form that agree', () => {
    for (const closer of BIO_CLOSERS) {
      expect(singularVerb(closer.solo.split(' ')[0]!), closer.solo).toBe(true);
      expect(singularVerb(closer.band.split(' ')[0]!), closer.band).toBe(false);
    }
    for (const opener of BIO_OPENERS) expect(/^(A|An) /.test(opener.band), opener.band).toBe(false);
  });

  it('writes each bio as one sentence: a capital, the name once, single spaces, a full stop', () => {
    for (const { data: { name, bio } } of seed.artists) {
      expect(bio, name).toMatch(/^[A-Z]/);
      expect(bio.split(name).length - 1, bio).toBe(1);
      expect(bio, name).not.toMatch(/\s{2}|\s[,.]|,,/);
      expect(bio, name).toMatch(/[^.]\.$/);
    }
  });
  it('has the practical information visitors look for, each page valid, in English and Dutch', () => {
    const { infoPages } = encore2026();
    expect(infoPages.map((page) => page.id)).toEqual(['opening-hours', 'tickets-and-wristbands', 'rules', 'what-to-bring', 'transport', 'lockers', 'lost-property', 'first-aid', 'faq']);
    for (const page of infoPages) {
      expect(infoPageSchema.safeParse({ ...page.data, updatedAt: new Date() }).success, page.id).toBe(true);
      expect(page.data.title.en && page.data.title.nl, page.id).toBeTruthy();
    }
    // One Dutch body left empty on purpose: readers get the English one.
    expect(infoPages.filter((page) => page.data.body.nl === '').map((page) => page.id)).toEqual(['lost-property']);
  });

  describe('its facts agree with its programme', () => {
    // Each day's first start and last end, read from the sets themselves (not from gateHoursOf).
    const spans = new Map<string, { first: Date; last: Date }>();
    for (const { data } of seed.performances) {
      const day = festivalDayOf(data.startsAt, seed.festival);
      const span = spans.get(day);
      spans.set(day, { first: !span || data.startsAt < span.first ? data.startsAt : span.first, last: !span || data.endsAt > span.last ? data.endsAt : span.last });
    }
    const days = [...spans.keys()].sort();
    const clock = (instant: Date) => localTime(instant, seed.festival);
    const minutesAfter = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);
    const openingHours = seed.infoPages.find((page) => page.id === 'opening-hours')!.data.body;
    /** The page's "- **Friday 14 August**: 11:00 to 04:15" lines, as [label, opens, closes]. */
    const hourLines = (body: string, to: string) => [...body.matchAll(new RegExp(`^- \\*\\*(.+)\\*\\*: (\\d\\d:\\d\\d) ${to} (\\d\\d:\\d\\d)$`, 'gm'))].map((match) => match.slice(1, 4));

    it('the opening-hours page opens each day\'s gates an hour before its first set and closes them half an hour after its last, in both languages', () => {
      const expected = days.map((day) => [clock(minutesAfter(spans.get(day)!.first, -60)), clock(minutesAfter(spans.get(day)!.last, 30))]);
      expect(expected[0]).toEqual(['11:00', '03:40']);
      expect(hourLines(openingHours.en, 'to').map(([, opens, closes]) => [opens, closes])).toEqual(expected);
      expect(hourLines(openingHours.nl, 'tot').map(([, opens, closes]) => [opens, closes])).toEqual(expected);
      expect(hourLines(openingHours.en, 'to').map(([label]) => label)).toEqual(['Friday 14 August', 'Saturday 15 August', 'Sunday 16 August']);
      expect(hourLines(openingHours.nl, 'tot').map(([label]) => label)).toEqual(['Vrijdag 14 augustus', 'Zaterdag 15 augustus', 'Zondag 16 augustus']);
    });

    it('the welcome announcement\'s gate time is the one the page gives for every day', () => {
      const opens = new Set(days.map((day) => clock(minutesAfter(spans.get(day)!.first, -60))));
      expect(opens.size).toBe(1);
      expect(seed.welcome.body).toContain(`Gates open at ${[...opens][0]} each day.`);
    });

    it('no set starts before the gates open or ends after they close', () => {
      for (const hours of seed.gateHours) {
        const day = festivalDay(hours.date, seed.festival);
        const opens = zonedInstant(hours.date, hours.opens, seed.festival.timeZone)!;
        // A closing time before the day's start hour is after midnight, on the next calendar date.
        const closesDate = hours.closes < '06:00' ? festivalDay(hours.date, seed.festival).endsAt.toISOString().slice(0, 10) : hours.date;
        const closes = zonedInstant(closesDate, hours.closes, seed.festival.timeZone)!;
        for (const { data } of seed.performances.filter(({ data }) => data.startsAt >= day.startsAt && data.startsAt < day.endsAt)) {
          expect(data.startsAt.getTime()).toBeGreaterThanOrEqual(opens.getTime());
          expect(data.endsAt.getTime()).toBeLessThanOrEqual(closes.getTime());
        }
      }
    });
  });

  it('georeferences the site plan: valid control points, a plausible scale, north up', () => {
    const { venueMap } = encore2026();
    expect(georeferenceSchema.safeParse(venueMap.georeference).success).toBe(true);
    const transform = planGeoTransform(venueMap.georeference);
    // About 900 m across the plan, and north is up.
    expect(transform.metresBetween({ x: 0, y: 0.5 }, { x: 1, y: 0.5 })).toBeGreaterThan(850);
    expect(transform.metresBetween({ x: 0, y: 0.5 }, { x: 1, y: 0.5 })).toBeLessThan(950);
    expect(Math.min(transform.planHeading(transform.toGeo({ x: 0.5, y: 0.5 }), 0), 360 - transform.planHeading(transform.toGeo({ x: 0.5, y: 0.5 }), 0))).toBeLessThan(1);
  });
});
