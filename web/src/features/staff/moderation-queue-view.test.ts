import type { ModerationEntry } from '@encore/model';
import { describe, expect, it } from 'vitest';
import type { WithId } from '../../firebase/to-model';
import { photoFixture } from '../photos/photo-fixtures';
import { moderateMany, type BulkProgress } from './bulk-moderation';
import { arrangeQueue, DEFAULT_QUEUE_VIEW, moderationQueue, setsInQueue } from './moderation-items';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 15, 20, minute));
const entry = (id: string, reports: number, trustedReporters: number, lastReportMinute: number | null): WithId<ModerationEntry> => ({
  id,
  photoId: id,
  reports,
  trustedReporters,
  reasons: {},
  autoHiddenAt: null,
  autoHiddenAfter: null,
  decision: 'pending',
  decidedBy: null,
  decidedAt: null,
  lastReportAt: lastReportMinute === null ? null : at(lastReportMinute),
  createdAt: at(0),
  updatedAt: at(0),
});

// a: 1 trusted report at 20:50; b: 5 reports (1 trusted) at 20:10; c: hidden, 3 reports at 20:40;
// d: hidden by staff without reports, uploaded 20:55.
const queue = moderationQueue(
  [
    photoFixture({ id: 'a', reportCount: 1, performanceId: 'p-headliner' }),
    photoFixture({ id: 'b', reportCount: 5, performanceId: 'p-opener' }),
    photoFixture({ id: 'c', status: 'hidden', reportCount: 3, performanceId: 'p-headliner' }),
    photoFixture({ id: 'd', status: 'hidden', reportCount: 0, createdAt: at(55) }),
  ],
  [entry('a', 1, 1, 50), entry('b', 5, 1, 10), entry('c', 3, 3, 40)],
  [],
);
const ids = (items: ReturnType<typeof arrangeQueue>) => items.map((item) => item.photo.id);

describe('the moderation queue as staff arrange it', () => {
  it('keeps the queue order by default: visible first (most trusted, then most reported), hidden after', () => {
    expect(ids(arrangeQueue(queue, DEFAULT_QUEUE_VIEW))).toEqual(['b', 'a', 'c', 'd']);
  });

  it('sorts newest first by the latest report, or the upload when a photo has none', () => {
    expect(ids(arrangeQueue(queue, { ...DEFAULT_QUEUE_VIEW, sort: 'newest' }))).toEqual(['d', 'a', 'c', 'b']);
  });

  it('sorts most reported first', () => {
    expect(ids(arrangeQueue(queue, { ...DEFAULT_QUEUE_VIEW, sort: 'most-reported' }))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('filters by status and by set, together with a sort', () => {
    expect(ids(arrangeQueue(queue, { ...DEFAULT_QUEUE_VIEW, status: 'hidden' }))).toEqual(['c', 'd']);
    expect(ids(arrangeQueue(queue, { ...DEFAULT_QUEUE_VIEW, status: 'visible' }))).toEqual(['b', 'a']);
    expect(ids(arrangeQueue(queue, { sort: 'newest', status: 'all', performanceId: 'p-headliner' }))).toEqual(['a', 'c']);
    expect(ids(arrangeQueue(queue, { sort: 'priority', status: 'visible', performanceId: 'p-headliner' }))).toEqual(['a']);
  });

  it('lists the sets in the queue once each, the one with most photos first', () => {
    expect(setsInQueue(queue)).toEqual([
      { performanceId: 'p-headliner', photos: 2 },
      { performanceId: 'p-opener', photos: 1 },
    ]);
  });
});

describe('hiding or restoring several photos at once', () => {
  it('decides each photo once, reports progress as each lands, and keeps going past a failure', async () => {
    const decided: string[] = [];
    const seen: BulkProgress[] = [];
    const final = await moderateMany(
      ['p1', 'p2', 'p2', 'p3', 'p4', 'p5'],
      async (photoId) => {
        decided.push(photoId);
        if (photoId === 'p3') throw new Error('permission-denied');
      },
      (progress) => seen.push(progress),
      2,
    );
    expect(decided.sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(final.total).toBe(5);
    expect(final.done).toBe(5);
    expect(final.failed.map((failure) => failure.photoId)).toEqual(['p3']);
    expect((final.failed[0]!.error as Error).message).toBe('permission-denied');
    expect(seen.map((progress) => progress.done)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('never has more calls in flight than it allows', async () => {
    let inFlight = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const running = moderateMany(
      ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'],
      () =>
        new Promise<void>((resolve) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          releases.push(() => {
            inFlight -= 1;
            resolve();
          });
        }),
      () => undefined,
      3,
    );
    while (releases.length > 0 || inFlight > 0) {
      await Promise.resolve();
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const final = await running;
    expect(most).toBe(3);
    expect(final.done).toBe(6);
  });
});
