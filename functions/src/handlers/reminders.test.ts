import { describe, expect, it } from 'vitest';
import { firestorePaths, type Locale } from '@encore/model';
import { FESTIVAL_ID, NOW, seedFestival, testDeps } from '../testing/deps.js';
import { handleReminders } from './reminders.js';

type Deps = ReturnType<typeof testDeps>;
const at = (iso: string) => () => new Date(iso);

/** A fan of `sets` with a lead time (null: none), a language, and devices with these tokens. */
function person(deps: Deps, uid: string, options: { lead: number | null | 'no-preferences'; locale?: Locale; tokens: string[]; sets: string[] }) {
  if (options.lead !== 'no-preferences') {
    deps.docs.seed(firestorePaths.userPreferences(uid), { locale: options.locale ?? 'en', reminderMinutes: options.lead, updatedAt: NOW });
  }
  options.tokens.forEach((token, index) =>
    deps.docs.seed(firestorePaths.device(uid, `${uid}-device-${index}`), { token, festivalId: FESTIVAL_ID, locale: 'en', userAgent: 'Firefox on Linux', createdAt: NOW, updatedAt: NOW }),
  );
  for (const performanceId of options.sets) deps.docs.seed(firestorePaths.favorite(uid, performanceId), { festivalId: FESTIVAL_ID, performanceId, createdAt: NOW });
}

/** kae-main starts at 21:00 UTC (23:00 in Amsterdam) on the seed festival. */
function festivalWithFans(): Deps {
  const deps = testDeps();
  seedFestival(deps.docs);
  person(deps, 'ann', { lead: 15, locale: 'nl', tokens: ['tok-ann'], sets: ['kae-main'] });
  person(deps, 'bo', { lead: 60, tokens: ['tok-bo-phone', 'tok-bo-laptop'], sets: ['kae-main'] });
  person(deps, 'cy', { lead: null, tokens: ['tok-cy'], sets: ['kae-main'] });
  person(deps, 'dee', { lead: 'no-preferences', tokens: ['tok-dee'], sets: ['kae-main'] });
  person(deps, 'eli', { lead: 15, tokens: [], sets: ['kae-main'] });
  return deps;
}

const run = (deps: Deps, iso: string) => handleReminders({ ...deps, now: at(iso) });
const pushes = (deps: Deps) => deps.push.sent.map((message) => [message.token, message.payload.title, message.payload.body]);

describe('reminders before one’s sets', () => {
  it('reach each fan at the lead time they chose, on every device, in their language', async () => {
    const deps = festivalWithFans();
    expect(await run(deps, '2026-08-14T20:00:00Z')).toMatchObject({ sets: 1, due: 1, sent: 2 });
    expect(pushes(deps)).toEqual([
      ['tok-bo-phone', 'Kae starts in 60 minutes', 'On Main Stage at 23:00.'],
      ['tok-bo-laptop', 'Kae starts in 60 minutes', 'On Main Stage at 23:00.'],
    ]);
    await run(deps, '2026-08-14T20:46:00Z');
    expect(pushes(deps).slice(2)).toEqual([['tok-ann', 'Kae begint over 14 minuten', 'Op Main Stage om 23:00.']]);
    expect(deps.push.sent[2]).toMatchObject({ uid: 'ann', payload: { kind: 'reminder', link: '/performances/kae-main', tag: 'set-kae-main' } });
    // Nobody else: cy chose none, dee never chose, eli has no device.
    await run(deps, '2026-08-14T20:56:00Z');
    expect(deps.push.sent).toHaveLength(3);
  });

  it('come once per person per set: not again in the window’s second run, nor from a run that overlaps', async () => {
    const deps = festivalWithFans();
    await Promise.all([run(deps, '2026-08-14T19:57:00Z'), run(deps, '2026-08-14T19:57:30Z')]);
    expect(await run(deps, '2026-08-14T20:02:00Z')).toMatchObject({ due: 1, sent: 0, duplicates: 2 });
    expect(deps.push.sent.map((message) => message.token)).toEqual(['tok-bo-phone', 'tok-bo-laptop']);
  });

  it('come once per person per set even when the set moves after the reminder went out', async () => {
    const deps = festivalWithFans();
    await run(deps, '2026-08-14T20:46:00Z');
    expect(deps.push.sent.map((message) => message.token)).toEqual(['tok-ann']);
    const path = firestorePaths.performance(FESTIVAL_ID, 'kae-main');
    deps.docs.seed(path, { ...deps.docs.data(path), startsAt: new Date('2026-08-14T21:30:00Z'), endsAt: new Date('2026-08-14T22:30:00Z') });
    // ann's 15 minutes come round again for the new time, bo's 60 minutes for the first time.
    await run(deps, '2026-08-14T21:16:00Z');
    await run(deps, '2026-08-14T20:30:00Z');
    expect(deps.push.sent.map((message) => message.token)).toEqual(['tok-ann', 'tok-bo-phone', 'tok-bo-laptop']);
    expect(deps.push.sent[1]!.payload.body).toBe('On Main Stage at 23:30.');
  });

  it('never come for a cancelled set, nor for one that has begun', async () => {
    const deps = festivalWithFans();
    const path = firestorePaths.performance(FESTIVAL_ID, 'kae-main');
    deps.docs.seed(path, { ...deps.docs.data(path), status: 'cancelled' });
    expect(await run(deps, '2026-08-14T20:00:00Z')).toMatchObject({ sets: 0, sent: 0 });
    person(deps, 'fay', { lead: 5, tokens: ['tok-fay'], sets: ['nina-main'] });
    // nina-main began at 19:00.
    await run(deps, '2026-08-14T19:01:00Z');
    expect(deps.push.sent).toEqual([]);
  });

  it('skip festivals that are not on', async () => {
    const deps = festivalWithFans();
    deps.docs.seed(firestorePaths.festival(FESTIVAL_ID), { ...deps.docs.data(firestorePaths.festival(FESTIVAL_ID)), startsOn: '2026-08-15', endsOn: '2026-08-16' });
    expect(await run(deps, '2026-08-14T20:00:00Z')).toEqual({ sets: 0, due: 0, sent: 0, duplicates: 0 });
  });
});
