import { describe, expect, it } from 'vitest';
import { badgeOf, NO_FRESHNESS, noteLiveChange, OFFLINE_AFTER_MS, nextBadgeCheck, type BadgeInputs } from './live-freshness';

const CADENCE = 30_000;
const T = Date.UTC(2026, 7, 15, 19, 0, 0);
/** Published at T - 30 s and T: the document changes every cadence. */
const atPace = noteLiveChange(noteLiveChange(NO_FRESHNESS, T - CADENCE), T);
const inputs = (overrides: Partial<BadgeInputs>): BadgeInputs => ({ connection: 'online', now: T, cadenceMs: CADENCE, liveExpected: true, freshness: atPace, pendingSince: null, ...overrides });

describe('the honest badge', () => {
  it('stays online while the live documents change within three cadences', () => {
    expect(badgeOf(inputs({ now: T + 3 * CADENCE }))).toEqual({ state: 'online' });
  });

  it('says delayed, since the last change, once three cadences pass without one during the festival hours', () => {
    expect(badgeOf(inputs({ now: T + 3 * CADENCE + 1 }))).toEqual({ state: 'delayed', since: new Date(T) });
    expect(nextBadgeCheck(inputs({ now: T + 1000 }))).toBe(T + 3 * CADENCE + 1);
  });

  it('never calls a quiet festival delayed: outside the hours, or when the document did not keep the pace', () => {
    expect(badgeOf(inputs({ now: T + 10 * CADENCE, liveExpected: false }))).toEqual({ state: 'online' });
    const slow = noteLiveChange(noteLiveChange(NO_FRESHNESS, T - 10 * CADENCE), T);
    expect(badgeOf(inputs({ now: T + 10 * CADENCE, freshness: slow }))).toEqual({ state: 'online' });
    expect(badgeOf(inputs({ now: T + 10 * CADENCE, freshness: noteLiveChange(NO_FRESHNESS, T) }))).toEqual({ state: 'online' });
  });

  it('says offline once a write has waited 10 s for the backend, and not before', () => {
    expect(badgeOf(inputs({ pendingSince: T - OFFLINE_AFTER_MS + 1 }))).toEqual({ state: 'online' });
    expect(badgeOf(inputs({ pendingSince: T - OFFLINE_AFTER_MS }))).toEqual({ state: 'offline' });
    expect(nextBadgeCheck(inputs({ pendingSince: T - 1000, liveExpected: false }))).toBe(T - 1000 + OFFLINE_AFTER_MS);
  });

  it('keeps what the stream and the browser say when they say it is not online', () => {
    expect(badgeOf(inputs({ connection: 'offline', now: T + 10 * CADENCE }))).toEqual({ state: 'offline' });
    expect(badgeOf(inputs({ connection: 'unknown' }))).toEqual({ state: 'unknown' });
  });
});
