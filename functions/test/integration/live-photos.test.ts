/**
 * Photo reactions as a published aggregate on the local stack, through the real SDKs:
 * reactions fan out (trigger → `reaction.changed` → `countReaction`), and the festival's
 * `live/photos` is recounted per kind from the reactions and published at most every
 * LIVE_PUBLISH_INTERVAL_SECONDS. An open photo wall (a web client) listens to it the whole
 * time: it sees the counts change and new photos arrive (`wall`), and what it pays in reads is
 * counted by the emulator. This file's stack publishes every INTERVAL_SECONDS (the functions' env
 * may shorten the production default, LIVE_PUBLISH_INTERVAL_SECONDS, 30 s: a unit test holds
 * that), so the same bounds hold at a sixth of the wait. (Favourites: live-counts.test.ts.)
 */
import { PubSub } from '@google-cloud/pubsub';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, initializeFirestore, memoryLocalCache, onSnapshot } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_WALL_SIZE, firestorePaths, makeDomainEvent, topicOf, type LivePhotos, type Photo, type ReactionKind } from '@encore/model';
import { fetchUsage, resetUsage } from '@encore/emulators/stack';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, waitForDoc, type EncoreStack } from './local-stack.js';
import { openListener } from './open-listener.js';
import { testPhoto } from '../../src/testing/deps.js';

/** This stack's publication interval (production: LIVE_PUBLISH_INTERVAL_SECONDS, 30 s). */
const INTERVAL_SECONDS = 5;

const PROJECT = 'demo-live-photos-it';
const KINDS: ReactionKind[] = ['love', 'fire', 'clap', 'wow'];
let stack: EncoreStack;
let app: FirebaseApp | undefined;
/** Every state of the live document the open client saw, with when it saw it. */
const { seen, sees: wallSees, record } = openListener<LivePhotos>();
let stopListening = () => {};

/** A photo document as today's upload path writes it (with the legacy `reactionCount`). */
function todaysPhoto(photoId: string, minutesAgo: number, reactionCount = 0): Photo {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  return testPhoto({ originalPath: `uploads/uploader/${FESTIVAL_ID}/${photoId}`, dominantColor: null, reactionCount, createdAt: at, updatedAt: at });
}

const photo = (photoId: string) => stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId));
const reaction = (photoId: string, uid: string) => stack.db.doc(firestorePaths.reaction(FESTIVAL_ID, photoId, uid));
const liveDoc = () => stack.db.doc(firestorePaths.livePhotos(FESTIVAL_ID));

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT, env: { LIVE_PUBLISH_INTERVAL_SECONDS: String(INTERVAL_SECONDS) } });
  for (const [id, minutesAgo] of [['stage-dive', 3], ['confetti', 2], ['encore', 1]] as const) await photo(id).set(todaysPhoto(id, minutesAgo));
  // The open wall: one listener on live/photos, from the start to the end of the file.
  app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' }, 'open-wall');
  const firestore = initializeFirestore(app, { localCache: memoryLocalCache() });
  const [host, port] = stack.hosts.firestore.split(':');
  connectFirestoreEmulator(firestore, host!, Number(port));
  stopListening = onSnapshot(doc(firestore, firestorePaths.livePhotos(FESTIVAL_ID)), (snapshot) => {
    record(snapshot.data() as LivePhotos | undefined);
  });
}, 420_000);

afterAll(async () => {
  stopListening();
  if (app) await deleteApp(app);
  await stack?.stop();
});

describe('600 reactions streaming in on three photos, with duplicates, changes of kind and take-backs', () => {
  it('end exact per kind in live/photos, while the open wall pays one read per publication, not per reaction', async () => {
    await resetUsage(stack.hosts, stack.projectId);
    const started = Date.now();
    // 600 people react (admin writes: the load, not the rules), 100 at a time, kinds in turn.
    const people = Array.from({ length: 600 }, (_, i) => ({ uid: `fan-${i}`, photoId: ['stage-dive', 'confetti', 'encore'][i % 3]!, kind: KINDS[i % 4]! }));
    for (let i = 0; i < people.length; i += 100) {
      const batch = stack.db.batch();
      for (const person of people.slice(i, i + 100)) batch.set(reaction(person.photoId, person.uid), { kind: person.kind, createdAt: new Date() });
      await batch.commit();
    }
    // The first 60 take theirs back; the next 60 change to wow; 100 events arrive a second time.
    let batch = stack.db.batch();
    for (const person of people.slice(0, 60)) batch.delete(reaction(person.photoId, person.uid));
    await batch.commit();
    batch = stack.db.batch();
    for (const person of people.slice(60, 120)) batch.set(reaction(person.photoId, person.uid), { kind: 'wow', createdAt: new Date() });
    await batch.commit();
    const pubsub = new PubSub({ projectId: stack.projectId });
    await Promise.all(
      people.slice(300, 400).map((person, i) => {
        const event = makeDomainEvent('reaction.changed', `retried-${i}`, { uid: person.uid, festivalId: FESTIVAL_ID, photoId: person.photoId, change: 'added', kinds: [person.kind] }, new Date());
        return pubsub.topic(topicOf(event.type)).publishMessage({ json: event, attributes: { eventId: event.id, eventType: event.type } });
      }),
    );
    await pubsub.close();

    // The truth, from the writes above.
    const expected: Record<string, Record<string, number>> = {};
    people.forEach((person, i) => {
      if (i < 60) return;
      const kind = i < 120 ? 'wow' : person.kind;
      const counts = (expected[person.photoId] ??= {});
      counts[kind] = (counts[kind] ?? 0) + 1;
    });
    const matches = (data: Record<string, unknown> | undefined) =>
      Object.entries(expected).every(([photoId, counts]) => KINDS.every((kind) => ((data?.reactions as LivePhotos['reactions'] | undefined)?.[photoId]?.[kind] ?? 0) === (counts[kind] ?? 0)));
    const final = await waitForDoc(liveDoc(), matches, 180_000);
    expect(matches(final)).toBe(true);
    const elapsedMs = Date.now() - started;
    const usage = await fetchUsage(stack.hosts, stack.projectId);
    const wallReads = usage.firestore.byClientCollection.client?.live?.reads ?? 0;
    const bound = Math.ceil(elapsedMs / (INTERVAL_SECONDS * 1000)) + 1;
    console.log(`live photos: 820 reaction changes in ${(elapsedMs / 1000).toFixed(1)} s; the open wall read live/photos ${wallReads} times (bound ${bound})`);
    expect(wallReads).toBeGreaterThan(0);
    expect(wallReads).toBeLessThanOrEqual(bound);
    await wallSees((live) => matches(live as never));
    // The festival total moved by exactly the reactions that remain; no photo was rewritten for them.
    await stack.eventually(async () => (await stack.db.doc(firestorePaths.stats(FESTIVAL_ID, 'totals')).get()).get('reactions') === 540, 'the reaction total at 540');
    for (const photoId of Object.keys(expected)) expect((await photo(photoId).get()).get('reactions')).toBeUndefined();
  }, 300_000);
});

describe('one more reaction', () => {
  it('reaches the open wall as one publication, with its kind counted', async () => {
    const before = seen.length;
    const was = seen.at(-1)?.live?.reactions.encore?.clap ?? 0;
    const writtenAt = Date.now();
    await reaction('encore', 'late-fan').set({ kind: 'clap', createdAt: new Date() });
    await wallSees((live) => live?.reactions.encore?.clap === was + 1);
    const update = seen.slice(before).find((state) => state.live?.reactions.encore?.clap === was + 1)!;
    // Printed, not asserted: the bound is the interval (here INTERVAL_SECONDS; in production LIVE_PUBLISH_INTERVAL_SECONDS) after the event reaches countReaction.
    console.log(`live photos: a reaction reached the open wall after ${((update.at - writtenAt) / 1000).toFixed(1)} s`);
    expect(seen.length - before).toBe(1);
  });
});

describe('new photos streaming in while the wall is open', () => {
  const onWall = (live: LivePhotos | undefined) => (live?.wall ?? []).map((tile) => tile.id);
  const fresh = (i: number) => `fresh-${String(i).padStart(2, '0')}`;

  it('reach the open wall through live/photos, newest first, the wall paying one read per publication, not per photo', async () => {
    await resetUsage(stack.hosts, stack.projectId);
    const started = Date.now();
    // 40 uploads land over ~20 s: each created processing, then made ready (as the pipeline does).
    for (let i = 0; i < 40; i++) {
      const id = fresh(i);
      await photo(id).set({ ...todaysPhoto(id, 0), status: 'processing', createdAt: new Date(), updatedAt: new Date() });
      await photo(id).update({ status: 'ready', uploaderName: `Fan ${i}`, updatedAt: new Date() });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const newest = Array.from({ length: LIVE_WALL_SIZE }, (_, i) => fresh(39 - i));
    await wallSees((live) => onWall(live).join() === newest.join());
    const elapsedMs = Date.now() - started;
    const usage = await fetchUsage(stack.hosts, stack.projectId);
    const wallReads = usage.firestore.byClientCollection.client?.live?.reads ?? 0;
    const bound = Math.ceil(elapsedMs / (INTERVAL_SECONDS * 1000)) + 1;
    console.log(`live photos: 40 new photos in ${(elapsedMs / 1000).toFixed(1)} s; the open wall read live/photos ${wallReads} times (bound ${bound}; one read per photo would be 40)`);
    expect(wallReads).toBeGreaterThan(0);
    expect(wallReads).toBeLessThanOrEqual(bound);
    expect(seen.at(-1)?.live?.wall?.[0]).toMatchObject({ id: fresh(39), uploaderName: 'Fan 39', performanceId: null });
  }, 300_000);

  it('shows one more photo as one publication, and takes a hidden one off at the next', async () => {
    let before = seen.length;
    const readyAt = Date.now();
    await photo('one-more').set({ ...todaysPhoto('one-more', 0), createdAt: new Date(), updatedAt: new Date() });
    await wallSees((live) => onWall(live)[0] === 'one-more');
    const arrived = seen.slice(before).find((state) => onWall(state.live)[0] === 'one-more')!;
    // Printed, not asserted: the bound is the interval (here INTERVAL_SECONDS; in production LIVE_PUBLISH_INTERVAL_SECONDS) after the event reaches publishWallPhoto.
    console.log(`live photos: a new photo reached the open wall after ${((arrived.at - readyAt) / 1000).toFixed(1)} s (interval ${INTERVAL_SECONDS} s)`);
    expect(seen.length - before).toBe(1);

    before = seen.length;
    const hidden = fresh(38);
    await photo(hidden).update({ status: 'hidden', updatedAt: new Date() });
    await wallSees((live) => !onWall(live).includes(hidden));
    expect(seen.length - before).toBe(1);
    // The wall stays full: the next older ready photo takes the place.
    expect(onWall(seen.at(-1)?.live)).toHaveLength(LIVE_WALL_SIZE);
    expect(onWall(seen.at(-1)?.live)).toContain(fresh(40 - LIVE_WALL_SIZE));
  }, 180_000);
});

describe('the nightly job', () => {
  it.skipIf(official)(encoreOnly('migrates today’s photo documents and repairs live/photos from the reactions', "the functions runner's job endpoint"), async () => {
    // A photo as today's code leaves it: reactionCount kept on the document by every reaction.
    await photo('legacy').set(todaysPhoto('legacy', 5, 3));
    const batch = stack.db.batch();
    for (const [uid, kind] of [['ann', 'love'], ['bo', 'love'], ['cy', 'fire']] as const) batch.set(reaction('legacy', uid), { kind, createdAt: new Date() });
    await batch.commit();
    await waitForDoc(liveDoc(), (data) => (data?.reactions?.legacy?.love ?? 0) === 2, 60_000);
    // Corrupted on purpose.
    await liveDoc().update({ 'reactions.encore.clap': 9_999 });
    const response = await fetch(`${stack.functionsUrl}/_/jobs/nightlyMaintenance`, { method: 'POST' });
    expect(response.ok).toBe(true);
    expect((await photo('legacy').get()).data()).not.toHaveProperty('reactionCount');
    const live = (await liveDoc().get()).data() as LivePhotos;
    expect(live.reactions.legacy).toMatchObject({ love: 2, fire: 1 });
    const claps = (await stack.db.collection(firestorePaths.reactions(FESTIVAL_ID, 'encore')).where('kind', '==', 'clap').count().get()).data().count;
    expect(live.reactions.encore?.clap).toBe(claps);
  }, 120_000);
});
