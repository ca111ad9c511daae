import { describe, expect, it } from 'vitest';
import { LIVE_PHOTOS_SIZE, LIVE_PUBLISH_INTERVAL_SECONDS, LIVE_WALL_SIZE, firestorePaths, livePhotosSchema, photoSchema, type Photo, type ReactionKind } from '@encore/model';
import { FESTIVAL_ID, NOW, event, recordingWritesTo, seedFestival, testDeps, testPhoto, type TestDeps } from '../testing/deps.js';
import { publishReactionChanged } from './publish-changes.js';
import { handleReactionChanged as acknowledgeReaction } from './reaction-changed.js';
import { handleWallPhotoChanged as acknowledgeWallPhoto } from './wall-photo-changed.js';
import { repairLivePhotos, stripPhotoReactionCounts } from './live-photos-repair.js';
import { runPublicationTasks } from '../testing/publications.js';

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleReactionChanged(deps: TestDeps, e: Parameters<typeof acknowledgeReaction>[1]): Promise<Awaited<ReturnType<typeof acknowledgeReaction>>> {
  const result = await acknowledgeReaction(deps, e);
  await runPublicationTasks(deps);
  return result;
}

/** The message handled (acknowledged once its mark is stored), then the publications it asked for, at their time. */
async function handleWallPhotoChanged(deps: TestDeps, e: Parameters<typeof acknowledgeWallPhoto>[1]): Promise<Awaited<ReturnType<typeof acknowledgeWallPhoto>>> {
  const result = await acknowledgeWallPhoto(deps, e);
  await runPublicationTasks(deps);
  return result;
}


const live = (deps: TestDeps) => livePhotosSchema.parse(deps.docs.data(firestorePaths.livePhotos(FESTIVAL_ID)));
const stats = (deps: TestDeps) => deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'totals'));
const react = (deps: TestDeps, photoId: string, uid: string, kind: ReactionKind) => deps.docs.seed(firestorePaths.reaction(FESTIVAL_ID, photoId, uid), { kind, createdAt: NOW });
const unreact = (deps: TestDeps, photoId: string, uid: string) => deps.docs.store.delete(firestorePaths.reaction(FESTIVAL_ID, photoId, uid));
const reaction = (photoId: string, uid: string, change: 'added' | 'removed' | 'changed', kinds: ReactionKind[], id?: string) =>
  event('reaction.changed', { uid, festivalId: FESTIVAL_ID, photoId, change, kinds }, id);

function setUp(photos: string[] = ['ph1']) {
  const deps = testDeps();
  seedFestival(deps.docs);
  photos.forEach((id, index) => deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, id), testPhoto({ createdAt: new Date(NOW.getTime() - (photos.length - index) * 60_000) })));
  return deps;
}

describe('live photo reactions (published aggregate)', () => {
  it('counts each kind exactly when 40 people react at once, every message arrives twice, and some change their kind', async () => {
    const deps = setUp();
    const kinds: ReactionKind[] = ['love', 'fire', 'clap', 'wow'];
    for (let i = 0; i < 40; i++) react(deps, 'ph1', `u${i}`, kinds[i % 4]!);
    const adds = Array.from({ length: 40 }, (_, i) => reaction('ph1', `u${i}`, 'added', [kinds[i % 4]!]));
    await Promise.all([...adds, ...adds].map((e) => acknowledgeReaction(deps, e)));
    await runPublicationTasks(deps);
    expect(live(deps).reactions.ph1).toMatchObject({ love: 10, fire: 10, clap: 10, wow: 10 });
    // Counted in today's figures once, as they happen: the staff dashboard's "today" tiles.
    expect(deps.docs.data(firestorePaths.stats(FESTIVAL_ID, 'today'))).toMatchObject({ day: '2026-08-14', reactions: 40 });
    // Ten loves become wows, five fires are taken back: duplicated, in reverse order.
    for (let i = 0; i < 10; i++) react(deps, 'ph1', `u${i * 4}`, 'wow');
    for (let i = 0; i < 5; i++) unreact(deps, 'ph1', `u${i * 4 + 1}`);
    const later = [
      ...Array.from({ length: 10 }, (_, i) => reaction('ph1', `u${i * 4}`, 'changed', ['love', 'wow'], `c${i}`)),
      ...Array.from({ length: 5 }, (_, i) => reaction('ph1', `u${i * 4 + 1}`, 'removed', ['fire'], `r${i}`)),
    ];
    await Promise.all([...later, ...later.slice().reverse()].map((e) => acknowledgeReaction(deps, e)));
    await runPublicationTasks(deps);
    expect(live(deps).reactions.ph1).toEqual({ createdAt: new Date(NOW.getTime() - 60_000), fire: 5, clap: 10, wow: 20 });
    expect(stats(deps)).toMatchObject({ reactions: 35 });
    // No ledger, and the photo document was never rewritten for a reaction.
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('eventLedger/'))).toEqual([]);
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'ph1'))?.reactions).toBeUndefined();
  });

  it('writes the live document at most once per interval, however many reactions arrive in it', async () => {
    const deps = setUp(['ph1', 'ph2']);
    const { docs, writes } = recordingWritesTo(deps, firestorePaths.livePhotos(FESTIVAL_ID));
    for (let wave = 0; wave < 3; wave++) {
      const uids = Array.from({ length: 15 }, (_, i) => `w${wave}-${i}`);
      for (const uid of uids) react(deps, wave === 1 ? 'ph2' : 'ph1', uid, 'fire');
      await Promise.all(uids.map((uid) => acknowledgeReaction({ ...deps, docs }, reaction(wave === 1 ? 'ph2' : 'ph1', uid, 'added', ['fire']))));
      await runPublicationTasks({ ...deps, docs });
    }
    expect(live(deps).reactions.ph1?.fire).toBe(30);
    expect(live(deps).reactions.ph2?.fire).toBe(15);
    expect(writes.length).toBe(3);
    for (let i = 1; i < writes.length; i++) expect(writes[i]!.getTime() - writes[i - 1]!.getTime()).toBeGreaterThanOrEqual(LIVE_PUBLISH_INTERVAL_SECONDS * 1000);
  });

  it('keeps at most LIVE_PHOTOS_SIZE photos in the document; older ones carry their counts, and the total stays exact', async () => {
    const ids = Array.from({ length: LIVE_PHOTOS_SIZE + 5 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    const deps = setUp(ids);
    for (const id of ids) react(deps, id, 'ann', 'clap');
    await Promise.all(ids.map((id) => acknowledgeReaction(deps, reaction(id, 'ann', 'added', ['clap']))));
    await runPublicationTasks(deps);
    const published = live(deps);
    expect(Object.keys(published.reactions)).toHaveLength(LIVE_PHOTOS_SIZE);
    // The five oldest are outside the window: each carries its own count.
    for (const id of ids.slice(0, 5)) {
      expect(published.reactions[id]).toBeUndefined();
      expect(photoSchema.parse(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, id))).reactions).toEqual({ love: 0, fire: 0, clap: 1, wow: 0 });
    }
    expect(JSON.stringify(published.reactions).length).toBeLessThan(11 * 1024);
    expect(JSON.stringify(deps.docs.data(firestorePaths.livePhotos(FESTIVAL_ID))).length).toBeLessThan(36 * 1024);
    // A reaction on an old photo updates its own document and the total.
    react(deps, ids[0]!, 'bo', 'love');
    await handleReactionChanged(deps, reaction(ids[0]!, 'bo', 'added', ['love']));
    expect(photoSchema.parse(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, ids[0]!))).reactions).toEqual({ love: 1, fire: 0, clap: 1, wow: 0 });
    expect(stats(deps)).toMatchObject({ reactions: LIVE_PHOTOS_SIZE + 6 });
  });

  it('turns a change of kind into one event naming both kinds, and a rewrite of the same kind into none', async () => {
    const deps = testDeps();
    const ids = { festivalId: FESTIVAL_ID, photoId: 'ph', uid: 'u1' };
    await publishReactionChanged(deps, 'e1', ids, { kind: 'love', createdAt: NOW }, { kind: 'fire', createdAt: NOW });
    await publishReactionChanged(deps, 'e2', ids, { kind: 'fire', createdAt: NOW }, { kind: 'fire', createdAt: NOW });
    expect(deps.publisher.published.map((e) => e.data)).toEqual([{ ...ids, change: 'changed', kinds: ['love', 'fire'] }]);
  });

  it('migrates today’s photos: reactionCount removed, then the nightly repair publishes their counts per kind', async () => {
    const deps = setUp([]);
    deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'legacy'), { ...testPhoto(), reactionCount: 2 });
    react(deps, 'legacy', 'ann', 'love');
    react(deps, 'legacy', 'bo', 'wow');
    expect(await stripPhotoReactionCounts(deps, FESTIVAL_ID)).toBe(1);
    expect(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'legacy'))).not.toHaveProperty('reactionCount');
    expect(await stripPhotoReactionCounts(deps, FESTIVAL_ID)).toBe(0);
    const photos = await deps.docs.query({ collection: firestorePaths.photos(FESTIVAL_ID) }, photoSchema);
    const repaired = await repairLivePhotos(deps, FESTIVAL_ID, photos);
    expect(repaired).toEqual({ repairs: [{ photoId: 'legacy', was: 0, now: 2 }], total: 2 });
    expect(live(deps).reactions.legacy).toMatchObject({ love: 1, wow: 1 });
    expect((await repairLivePhotos(deps, FESTIVAL_ID, photos)).repairs).toEqual([]);
  });

  describe('the wall (newest ready photos)', () => {
    const changed = (photoId: string, before: Photo['status'] | null, after: Photo['status'] | null, id?: string) =>
      event('photo.changed', { festivalId: FESTIVAL_ID, photoId, uploaderUid: 'uploader', originalPath: `uploads/uploader/${FESTIVAL_ID}/${photoId}`, before: before && { status: before, performanceId: null }, after: after && { status: after, performanceId: null } }, id);
    const wallIds = (deps: TestDeps) => live(deps).wall?.map((tile) => tile.id);

    it('publishes new ready photos in one publication per interval, newest first, and at most LIVE_WALL_SIZE', async () => {
      const deps = setUp([]);
      const { docs, writes } = recordingWritesTo(deps, firestorePaths.livePhotos(FESTIVAL_ID));
      const ids = Array.from({ length: LIVE_WALL_SIZE + 6 }, (_, i) => `n${String(i).padStart(2, '0')}`);
      ids.forEach((id, i) => deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, id), testPhoto({ createdAt: new Date(NOW.getTime() - (ids.length - i) * 1000) })));
      // Every photo's message, each delivered twice.
      await Promise.all([...ids, ...ids].map((id) => acknowledgeWallPhoto({ ...deps, docs }, changed(id, 'processing', 'ready', `ready-${id}`))));
      await runPublicationTasks({ ...deps, docs });
      expect(wallIds(deps)).toEqual(ids.slice().reverse().slice(0, LIVE_WALL_SIZE));
      expect(writes.length).toBeLessThanOrEqual(2);
      expect(writes.length).toBeGreaterThan(0);
    });

    it('takes a hidden, rejected or deleted photo off at the next publication, and ignores photos that never were ready', async () => {
      const deps = setUp(['a', 'b', 'c']);
      await handleWallPhotoChanged(deps, changed('c', 'processing', 'ready'));
      expect(wallIds(deps)).toEqual(['c', 'b', 'a']);
      deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'b'), { ...photoSchema.parse(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'b'))), status: 'hidden' });
      await handleWallPhotoChanged(deps, changed('b', 'ready', 'hidden'));
      expect(wallIds(deps)).toEqual(['c', 'a']);
      deps.docs.store.delete(firestorePaths.photo(FESTIVAL_ID, 'c'));
      await handleWallPhotoChanged(deps, changed('c', 'ready', null));
      expect(wallIds(deps)).toEqual(['a']);
      // Both listed as withdrawn, newest first, so open walls drop them from their older pages too.
      expect(live(deps).withdrawn?.map((entry) => entry.photoId)).toEqual(['c', 'b']);
      expect(await handleWallPhotoChanged(deps, changed('d', 'processing', 'rejected'))).toBe('not-on-wall');
    });

    it('lists a photo hidden in the same publication that pushed it out of the wall by age, once however often its message comes', async () => {
      const deps = setUp(['a', 'b', 'c']);
      await handleWallPhotoChanged(deps, changed('c', 'processing', 'ready'));
      // The oldest tile is hidden while a new photo arrives: from the wall alone it would look aged out.
      deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'a'), { ...photoSchema.parse(deps.docs.data(firestorePaths.photo(FESTIVAL_ID, 'a'))), status: 'hidden' });
      deps.docs.seed(firestorePaths.photo(FESTIVAL_ID, 'd'), testPhoto({ createdAt: NOW }));
      const hidden = changed('a', 'ready', 'hidden', 'hide-a');
      await Promise.all([hidden, hidden, changed('d', 'processing', 'ready')].map((e) => acknowledgeWallPhoto(deps, e)));
      await runPublicationTasks(deps);
      expect(wallIds(deps)).toEqual(['d', 'c', 'b']);
      expect(live(deps).withdrawn).toEqual([{ photoId: 'a', at: deps.now() }]);
    });

    it('keeps the wall when only reactions are published, and the nightly repair rebuilds it (also on a document from before it existed)', async () => {
      const deps = setUp(['a', 'b']);
      react(deps, 'a', 'ann', 'love');
      await handleReactionChanged(deps, reaction('a', 'ann', 'added', ['love']));
      expect(wallIds(deps)).toEqual(['b', 'a']);
      react(deps, 'b', 'bo', 'fire');
      await handleReactionChanged(deps, reaction('b', 'bo', 'added', ['fire']));
      expect(wallIds(deps)).toEqual(['b', 'a']);
      const { wall: _wall, ...before } = live(deps);
      deps.docs.seed(firestorePaths.livePhotos(FESTIVAL_ID), before);
      const photos = await deps.docs.query({ collection: firestorePaths.photos(FESTIVAL_ID) }, photoSchema);
      await repairLivePhotos(deps, FESTIVAL_ID, photos);
      expect(wallIds(deps)).toEqual(['b', 'a']);
    });
  });
});
