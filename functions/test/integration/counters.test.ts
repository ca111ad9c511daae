/**
 * Reaction counters on the local stack, through the real SDKs. (Favourites are published as
 * live aggregates: live-counts.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths, type Photo } from '@encore/model';
import { LEDGER_COLLECTION } from '../../src/domain/ledger.js';
import { FESTIVAL_ID, startEncoreStack, waitForQuery, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-counters-it';
const FANS = Array.from({ length: 50 }, (_, index) => `fan-${String(index).padStart(2, '0')}`);
let stack: EncoreStack;

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT });
});

afterAll(async () => {
  await stack?.stop();
});

/**
 * Waits until `subscriber` has counted `atLeast` distinct events: its ledger entries, each
 * written in the transaction that applied the event (handlers/once.ts), a document outcome
 * both targets produce.
 */
const counted = (subscriber: string, atLeast: number) =>
  waitForQuery(stack.db.collection(LEDGER_COLLECTION).where('subscriber', '==', subscriber), (snapshot) => snapshot.size >= atLeast, `${atLeast} events counted by ${subscriber}`);


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
