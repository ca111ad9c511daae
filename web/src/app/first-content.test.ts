import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContent, FALLBACK_MS, markFirstContentShown, resetFirstContentForTests } from './first-content';

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
});
