import { describe, expect, it } from 'vitest';
import { meetupPlaceSchema } from '@encore/model';
import { freePointPlace, meetupDays, meetupInstantFor, meetupInstantOn, nearestPlace, placeChoices, randomRequestId, unexpired } from './meetup-logic';

const AMSTERDAM = 'Europe/Amsterdam';

describe('meet-up logic', () => {
  const festival = { timeZone: AMSTERDAM, startsOn: '2026-08-14', endsOn: '2026-08-16', dayStartsAtHour: 6 };

  it('reads a time on a festival day on the festival clock, a time before 06:00 as that night\'s, after midnight', () => {
    expect(meetupInstantOn('2026-08-14', '21:30', festival)).toEqual(new Date('2026-08-14T19:30:00Z'));
    expect(meetupInstantOn('2026-08-15', '12:00', festival)).toEqual(new Date('2026-08-15T10:00:00Z'));
    expect(meetupInstantOn('2026-08-14', '01:00', festival)).toEqual(new Date('2026-08-14T23:00:00Z'));
    expect(meetupInstantOn('2026-08-16', '05:59', festival)).toEqual(new Date('2026-08-17T03:59:00Z'));
    expect(meetupInstantOn('2026-08-14', '9pm', festival)).toBeNull();
  });

  it('reads a time more than an hour gone on today\'s festival day as the next day\'s', () => {
    const smallHours = new Date('2026-12-07T03:30:00Z'); // 04:30 on festival day 6 December
    expect(meetupInstantFor('2026-12-06', '23:30', festival, smallHours)).toEqual(new Date('2026-12-07T22:30:00Z'));
    expect(meetupInstantFor('2026-12-06', '05:00', festival, smallHours)).toEqual(new Date('2026-12-07T04:00:00Z'));
    // Another day than today is taken as chosen.
    expect(meetupInstantFor('2026-08-15', '21:00', festival, new Date('2026-08-14T19:00:00Z'))).toEqual(new Date('2026-08-15T19:00:00Z'));
  });

  it('offers today\'s festival day first, then the festival\'s days still to come', () => {
    expect(meetupDays(festival, new Date('2026-08-15T19:00:00Z'))).toEqual(['2026-08-15', '2026-08-16']);
    // 02:00 on Sunday morning is still Saturday's night.
    expect(meetupDays(festival, new Date('2026-08-16T00:00:00Z'))).toEqual(['2026-08-15', '2026-08-16']);
    expect(meetupDays(festival, new Date('2026-08-13T10:00:00Z'))).toEqual(['2026-08-13', '2026-08-14', '2026-08-15', '2026-08-16']);
    expect(meetupDays(festival, new Date('2026-08-20T10:00:00Z'))).toEqual(['2026-08-20']);
  });

  it('offers every marker as a place, by name', () => {
    const choices = placeChoices(
      [
        { id: 'water-1', kind: 'water', x: 0.2, y: 0.3 },
        { id: 'main', kind: 'stage', stageId: 'main-stage', x: 0.5, y: 0.1 },
      ],
      (marker) => (marker.kind === 'stage' ? 'Main Stage' : 'Drinking water'),
    );
    expect(choices.map((choice) => [choice.label, choice.place])).toEqual([
      ['Drinking water', { x: 0.2, y: 0.3, label: 'Drinking water', markerId: 'water-1' }],
      ['Main Stage', { x: 0.5, y: 0.1, label: 'Main Stage', markerId: 'main' }],
    ]);
  });

  it('stores a free point with its label trimmed, or with none when left empty (the contract accepts both)', () => {
    expect(freePointPlace({ x: 0.52, y: 0.5 }, '  the big tree ')).toEqual({ x: 0.52, y: 0.5, label: 'the big tree' });
    expect(freePointPlace({ x: 0.52, y: 0.5 }, '   ')).toEqual({ x: 0.52, y: 0.5 });
    expect(meetupPlaceSchema.safeParse(freePointPlace({ x: 0.52, y: 0.5 }, '')).success).toBe(true);
  });

  it("says which named place is nearest to a free point, counting the plan's proportions", () => {
    const choices = placeChoices(
      [
        { id: 'west', kind: 'water', x: 0.3, y: 0.5 },
        { id: 'south', kind: 'toilets', x: 0.5, y: 0.75 },
      ],
      (marker) => marker.id,
    );
    // 0.2 of the width away, 0.25 of the height: on a square plan the water is nearer, on a 3:2 plan the toilets.
    expect(nearestPlace({ x: 0.5, y: 0.5 }, choices, 1)?.label).toBe('west');
    expect(nearestPlace({ x: 0.5, y: 0.5 }, choices, 1.5)?.label).toBe('south');
    expect(nearestPlace({ x: 0.5, y: 0.5 }, [], 1.5)).toBeNull();
  });

  it('drops a shared position at its expiry, before anything deletes it', () => {
    const now = new Date('2026-08-14T19:00:00Z');
    const at = (minutes: number) => ({ expiresAt: new Date(now.getTime() + minutes * 60_000) });
    expect(unexpired([at(-1), at(0), at(1)], now)).toEqual([at(1)]);
  });

  it('makes request ids the group callables accept (22 base64url characters)', () => {
    expect(randomRequestId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
