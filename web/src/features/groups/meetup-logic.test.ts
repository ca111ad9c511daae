import { describe, expect, it } from 'vitest';
import { meetupInstant, placeChoices, randomRequestId, unexpired } from './meetup-logic';

const AMSTERDAM = 'Europe/Amsterdam';

describe('meet-up logic', () => {
  it('reads a time on the festival clock as today, or tomorrow once today is over an hour gone', () => {
    const evening = new Date('2026-08-14T19:00:00Z'); // 21:00 in Amsterdam
    expect(meetupInstant('21:30', evening, AMSTERDAM)).toEqual(new Date('2026-08-14T19:30:00Z'));
    expect(meetupInstant('20:30', evening, AMSTERDAM)).toEqual(new Date('2026-08-14T18:30:00Z'));
    expect(meetupInstant('01:00', evening, AMSTERDAM)).toEqual(new Date('2026-08-14T23:00:00Z'));
    expect(meetupInstant('9pm', evening, AMSTERDAM)).toBeNull();
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

  it('drops a shared position at its expiry, before anything deletes it', () => {
    const now = new Date('2026-08-14T19:00:00Z');
    const at = (minutes: number) => ({ expiresAt: new Date(now.getTime() + minutes * 60_000) });
    expect(unexpired([at(-1), at(0), at(1)], now)).toEqual([at(1)]);
  });

  it('makes request ids the group callables accept (22 base64url characters)', () => {
    expect(randomRequestId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
