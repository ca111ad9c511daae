import { gunzipSync } from 'node:zlib';
import functionsTest from 'firebase-functions-test';
import * as logger from 'firebase-functions/logger';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { firestorePaths, friendPaths, makeDomainEvent } from '@encore/model';
import type { TestDeps } from '../testing/deps.js';

/**
 * Trigger wiring through firebase-functions-test v3 with v2 CloudEvents: each export is
 * wrapped, fed the event its provider would send, and must reach its handler with the
 * right arguments (the handlers run over in-memory ports instead of the live adapters).
 */
const live = vi.hoisted(() => {
  // Storage triggers read the default bucket from FIREBASE_CONFIG when they are defined.
  process.env.FIREBASE_CONFIG = JSON.stringify({ projectId: 'demo-encore', storageBucket: 'demo-encore.appspot.com' });
  process.env.GCLOUD_PROJECT = 'demo-encore';
  return { deps: undefined as TestDeps | undefined };
});
vi.mock('../platform/live.js', () => ({ liveDeps: () => live.deps }));

const { testDeps, testPhoto, seedFestival, FESTIVAL_ID } = await import('../testing/deps.js');
const { runPublicationTasks } = await import('../testing/publications.js');
const triggers = await import('../index.js');
const test = functionsTest({ projectId: 'demo-encore', storageBucket: 'demo-encore.appspot.com' });
afterAll(() => test.cleanup());

let deps: TestDeps;
beforeEach(() => {
  deps = testDeps();
  seedFestival(deps.docs);
  live.deps = deps;
});

const message = (json: unknown) => ({ data: { message: { json, data: Buffer.from(JSON.stringify(json)).toString('base64'), messageId: '1', publishTime: new Date().toISOString(), attributes: {} }, subscription: 's' } });

describe('storage triggers', () => {
  it('onUploadFinalized creates the processing photo and publishes photo.uploaded', async () => {
    const generation = deps.objects.put('uploads/u1/encore-2026/p1', Buffer.alloc(1234));
    await test.wrap(triggers.onUploadFinalized)({
      id: 'storage-evt-1',
      data: { bucket: 'demo-encore.appspot.com', name: 'uploads/u1/encore-2026/p1', size: '1234', contentType: 'image/jpeg', generation, metadata: { performanceId: 'kae-main' } },
    });
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'p1'))).toMatchObject({ status: 'processing', performanceId: 'kae-main' });
    expect(deps.publisher.published).toEqual([expect.objectContaining({ id: 'storage-evt-1', type: 'photo.uploaded', data: expect.objectContaining({ size: 1234, generation }) })]);
  });

  it('issue 24: a finalize event too late to process still revokes the original’s download token, even one the client named', async () => {
    const name = 'uploads/u1/encore-2026/late';
    const generation = deps.objects.put(name, Buffer.alloc(10), new Date(), { firebaseStorageDownloadTokens: 'chosen-by-client', performanceId: 'kae-main' });
    await test.wrap(triggers.onUploadFinalized)({
      id: 'late-1',
      time: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      data: { bucket: 'demo-encore.appspot.com', name, size: '10', contentType: 'image/jpeg', generation, metadata: { firebaseStorageDownloadTokens: 'chosen-by-client', performanceId: 'kae-main' } },
    });
    expect(deps.objects.metadata(name)).toEqual({ performanceId: 'kae-main' });
    // Too late for the pipeline: no photo, nothing published (the nightly job deletes the original).
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'late'))).toBeUndefined();
    expect(deps.publisher.published).toEqual([]);
  });

  it('onUploadDeleted publishes photo.original-deleted for originals only', async () => {
    await test.wrap(triggers.onUploadDeleted)({ id: 'd1', data: { bucket: 'demo-encore.appspot.com', name: 'uploads/u1/encore-2026/p1' } });
    await test.wrap(triggers.onUploadDeleted)({ id: 'd2', data: { bucket: 'demo-encore.appspot.com', name: 'photos/encore-2026/p1/320.webp' } });
    expect(deps.publisher.published.map((e) => [e.id, e.type])).toEqual([['d1', 'photo.original-deleted']]);
  });
});

describe('firestore triggers', () => {
  it('onFavoriteWritten turns a created favourite into favorite.changed with the path params', async () => {
    const after = test.firestore.makeDocumentSnapshot({ festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() }, 'users/u9/favorites/kae-main');
    const before = test.firestore.makeDocumentSnapshot({}, 'users/u9/favorites/kae-main');
    await test.wrap(triggers.onFavoriteWritten)({ id: 'fav-1', data: test.makeChange(before, after), params: { uid: 'u9', performanceId: 'kae-main' } });
    expect(deps.publisher.published).toEqual([
      expect.objectContaining({ id: 'fav-1', type: 'favorite.changed', data: { uid: 'u9', festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'added' } }),
    ]);
  });

  it("onFavoriteWritten republishes the owner's friends' plan on any write, and a priority change publishes no count event", async () => {
    deps.docs.seed(friendPaths.planOwner('u9'), { planId: 'plan-u9' });
    const favourite = (priority?: 'must') => ({ festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date(), ...(priority ? { priority } : {}) });
    deps.docs.seed(firestorePaths.favorite('u9', 'kae-main'), favourite('must'));
    const snapshot = (data: Record<string, unknown>) => test.firestore.makeDocumentSnapshot(data, 'users/u9/favorites/kae-main');
    await test.wrap(triggers.onFavoriteWritten)({ id: 'fav-2', data: test.makeChange(snapshot(favourite()), snapshot(favourite('must'))), params: { uid: 'u9', performanceId: 'kae-main' } });
    expect(deps.publisher.published).toEqual([]);
    expect(deps.docs.data(friendPaths.plan('plan-u9'))).toMatchObject({ sets: [{ performanceId: 'kae-main', priority: 'must' }] });
  });

  it('onReactionWritten, onReportCreated and onPhotoWritten pass their path params through', async () => {
    const reaction = test.firestore.makeDocumentSnapshot({ kind: 'love', createdAt: new Date() }, 'festivals/encore-2026/photos/ph1/reactions/u2');
    const none = test.firestore.makeDocumentSnapshot({}, 'festivals/encore-2026/photos/ph1/reactions/u2');
    await test.wrap(triggers.onReactionWritten)({ id: 'r1', data: test.makeChange(reaction, none), params: { festivalId: FESTIVAL_ID, photoId: 'ph1', uid: 'u2' } });
    const report = test.firestore.makeDocumentSnapshot({ photoId: 'ph1', reporterUid: 'u3', reason: 'spam', createdAt: new Date() }, 'festivals/encore-2026/reports/ph1~u3');
    await test.wrap(triggers.onReportCreated)({ id: 'rep-evt', data: report, params: { festivalId: FESTIVAL_ID, reportId: 'ph1~u3' } });
    const photo = (status: 'processing' | 'ready') =>
      test.firestore.makeDocumentSnapshot(testPhoto({ status, performanceId: null, uploaderUid: 'u1', originalPath: 'uploads/u1/encore-2026/ph1' }), 'festivals/encore-2026/photos/ph1');
    await test.wrap(triggers.onPhotoWritten)({ id: 'ph-evt', data: test.makeChange(photo('processing'), photo('ready')), params: { festivalId: FESTIVAL_ID, photoId: 'ph1' } });
    expect(deps.publisher.published.map((e) => [e.id, e.type, e.data])).toEqual([
      ['r1', 'reaction.changed', { festivalId: FESTIVAL_ID, photoId: 'ph1', uid: 'u2', change: 'removed', kinds: ['love'] }],
      ['rep-evt', 'report.filed', { festivalId: FESTIVAL_ID, reportId: 'ph1~u3', photoId: 'ph1', reporterUid: 'u3', reason: 'spam' }],
      [
        'ph-evt',
        'photo.changed',
        {
          festivalId: FESTIVAL_ID,
          photoId: 'ph1',
          uploaderUid: 'u1',
          originalPath: 'uploads/u1/encore-2026/ph1',
          before: { status: 'processing', performanceId: null },
          after: { status: 'ready', performanceId: null },
        },
      ],
    ]);
  });

  it('onPerformanceUpdated converts Timestamps and publishes a move', async () => {
    const path = firestorePaths.performance(FESTIVAL_ID, 'kae-main');
    const fields = { artistId: 'kae', stageId: 'main', status: 'scheduled', favoriteCount: 0, photoCount: 0 };
    const before = test.firestore.makeDocumentSnapshot({ ...fields, startsAt: new Date('2026-08-14T21:00:00Z'), endsAt: new Date('2026-08-14T22:00:00Z') }, path);
    const after = test.firestore.makeDocumentSnapshot({ ...fields, startsAt: new Date('2026-08-14T21:30:00Z'), endsAt: new Date('2026-08-14T22:30:00Z') }, path);
    await test.wrap(triggers.onPerformanceUpdated)({ id: 'move-1', data: test.makeChange(before, after), params: { festivalId: FESTIVAL_ID, performanceId: 'kae-main' } });
    expect(deps.publisher.ofType('performance.changed').map((e) => e.data)).toEqual([
      { festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'moved', startsAt: '2026-08-14T21:30:00.000Z', endsAt: '2026-08-14T22:30:00.000Z' },
    ]);
  });
});

describe('announcements', () => {
  it('onAnnouncementWritten publishes an announcement posted urgent, and pushAnnouncement pushes it to each device once', async () => {
    const path = firestorePaths.announcement(FESTIVAL_ID, 'a1');
    const posted = { title: 'EVACUATE', body: 'North gate, now.', createdAt: new Date(), priority: 'urgent' };
    deps.docs.seed(path, posted);
    deps.docs.seed(firestorePaths.device('u1', 'phone-0001'), { token: 'tok-u1', festivalId: FESTIVAL_ID, locale: 'nl', userAgent: 'Chrome on Android', createdAt: new Date(), updatedAt: new Date() });
    const after = test.firestore.makeDocumentSnapshot(posted, path);
    const before = test.firestore.makeDocumentSnapshot({}, path);
    await test.wrap(triggers.onAnnouncementWritten)({ id: 'post-1', data: test.makeChange(before, after), params: { festivalId: FESTIVAL_ID, announcementId: 'a1' } });
    const [urgent] = deps.publisher.ofType('announcement.urgent');
    expect(urgent).toMatchObject({ id: 'post-1', data: { festivalId: FESTIVAL_ID, announcementId: 'a1' } });

    await test.wrap(triggers.fanOutAnnouncement)(message(urgent));
    const [batch] = deps.publisher.ofType('announcement.push-batch');
    await test.wrap(triggers.pushAnnouncement)(message(batch));
    await test.wrap(triggers.pushAnnouncement)(message(batch));
    expect(deps.push.sent.map((sent) => [sent.token, sent.payload.title])).toEqual([['tok-u1', 'Dringend: EVACUATE']]);
  });
});

describe('pub/sub subscribers', () => {
  const favoriteEvent = (id: string) => makeDomainEvent('favorite.changed', id, { uid: 'u1', festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'added' }, new Date());

  it('countFavorite counts a message once, however often it is delivered', async () => {
    const wrapped = test.wrap(triggers.countFavorite);
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    await wrapped(message(favoriteEvent('m1')));
    await wrapped(message(favoriteEvent('m1')));
    // Acknowledged with the set marked each time. The first delivery's publication leads (a task
    // at once); the redelivery, stored after that ask, rides on the next slot's: two tasks, one count.
    expect(deps.tasks.of('publishLiveSets').length).toBeGreaterThanOrEqual(1);
    expect(deps.tasks.of('publishLiveSets').length).toBeLessThanOrEqual(2);
    await runPublicationTasks(deps);
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))?.favorites).toEqual({ 'kae-main': 1 });
  });

  it('drops malformed messages and events past their age cutoff instead of retrying them', async () => {
    const wrapped = test.wrap(triggers.countFavorite);
    await expect(wrapped(message({ id: 'x', type: 'favorite.changed', version: 99, occurredAt: new Date().toISOString(), data: {} }))).resolves.toBeUndefined();
    await expect(wrapped({ ...message(favoriteEvent('old')), time: new Date(Date.now() - 2 * 86_400_000).toISOString() })).resolves.toBeUndefined();
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))).toBeUndefined();
  });

  it('issue 24: drops a poison message (not JSON, not an envelope, another type) after one attempt, logged once', async () => {
    // The CloudEvent as Pub/Sub delivers it, bytes as sent (test.wrap would fill in a JSON payload of its own).
    const deliver = triggers.countFavorite as unknown as (event: unknown) => Promise<unknown>;
    const raw = (data: string) => ({
      specversion: '1.0',
      id: `poison-${data.length}`,
      source: '//pubsub.googleapis.com/projects/demo-encore/topics/favorite-changed',
      type: 'google.cloud.pubsub.topic.v1.messagePublished',
      time: new Date().toISOString(),
      data: { message: { data: Buffer.from(data).toString('base64'), messageId: '9', publishTime: new Date().toISOString(), attributes: {} }, subscription: 's' },
    });
    const reaction = makeDomainEvent('reaction.changed', 'r9', { festivalId: FESTIVAL_ID, photoId: 'ph1', uid: 'u1', change: 'added' }, new Date());
    const poison = [raw('{"id": "x", "type": '), raw('not json at all'), raw('[1, 2]'), raw('"favorite.changed"'), raw(JSON.stringify(reaction)), raw('{"no":"type"}')];
    vi.mocked(logger.warn).mockClear();
    vi.mocked(logger.error).mockClear();
    for (const message of poison) await expect(deliver(message)).resolves.toBeUndefined();
    const poisoned = vi.mocked(logger.warn).mock.calls.filter(([name]) => name === 'event-poisoned');
    expect(poisoned.map(([, fields]) => (fields as { why: string }).why)).toEqual(['not-json', 'not-json', 'not-an-envelope', 'not-an-envelope', 'wrong-type', 'wrong-type']);
    expect(vi.mocked(logger.error)).not.toHaveBeenCalled();
    // The honest message beside them still counts (in the published live figures).
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    await test.wrap(triggers.countFavorite)(message(favoriteEvent('m9')));
    await runPublicationTasks(deps);
    expect(deps.docs.data(firestorePaths.liveSets(FESTIVAL_ID))?.favorites).toEqual({ 'kae-main': 1 });
  });

  it('lets transient failures throw so Pub/Sub retries', async () => {
    deps.docs.batch = () => Promise.reject(new Error('14 UNAVAILABLE'));
    await expect(test.wrap(triggers.countFavorite)(message(favoriteEvent('m2')))).rejects.toThrow('UNAVAILABLE');
  });
});

describe('https, callables and schedule', () => {
  it('moderatePhoto maps refusals to HttpsError codes, and a missing second factor to its reason', async () => {
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'ph1'), testPhoto({ status: 'ready' }));
    const call = test.wrap(triggers.moderatePhoto);
    const request = (token: Record<string, unknown>) => ({ data: { festivalId: FESTIVAL_ID, photoId: 'ph1', action: 'hide' }, auth: { uid: 'x', token }, rawRequest: {} }) as never;
    await expect(call(request({}))).rejects.toMatchObject({ code: 'permission-denied', httpErrorCode: { status: 403 } });
    // The festival's moderator (festivals/{f}/staff/x) signed in with a password alone: refused, with a reason the web app can act on.
    deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'x'), { role: 'moderator', addedAt: new Date(), addedBy: null });
    await expect(call(request({ firebase: { sign_in_provider: 'password' } }))).rejects.toMatchObject({
      code: 'permission-denied',
      details: { reason: 'second-factor-needed' },
    });
    await expect(call(request({ firebase: { sign_in_provider: 'password', sign_in_second_factor: 'phone' } }))).resolves.toEqual({ status: 'hidden' });
  });

  it('createFestival creates the festival for a project admin and maps a taken address to already-exists (409)', async () => {
    const call = test.wrap(triggers.createFestival);
    const festival = { name: 'Zomer Klanken', timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Park' };
    const token = { role: 'admin', firebase: { sign_in_provider: 'password', sign_in_second_factor: 'totp' } };
    const request = (festivalId: string) => ({ data: { festivalId, festival }, auth: { uid: 'ada', token }, rawRequest: {} }) as never;
    await expect(call(request('zomer-klanken-2027'))).resolves.toEqual({ festivalId: 'zomer-klanken-2027' });
    expect(deps.docs.data(firestorePaths.festival('zomer-klanken-2027'))).toEqual(festival);
    expect(deps.docs.data(firestorePaths.festivalStaffMember('zomer-klanken-2027', 'ada'))).toMatchObject({ role: 'admin', addedBy: 'ada' });
    await expect(call(request(FESTIVAL_ID))).rejects.toMatchObject({ code: 'already-exists', httpErrorCode: { status: 409 } });
  });

  it('calendarFeed answers a wrong token with 404 and other methods with 405', async () => {
    const respond = async (method: string, query: Record<string, string>) => {
      const response = { statusCode: 0, headers: {} as Record<string, string>, body: '' };
      const res = {
        status: (code: number) => ((response.statusCode = code), res),
        set: (headers: Record<string, string> | string, value?: string) => (Object.assign(response.headers, typeof headers === 'string' ? { [headers]: value } : headers), res),
        send: (body: string) => ((response.body = body), res),
      };
      await (triggers.calendarFeed as unknown as (req: unknown, res: unknown) => Promise<void>)({ method, query, headers: {} }, res);
      return response;
    };
    expect((await respond('GET', { uid: 'u1', token: 'nope' })).statusCode).toBe(404);
    expect((await respond('POST', {})).statusCode).toBe(405);
  });

  it('issue 24: calendarFeed answers uid=., .. and __x__ with 404 and logs no ERROR', async () => {
    // Firestore refuses such ids (INVALID_ARGUMENT); the in-memory store is made to as well.
    deps.docs.get = ((path: string) => Promise.reject(Object.assign(new Error(`3 INVALID_ARGUMENT: Document name "${path}" is not valid`), { code: 3 }))) as typeof deps.docs.get;
    vi.mocked(logger.error).mockClear();
    for (const uid of ['.', '..', '__x__']) {
      const response = { statusCode: 0, body: '' };
      const res = { status: (code: number) => ((response.statusCode = code), res), set: () => res, send: (body: string) => ((response.body = body), res), headersSent: false };
      await (triggers.calendarFeed as unknown as (req: unknown, res: unknown) => Promise<void>)({ method: 'GET', query: { uid, token: 'A'.repeat(43) }, headers: {} }, res);
      expect(response, uid).toEqual({ statusCode: 404, body: 'No such calendar.\n' });
    }
    expect(vi.mocked(logger.error)).not.toHaveBeenCalled();
  });

  /** Calls an onRequest export as Express would, with the headers given, and keeps what it sends. */
  async function request(handler: unknown, method: string, path: string, headers: Record<string, string> = {}) {
    const response = { statusCode: 0, headers: {} as Record<string, string>, body: '' as string | Buffer };
    const res = {
      status: (code: number) => ((response.statusCode = code), res),
      set: (fields: Record<string, string>) => (Object.assign(response.headers, fields), res),
      send: (body: string | Buffer) => ((response.body = body), res),
    };
    const req = { method, path, query: {}, headers, get: (name: string) => headers[name.toLowerCase()] };
    await (handler as (req: unknown, res: unknown) => Promise<void>)(req, res);
    return response;
  }

  it("firstPage answers /f/{festivalId}/ with that festival's page, from the shell at the app's address, and 404 for a festival that does not exist", async () => {
    const shell = '<html lang="en"><head><title>Encore</title><link rel="manifest" href="/manifest.webmanifest" /><meta name="encore-festival" content="someone-else"></head><body><!--encore:programme-header--><!--/encore:programme-header--></body></html>';
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => (fetched.push(String(url)), new Response(shell, { status: 200 })));
    try {
      const page = await request(triggers.firstPage, 'GET', `/f/${FESTIVAL_ID}/`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(page.body)).toContain(`<link rel="manifest" href="/f/${FESTIVAL_ID}/manifest.webmanifest" />`);
      expect(String(page.body)).toContain('>Pier. Times are festival time (Europe/Amsterdam).</p>');
      expect(fetched).toEqual(['https://encore.example/app.html']);
      const missing = await request(triggers.firstPage, 'GET', '/f/no-such-festival/');
      expect([missing.statusCode, String(missing.body)]).toEqual([404, shell]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('festivalManifest answers /f/{festivalId}/manifest.webmanifest with the manifest, gzipped for a client that accepts it', async () => {
    const plain = await request(triggers.festivalManifest, 'GET', `/f/${FESTIVAL_ID}/manifest.webmanifest`);
    expect([plain.statusCode, plain.headers['content-type']]).toEqual([200, 'application/manifest+json; charset=utf-8']);
    expect(JSON.parse(String(plain.body))).toMatchObject({ name: 'Encore', start_url: `/f/${FESTIVAL_ID}/` });
    const gzipped = await request(triggers.festivalManifest, 'GET', `/f/${FESTIVAL_ID}/manifest.webmanifest`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers).toMatchObject({ 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
    expect(JSON.parse(gunzipSync(gzipped.body as Buffer).toString('utf8'))).toEqual(JSON.parse(String(plain.body)));
    expect((await request(triggers.festivalManifest, 'GET', '/f/no-such-festival/manifest.webmanifest')).statusCode).toBe(404);
  });

  it('sendReminders runs the reminder handler', async () => {
    // The test clock is an hour before kae-main; a fan who asked for an hour's notice, and their phone.
    deps.docs.seed(firestorePaths.favorite('u1', 'kae-main'), { festivalId: FESTIVAL_ID, performanceId: 'kae-main', createdAt: new Date() });
    deps.docs.seed(firestorePaths.userPreferences('u1'), { locale: 'en', reminderMinutes: 60, updatedAt: new Date() });
    deps.docs.seed(firestorePaths.device('u1', 'phone-0001'), { token: 'tok-u1', festivalId: FESTIVAL_ID, locale: 'en', userAgent: 'Chrome on Android', createdAt: new Date(), updatedAt: new Date() });
    await triggers.sendReminders.run({ scheduleTime: new Date().toISOString(), jobName: 'reminders' } as never);
    expect(deps.push.sent.map((sent) => sent.payload.title)).toEqual(['Kae starts in 60 minutes']);
  });

  it('nightlyMaintenance runs the maintenance handler', async () => {
    const live = firestorePaths.liveSets(FESTIVAL_ID);
    deps.docs.seed(live, { favorites: { 'nina-main': 42 }, trending: [], trendingScores: {}, trendingCheckedAt: new Date(), publishedAt: new Date() });
    await triggers.nightlyMaintenance.run({ scheduleTime: new Date().toISOString(), jobName: 'nightly' } as never);
    expect(deps.docs.data(live)?.favorites).toEqual({});
  });
});
