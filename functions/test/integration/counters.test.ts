/**
 * Counters on the local stack, through the real SDKs: favourites written with
 * firebase-admin fan out (trigger → `favorite.changed` → `countFavorite`) into sharded
 * counters and the visible `favoriteCount`; a domain event published twice with
 * @google-cloud/pubsub counts once, and so does each of a burst of them (group commits); and the nightly job, run through the functions runner
 * as `npm run job` runs it, repairs a counter corrupted on purpose.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PubSub } from '@google-cloud/pubsub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths, makeDomainEvent, topicOf, type Photo } from '@encore/model';
import { favoriteShards, shardPaths } from '../../src/domain/counters.js';
import { LEDGER_COLLECTION, ledgerPath } from '../../src/domain/ledger.js';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, waitForDoc, waitForQuery, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-counters-it';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FANS = Array.from({ length: 50 }, (_, index) => `fan-${String(index).padStart(2, '0')}`);
let stack: EncoreStack;

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT });
});

afterAll(async () => {
  await stack?.stop();
});

const performance = (id: string) => stack.db.doc(firestorePaths.performance(FESTIVAL_ID, id));

/** Distinct events `countFavorite` finished (a redelivery keeps its message id). */
const countedEvents = () => new Set(stack.invocations.ok('countFavorite').map((record) => record.eventId));

/**
 * Waits until `subscriber` has counted `atLeast` distinct events: its ledger entries, each
 * written in the transaction that applied the event (handlers/once.ts), a document outcome
 * both targets produce.
 */
const counted = (subscriber: string, atLeast: number) =>
  waitForQuery(stack.db.collection(LEDGER_COLLECTION).where('subscriber', '==', subscriber), (snapshot) => snapshot.size >= atLeast, `${atLeast} events counted by ${subscriber}`);

async function shardSum(performanceId: string): Promise<number> {
  const shards = await stack.db.getAll(...shardPaths(favoriteShards(FESTIVAL_ID, performanceId)).map((path) => stack.db.doc(path)));
  return shards.reduce((sum, shard) => sum + Number(shard.get('count') ?? 0), 0);
}

describe('50 visitors favouriting the same set at once', () => {
  const toggle = (uid: string, on: boolean) => {
    const favorite = stack.db.doc(firestorePaths.favorite(uid, 'nina-main'));
    return on ? favorite.set({ festivalId: FESTIVAL_ID, performanceId: 'nina-main', createdAt: new Date() }) : favorite.delete();
  };

  it('leaves favoriteCount exactly 50 once every event is counted', async () => {
    await Promise.all(FANS.map((uid) => toggle(uid, true)));
    await counted('countFavorite', 50);
    // The visible count is rolled up from the shards after each event's transaction.
    expect((await waitForDoc(performance('nina-main'), (data) => data?.favoriteCount === 50))?.favoriteCount).toBe(50);
    expect(await shardSum('nina-main')).toBe(50);
  });

  it('leaves exactly 30 after 20 of them un-favourite at once, and the totals agree', async () => {
    await Promise.all(FANS.slice(0, 20).map((uid) => toggle(uid, false)));
    await counted('countFavorite', 70);
    expect((await waitForDoc(performance('nina-main'), (data) => data?.favoriteCount === 30))?.favoriteCount).toBe(30);
    expect(await shardSum('nina-main')).toBe(30);
    const totals = await waitForDoc(stack.db.doc(firestorePaths.stats(FESTIVAL_ID, 'totals')), (data) => data?.favorites === 30);
    expect(totals?.favorites).toBe(30);
    const stages = (await stack.db.doc(firestorePaths.stats(FESTIVAL_ID, 'stages')).get()).data();
    expect(stages?.stages.main.favorites).toBe(30);
  });
});

describe('reactions on one photo', () => {
  const photoId = 'crowd-surf';
  const photo = () => stack.db.doc(firestorePaths.photo(FESTIVAL_ID, photoId));

  beforeAll(async () => {
    const photoDoc: Photo = {
      uploaderUid: 'fan-00',
      performanceId: null,
      suggestedPerformanceId: null,
      status: 'ready',
      rejectReason: null,
      originalPath: `uploads/fan-00/${FESTIVAL_ID}/${photoId}`,
      width: 800,
      height: 600,
      thumbnails: [],
      dominantColor: null,
      placeholder: null,
      capturedAt: null,
      reactionCount: 0,
      reportCount: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await photo().set(photoDoc);
  });

  it('keep reactionCount exact when 30 people react at once and 10 take it back', async () => {
    const reaction = (uid: string) => stack.db.doc(firestorePaths.reaction(FESTIVAL_ID, photoId, uid));
    await Promise.all(FANS.slice(0, 30).map((uid) => reaction(uid).set({ kind: 'fire', createdAt: new Date() })));
    await Promise.all(FANS.slice(0, 10).map((uid) => reaction(uid).delete()));
    // Each event recounts the reactions in its transaction: once all 40 are counted, the count is final.
    await counted('countReaction', 40);
    expect((await photo().get()).get('reactionCount')).toBe(20);
  });
});

const SECOND_DELIVERY = "the functions runner's invocation log (a second delivery changes nothing, so only the log says it was handled)";

describe('a domain event delivered twice', () => {
  it.skipIf(official)(encoreOnly('is counted once: the ledger entry and the effect are written together', SECOND_DELIVERY), async () => {
    const event = makeDomainEvent('favorite.changed', 'duplicated-event-1', { uid: 'fan-dup', festivalId: FESTIVAL_ID, performanceId: 'kae-main', change: 'added' }, new Date());
    const pubsub = new PubSub({ projectId: stack.projectId });
    const messageIds = await Promise.all(
      [1, 2].map(() => pubsub.topic(topicOf(event.type)).publishMessage({ json: event, attributes: { eventId: event.id, eventType: event.type } })),
    );
    await pubsub.close();
    expect(new Set(messageIds).size).toBe(2);

    await stack.invocations.until(() => messageIds.every((id) => countedEvents().has(id)), 'both deliveries handled');
    expect((await performance('kae-main').get()).get('favoriteCount')).toBe(1);
    expect(await shardSum('kae-main')).toBe(1);
    const ledger = await stack.db.doc(ledgerPath('countFavorite', event.id)).get();
    expect(ledger.exists).toBe(true);
    expect(ledger.get('expiresAt').toMillis()).toBeGreaterThan(Date.now());
  });
});

describe('a burst of favourites, each delivered twice at once', () => {
  it.skipIf(official)(encoreOnly('counts each once, the group commits sharing transactions between them', SECOND_DELIVERY), async () => {
    const events = Array.from({ length: 100 }, (_, index) =>
      makeDomainEvent('favorite.changed', `burst-${index}`, { uid: `burst-${index}`, festivalId: FESTIVAL_ID, performanceId: 'kae-tent', change: 'added' }, new Date()),
    );
    const pubsub = new PubSub({ projectId: stack.projectId });
    const topic = pubsub.topic(topicOf('favorite.changed'));
    const messageIds = await Promise.all(
      events.flatMap((event) => [event, event]).map((event) => topic.publishMessage({ json: event, attributes: { eventId: event.id, eventType: event.type } })),
    );
    await pubsub.close();

    await stack.invocations.until(() => messageIds.every((id) => countedEvents().has(id)), 'all 200 deliveries handled', 120_000);
    expect((await performance('kae-tent').get()).get('favoriteCount')).toBe(100);
    expect(await shardSum('kae-tent')).toBe(100);
    const ledger = await stack.db.getAll(...events.map((event) => stack.db.doc(ledgerPath('countFavorite', event.id))));
    expect(ledger.every((entry) => entry.exists)).toBe(true);
    // A group's entries are written by one transaction with one clock reading.
    expect(new Set(ledger.map((entry) => entry.get('processedAt').toMillis())).size).toBeLessThan(100);
  });
});

describe('the nightly job', () => {
  /** `npm run job -- nightlyMaintenance`, pointed at this stack's runner. */
  const runJob = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'emulators/src/cli/job.ts'), 'nightlyMaintenance'], {
      cwd: ROOT,
      env: { ...process.env, ENCORE_FUNCTIONS_URL: stack.functionsUrl },
    });

  // The official functions emulator runs a schedule when a message reaches its topic `firebase-schedule-<name>`; Encore's runner runs it on `npm run job`.
  it.skipIf(official)(encoreOnly('repairs a counter corrupted on purpose from the source favourites, and a second run changes nothing', "the functions runner's job endpoint (npm run job)"), async () => {
    // 30 favourites of nina-main exist; its visible count and one shard are made wrong.
    await performance('nina-main').update({ favoriteCount: 999 });
    await stack.db.doc(shardPaths(favoriteShards(FESTIVAL_ID, 'nina-main'))[3]!).set({ count: 500 });

    const { stdout } = await runJob();
    expect(stdout).toContain('nightlyMaintenance: ran');
    expect((await performance('nina-main').get()).get('favoriteCount')).toBe(30);
    expect(await shardSum('nina-main')).toBe(30);
    // kae-main was counted from a published event with no favourite document behind it: the truth is 0.
    expect((await performance('kae-main').get()).get('favoriteCount')).toBe(0);
    expect((await stack.db.doc(firestorePaths.stats(FESTIVAL_ID, 'totals')).get()).get('favorites')).toBe(30);

    await runJob();
    expect((await performance('nina-main').get()).get('favoriteCount')).toBe(30);
    expect(await shardSum('nina-main')).toBe(30);
  });
});
