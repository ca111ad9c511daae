import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClockProvider, useNow } from './ClockContext';

/** Records each render's time, as a page that takes the time would draw it. */
function Recorder({ renders }: { renders: Date[] }) {
  renders.push(useNow(30_000));
  return null;
}

describe('useNow', () => {
  afterEach(() => vi.useRealTimers());

  it('renders once when it mounts: the time it started with is not read again at once', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-08-15T19:00:00Z'));
    const renders: Date[] = [];
    render(
      <ClockProvider timeZone="Europe/Amsterdam">
        <Recorder renders={renders} />
      </ClockProvider>,
    );
    vi.setSystemTime(new Date('2026-08-15T19:00:05Z'));
    await act(async () => {});
    expect(renders.map((date) => date.toISOString())).toEqual(['2026-08-15T19:00:00.000Z']);
  });

  it('moves on every interval, and reads the time again for another clock (the festival time zone arriving)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-08-15T19:00:00Z'));
    const renders: Date[] = [];
    const ui = (timeZone: string) => (
      <ClockProvider timeZone={timeZone}>
        <Recorder renders={renders} />
      </ClockProvider>
    );
    const { rerender } = render(ui('Europe/Amsterdam'));
    await act(async () => {
      vi.advanceTimersByTime(30_000);
    });
    expect(renders.at(-1)!.toISOString()).toBe('2026-08-15T19:00:30.000Z');
    vi.setSystemTime(new Date('2026-08-15T19:00:40Z'));
    rerender(ui('Europe/London'));
    await act(async () => {});
    expect(renders.at(-1)!.toISOString()).toBe('2026-08-15T19:00:40.000Z');
  });
});
