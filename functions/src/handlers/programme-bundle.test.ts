import { firestorePaths, makeDomainEvent, programmeVersionSchema } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { BUNDLE_CACHE_CONTROL, bundleEtag, bundleObjectPath } from '../domain/programme-bundle.js';
import { FESTIVAL_ID, NOW, emptyBundle, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { runPublicationTasks } from '../testing/publications.js';
import { handleBundleRequest, handleProgrammeEdited as askForRebuild, publishProgrammeEdited, refreshAllBundles } from './programme-bundle.js';
import { handleProgrammeTask } from './publication-task.js';

/** An edit's message handled (it asks for the window's rebuild), then the rebuild at the window's end. */
async function handleProgrammeEdited(deps: TestDeps, event: ReturnType<typeof edited>): Promise<void> {
  await askForRebuild(deps, event);
  await runPublicationTasks(deps);
}

/** A bundler that numbers its builds (build n is built at second 1000 + n), so a test sees which build is served (the real one is tested on the local stack). */
function countingBundler(known = new Set([FESTIVAL_ID])) {
  const builds: string[] = [];
  return {
    builds,
    build: async (festivalId: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (!known.has(festivalId)) return null;
      builds.push(festivalId);
      return emptyBundle(`bundle ${festivalId} #${builds.length}`, 1000 + builds.length);
    },
  };
}

const edited = (id: string, at = NOW) => makeDomainEvent('programme.edited', id, { festivalId: FESTIVAL_ID }, at);
const path = `/bundles/${FESTIVAL_ID}/programme.bundle`;

describe('programme bundle handlers', () => {
  it('publishes programme.edited for a staff edit, nothing for a count update', async () => {
    const deps = testDeps();
    const set = { artistId: 'kae', stageId: 'main', favoriteCount: 1, photoCount: 0 };
    await publishProgrammeEdited(deps, 'e1', FESTIVAL_ID, 'performances', set, { ...set, favoriteCount: 2 });
    expect(deps.publisher.ofType('programme.edited')).toEqual([]);
    await publishProgrammeEdited(deps, 'e2', FESTIVAL_ID, 'performances', set, { ...set, stageId: 'tent' });
    expect(deps.publisher.ofType('programme.edited').map((event) => event.data)).toEqual([{ festivalId: FESTIVAL_ID }]);
  });

  it('publishes programme.edited when staff write the venue map or an info page, which travel in the bundle too', async () => {
    const deps = testDeps();
    await publishProgrammeEdited(deps, 'v1', FESTIVAL_ID, 'venue', { markers: [], routes: [] }, { markers: [{ id: 'water-1', kind: 'water', x: 0.5, y: 0.5 }], routes: [] });
    await publishProgrammeEdited(deps, 'i1', FESTIVAL_ID, 'info', undefined, { order: 10, title: { en: 'Lockers', nl: '' }, body: { en: '', nl: '' } });
    await publishProgrammeEdited(deps, 'i2', FESTIVAL_ID, 'info', { order: 10 }, { order: 10 });
    expect(deps.publisher.ofType('programme.edited').map((event) => event.id)).toEqual(['v1', 'i1']);
  });

  it('a burst of edits after a quiet period is one rebuild, at once, and its build is the one kept', async () => {
    const bundler = countingBundler();
    const deps = testDeps({ bundler });
    // One batch's 30 events (a stage's delay moves every set), handled a moment after the commit.
    const events = Array.from({ length: 30 }, (_, i) => edited(`e${i}`));
    await deps.sleep(150);
    await Promise.all(events.map((event) => askForRebuild(deps, event)));
    // Acknowledged with nothing built yet: one task, due now; the later events ride on it.
    expect(bundler.builds).toEqual([]);
    expect(deps.tasks.of('publishProgramme').map((task) => task.at)).toEqual([new Date(NOW.getTime() + 150)]);
    await runPublicationTasks(deps);
    expect(bundler.builds).toEqual([FESTIVAL_ID]);
    expect((await deps.objects.read(bundleObjectPath(FESTIVAL_ID)))!.toString()).toContain(`"bundle ${FESTIVAL_ID} #1"`);
  });

  it('rewrites live/programme at most once per interval however fast staff edit: an edit every 9 s, the first at once, then a rebuild per window', async () => {
    const builtAt: Date[] = [];
    const deps: TestDeps = testDeps({ bundler: { build: async () => (builtAt.push(deps.now()), emptyBundle(`build ${builtAt.length}`, builtAt.length)) } });
    for (let i = 0; i < 10; i++) {
      await askForRebuild(deps, edited(`e${i}`, deps.now()));
      // Cloud Tasks runs, at its time, what is due before the next edit.
      const nextEdit = new Date(NOW.getTime() + (i + 1) * 9_000);
      for (let task = deps.tasks.takeNext(nextEdit); task; task = deps.tasks.takeNext(nextEdit)) {
        await deps.sleep(task.at.getTime() - deps.now().getTime());
        await handleProgrammeTask(deps, task.data);
      }
      await deps.sleep(nextEdit.getTime() - deps.now().getTime());
    }
    await runPublicationTasks(deps);
    // Edits from 20:00:00 to 20:01:21: the first rebuilt at once (it took the slot of 20:00:30),
    // those that follow it at the next slot, 20:01:00, then the window ending 20:01:30.
    expect(builtAt.map((at) => at.toISOString().slice(11, 19))).toEqual(['20:00:00', '20:01:00', '20:01:30']);
    expect((await deps.docs.get(firestorePaths.programmeVersion(FESTIVAL_ID), programmeVersionSchema))?.builtAt).toEqual(new Date(3000));
  });

  it('serves the kept bundle with cache headers and its ETag, and 304 to a matching If-None-Match', async () => {
    const deps = testDeps({ bundler: countingBundler() });
    await handleProgrammeEdited(deps, edited('e1'));
    const first = await handleBundleRequest(deps, { method: 'GET', path });
    expect(first.status).toBe(200);
    expect(first.body.toString()).toContain(`"bundle ${FESTIVAL_ID} #1"`);
    expect(first.headers['cache-control']).toBe(BUNDLE_CACHE_CONTROL);
    const again = await handleBundleRequest(deps, { method: 'GET', path, ifNoneMatch: first.headers.etag });
    expect(again.status).toBe(304);
    await handleProgrammeEdited(deps, edited('e2'));
    const changed = await handleBundleRequest(deps, { method: 'GET', path, ifNoneMatch: first.headers.etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('builds a missing bundle on the first request; an unknown festival or path is a 404, a POST a 405', async () => {
    const bundler = countingBundler();
    const deps = testDeps({ bundler });
    expect((await handleBundleRequest(deps, { method: 'GET', path })).status).toBe(200);
    expect(bundler.builds).toEqual([FESTIVAL_ID]);
    expect((await handleBundleRequest(deps, { method: 'GET', path: '/bundles/nope/programme.bundle' })).status).toBe(404);
    expect((await handleBundleRequest(deps, { method: 'GET', path: '/bundles/x' })).status).toBe(404);
    expect((await handleBundleRequest(deps, { method: 'POST', path })).status).toBe(405);
  });

  it('the periodic refresh rebuilds every festival', async () => {
    const bundler = countingBundler();
    const deps = testDeps({ bundler });
    seedFestival(deps.docs);
    expect(await refreshAllBundles(deps)).toBe(1);
    expect(deps.objects.paths('bundles/')).toEqual([bundleObjectPath(FESTIVAL_ID)]);
  });

  it('announces each new bundle in live/programme (build time and ETag), never moving it back, and removes it with the festival', async () => {
    const bundler = countingBundler();
    const deps = testDeps({ bundler });
    const version = () => deps.docs.get(firestorePaths.programmeVersion(FESTIVAL_ID), programmeVersionSchema);
    await handleProgrammeEdited(deps, edited('e1'));
    const bytes = await deps.objects.read(bundleObjectPath(FESTIVAL_ID));
    expect(await version()).toEqual({ builtAt: new Date(1001_000), etag: bundleEtag(bytes!) });
    await handleProgrammeEdited(deps, edited('e2'));
    expect((await version())?.builtAt).toEqual(new Date(1002_000));
    // A build older than the one announced (an on-demand build racing a rebuild) does not move it back.
    const older = testDeps({ bundler: { build: async () => emptyBundle('older', 999) }, docs: deps.docs });
    await handleProgrammeTask(older, { festivalId: FESTIVAL_ID });
    expect((await version())?.builtAt).toEqual(new Date(1002_000));
    // The festival is gone: no bundle, no announcement.
    const gone = testDeps({ bundler: { build: async () => null }, docs: deps.docs });
    await handleProgrammeTask(gone, { festivalId: FESTIVAL_ID });
    expect(await version()).toBeUndefined();
  });
});
