import { describe, expect, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { readCalendar } from '@encore/model/calendar';
import { FESTIVAL_ID, seedFestival, testDeps } from '../testing/deps.js';
import { handleCalendarFeed, handleCalendarLink } from './calendar.js';

describe('calendar feed', () => {
  it('serves a person’s favourites at a secret URL that follows programme changes', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    const { token } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, undefined);
    expect(await handleCalendarLink(deps, { uid: 'u1', token: {} }, { action: 'get' })).toEqual({ token });

    const feed = await handleCalendarFeed(deps, { uid: 'u1', token });
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('SUMMARY:Kae');
    expect(feed.body).toContain('DTSTART:20260814T210000Z');
    expect(feed.body).toContain('UID:kae-main@encore-2026.encore');
    expect(feed.body).toContain('URL:https://encore.example/performances/kae-main');

    const path = firestorePaths.performance(FESTIVAL_ID, 'kae-main');
    deps.docs.seed(path, { ...deps.docs.data(path), startsAt: new Date('2026-08-14T22:00:00Z'), endsAt: new Date('2026-08-14T23:00:00Z') });
    expect((await handleCalendarFeed(deps, { uid: 'u1', token })).body).toContain('DTSTART:20260814T220000Z');
  });

  it('speaks the person’s language and rings their reminder, as their preferences document asks', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    deps.docs.seed(firestorePaths.favorite('u1', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
    const { token } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, {});
    const path = firestorePaths.performance(FESTIVAL_ID, 'nina-main');
    deps.docs.seed(path, { ...deps.docs.data(path), status: 'cancelled' });

    const english = readCalendar((await handleCalendarFeed(deps, { uid: 'u1', token })).body);
    expect(english.properties['X-WR-CALNAME']).toBe('Encore: my schedule');
    expect(english.events.map((event) => [event.properties['SUMMARY'], event.properties['STATUS'], event.alarms.length])).toEqual([
      ['Cancelled: Nina', 'CANCELLED', 0],
      ['Kae', 'CONFIRMED', 0],
    ]);

    deps.docs.seed(firestorePaths.userPreferences('u1'), { locale: 'nl', reminderMinutes: 30, updatedAt: new Date() });
    const dutch = readCalendar((await handleCalendarFeed(deps, { uid: 'u1', token })).body);
    expect(dutch.properties['X-WR-CALNAME']).toBe('Encore: mijn schema');
    expect(dutch.events.map((event) => [event.properties['SUMMARY'], event.alarms])).toEqual([
      ['Afgelast: Nina', []],
      ['Kae', [{ ACTION: 'DISPLAY', DESCRIPTION: 'Kae op Main Stage over 30 min', TRIGGER: '-PT30M' }]],
    ]);
  });

  it('says each favourite’s priority and rings no alarm for a maybe; a favourite from before priorities stays a plain one', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.userPreferences('u1'), { locale: 'en', reminderMinutes: 15, updatedAt: new Date() });
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(), priority: 'maybe' });
    deps.docs.seed(firestorePaths.favorite('u1', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
    const { token } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, {});
    const events = () => handleCalendarFeed(deps, { uid: 'u1', token }).then((feed) => readCalendar(feed.body).events.map((event) => [event.properties['SUMMARY'], event.alarms.length]));
    expect(await events()).toEqual([
      ['Nina', 1],
      ['Maybe: Kae', 0],
    ]);
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(), priority: 'must' });
    expect(await events()).toEqual([
      ['Nina', 1],
      ['Must-see: Kae', 1],
    ]);
  });

  it('rings a must-see 15 minutes before for a person with no preferences, and neither their maybe nor their plain favourite', async () => {
    const deps = testDeps();
    seedFestival(deps.docs);
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(), priority: 'must' });
    deps.docs.seed(firestorePaths.favorite('u1', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() });
    const { token } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, {});
    const alarms = async () => readCalendar((await handleCalendarFeed(deps, { uid: 'u1', token })).body).events.map((event) => [event.properties['SUMMARY'], event.alarms]);
    expect(await alarms()).toEqual([
      ['Nina', []],
      ['Must-see: Kae', [{ ACTION: 'DISPLAY', DESCRIPTION: 'Kae on Main Stage in 15 min', TRIGGER: '-PT15M' }]],
    ]);
    deps.docs.seed(firestorePaths.favorite('u1', 'nina-main'), { festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date(), priority: 'maybe' });
    expect((await alarms())[0]).toEqual(['Maybe: Nina', []]);
  });

  it('stops serving a rotated or revoked URL, and answers every wrong request with the same 404', async () => {
    const deps = testDeps();
    const { token: old } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, {});
    const { token: fresh } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, { action: 'rotate' });
    expect(fresh).not.toBe(old);
    expect((await handleCalendarFeed(deps, { uid: 'u1', token: old! })).status).toBe(404);
    expect((await handleCalendarFeed(deps, { uid: 'u1', token: fresh! })).status).toBe(200);
    await handleCalendarLink(deps, { uid: 'u1', token: {} }, { action: 'revoke' });
    for (const query of [{ uid: 'u1', token: fresh }, { uid: 'nobody', token: fresh }, {}, { uid: ['u1'], token: fresh }, { uid: 'a/b', token: 'x' }]) {
      expect((await handleCalendarFeed(deps, query)).status).toBe(404);
    }
  });

  it('issue 24: answers ids Firestore refuses (., .., __x__) with the same 404, before reading anything', async () => {
    const deps = testDeps();
    const { token } = await handleCalendarLink(deps, { uid: 'u1', token: {} }, {});
    // Reads as production's Firestore answers them: a reserved or dotted id is INVALID_ARGUMENT.
    const reads: string[] = [];
    const get = deps.docs.get.bind(deps.docs);
    deps.docs.get = ((path: string, schema: never) => {
      reads.push(path);
      if (path.split('/').some((id) => id === '.' || id === '..' || /^__.*__$/.test(id))) return Promise.reject(Object.assign(new Error(`3 INVALID_ARGUMENT: Document name "${path}" is not valid`), { code: 3 }));
      return get(path, schema);
    }) as typeof deps.docs.get;
    for (const uid of ['.', '..', '__x__', '__.__', 'u1\n', 'é']) {
      expect(await handleCalendarFeed(deps, { uid, token: token! }), uid).toMatchObject({ status: 404, body: 'No such calendar.\n' });
    }
    for (const wrong of ['', 'x', '../../x', 'a'.repeat(201)]) expect((await handleCalendarFeed(deps, { uid: 'u1', token: wrong })).status).toBe(404);
    expect(reads).toEqual([]);
    // The honest request still works.
    expect((await handleCalendarFeed(deps, { uid: 'u1', token: token! })).status).toBe(200);
  });

  it('needs a signed-in caller for links', async () => {
    const deps = testDeps();
    await expect(handleCalendarLink(deps, undefined, {})).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleCalendarLink(deps, { uid: 'u1', token: {} }, { action: 'steal' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
