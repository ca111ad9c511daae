import { describe, expect, it } from 'vitest';
import { artistSchema, festivalSchema, performanceSchema, stageSchema } from '../schemas/festival.js';
import { venueMapInputSchema } from '../schemas/venue.js';
import { slugIdSchema } from '../schemas/common.js';
import { stageOverlaps } from '../programme/now-next.js';
import { festivalDayOf, festivalDays } from '../time/festival-days.js';
import { SEED_ACCOUNTS, encore2026 } from './encore-2026.js';

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

  it('has staff, admin and visitor test accounts', () => {
    expect(SEED_ACCOUNTS.map((a) => a.role ?? 'visitor').sort()).toEqual(['admin', 'staff', 'visitor', 'visitor']);
  });

  it('places every stage on the site plan, with each kind of facility and a step-free route', () => {
    const map = venueMapInputSchema.parse({ ...seed.venueMap, updatedAt: new Date() });
    expect(map.markers.filter((marker) => marker.kind === 'stage').map((marker) => marker.stageId).sort()).toEqual(seed.stages.map((stage) => stage.id).sort());
    expect(new Set(map.markers.map((marker) => marker.kind))).toEqual(new Set(['stage', 'toilets', 'water', 'first-aid', 'exit', 'accessible-viewing']));
    expect(map.routes.some((route) => route.stepFree)).toBe(true);
  });

  it('gives every artist distinct artwork, the same on every run', () => {
    const looks = seed.artists.map(({ artwork }) => JSON.stringify(artwork));
    expect(new Set(looks).size).toBe(seed.artists.length);
    expect(encore2026().artists.map(({ artwork }) => JSON.stringify(artwork))).toEqual(looks);
  });
});
