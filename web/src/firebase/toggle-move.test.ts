import { describe, expect, it } from 'vitest';
import { retryMove, toggleMove } from './toggle-move';

const MINUTE = 60_000;

describe('toggleMove', () => {
  it('opens a window when none is known, or when one this device opened is over by its clock', () => {
    expect(toggleMove(null, 1_000, 30, MINUTE)).toBe('open');
    expect(toggleMove({ windowStartsAt: 0, count: 5, clock: 'device' }, MINUTE, 30, MINUTE)).toBe('open');
  });

  it('continues a window this device opened while it runs, and is full at the limit', () => {
    expect(toggleMove({ windowStartsAt: 0, count: 29, clock: 'device' }, MINUTE - 1, 30, MINUTE)).toBe('continue');
    expect(toggleMove({ windowStartsAt: 0, count: 30, clock: 'device' }, 10_000, 30, MINUTE)).toBe('full');
  });

  it('continues a window the server stamped while it has room, whatever the device clock says', () => {
    // A device months behind the server, and one minutes ahead.
    expect(toggleMove({ windowStartsAt: 10 * MINUTE, count: 3, clock: 'server' }, 0, 30, MINUTE)).toBe('continue');
    expect(toggleMove({ windowStartsAt: 0, count: 3, clock: 'server' }, 5 * MINUTE, 30, MINUTE)).toBe('continue');
  });

  it('tries to open after a full window the server stamped: only the server knows whether it is over', () => {
    expect(toggleMove({ windowStartsAt: 10 * MINUTE, count: 30, clock: 'server' }, 0, 30, MINUTE)).toBe('open');
  });
});

describe('retryMove', () => {
  it('continues the server window after a refused open (the cache did not know of it)', () => {
    expect(retryMove('open', { windowStartsAt: 0, count: 1, clock: 'server' }, 30)).toBe('continue');
  });

  it('gives up after a refused open when the server has no window (the favourite or reaction was refused) or a full one (the limit)', () => {
    expect(retryMove('open', null, 30)).toBeNull();
    expect(retryMove('open', { windowStartsAt: 0, count: 30, clock: 'server' }, 30)).toBeNull();
  });

  it('opens after a refused continue (a full window, which may be over, or none)', () => {
    expect(retryMove('continue', { windowStartsAt: 0, count: 30, clock: 'server' }, 30)).toBe('open');
    expect(retryMove('continue', null, 30)).toBe('open');
  });
});
