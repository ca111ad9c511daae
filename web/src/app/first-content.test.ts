import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContent, FALLBACK_MS, holdFirstContent, markFirstContentShown, PAINT_REPORT_GRACE_MS, resetFirstContentForTests } from './first-content';

describe('afterFirstContent', () => {
  beforeEach(() => {
    resetFirstContentForTests();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  });
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    const state = { done: false };
    void promise.then(() => (state.done = true));
    return state;
  };

  it('waits until the content is marked, its frame painted and the next one begun', async () => {
    const waiting = settled(afterFirstContent());
    await vi.advanceTimersByTimeAsync(FALLBACK_MS / 2);
    expect(waiting.done).toBe(false);
    markFirstContentShown();
    expect(waiting.done).toBe(false);
    await vi.advanceTimersByTimeAsync(40);
    expect(waiting.done).toBe(true);
  });

  it('releases its waiters one task apart, so that what each starts runs in a task of its own', async () => {
    // The browser's scheduler.yield(), each continuation let through by hand: a task boundary.
    const tasks: Array<() => void> = [];
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => tasks.push(resolve)) });
    try {
      const waiters = [settled(afterFirstContent()), settled(afterFirstContent()), settled(afterFirstContent())];
      const done = () => waiters.filter((waiter) => waiter.done).length;
      markFirstContentShown();
      await vi.advanceTimersByTimeAsync(40);
      expect(done()).toBe(1);
      tasks.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(done()).toBe(2);
      tasks.shift()!();
      await vi.advanceTimersByTimeAsync(0);
      expect(done()).toBe(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives up waiting after the fallback when no content ever shows', async () => {
    const waiting = settled(afterFirstContent());
    await vi.advanceTimersByTimeAsync(FALLBACK_MS - 1);
    expect(waiting.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waiting.done).toBe(true);
  });

  it('resolves at once for whoever asks after the first content was painted', async () => {
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(40);
    const late = settled(afterFirstContent());
    await Promise.resolve();
    expect(late.done).toBe(true);
  });

  it('waits for a page that holds its content back (the programme: the header, then the sets) until it releases it', async () => {
    const waiting = settled(afterFirstContent());
    const release = holdFirstContent();
    markFirstContentShown();
    await vi.advanceTimersByTimeAsync(100);
    expect(waiting.done).toBe(false);
    release();
    await vi.advanceTimersByTimeAsync(40);
    expect(waiting.done).toBe(true);
  });

  it('takes no hold once the content was marked, and a second release changes nothing', async () => {
    const release = holdFirstContent();
    release();
    release();
    const waiting = settled(afterFirstContent());
    markFirstContentShown();
    const late = holdFirstContent();
    await vi.advanceTimersByTimeAsync(40);
    expect(waiting.done).toBe(true);
    late();
  });

  describe('where the browser reports paints (largest-contentful-paint entries)', () => {
    let report: (entries: Array<{ startTime: number }>) => void = () => {};
    beforeEach(() => {
      class FakeObserver {
        static supportedEntryTypes = ['largest-contentful-paint'];
        constructor(callback: (list: { getEntries(): Array<{ startTime: number }> }) => void) {
          report = (entries) => callback({ getEntries: () => entries });
        }
        observe() {}
        disconnect() {
          report = () => {};
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver);
    });
    afterEach(() => vi.unstubAllGlobals());

    it('waits past the frames for the report that the content was presented, then releases', async () => {
      const waiting = settled(afterFirstContent());
      markFirstContentShown();
      await vi.advanceTimersByTimeAsync(40);
      expect(waiting.done).toBe(false);
      report([{ startTime: performance.now() }]);
      await vi.advanceTimersByTimeAsync(1);
      expect(waiting.done).toBe(true);
    });

    it('does not take a paint from before the commit for it, and gives up on a report a grace period after the frames', async () => {
      const waiting = settled(afterFirstContent());
      markFirstContentShown();
      report([{ startTime: performance.now() - 500 }]);
      await vi.advanceTimersByTimeAsync(40);
      expect(waiting.done).toBe(false);
      await vi.advanceTimersByTimeAsync(PAINT_REPORT_GRACE_MS);
      expect(waiting.done).toBe(true);
    });
  });
});
