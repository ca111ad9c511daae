import { describe, expect, it } from 'vitest';
import { applyReport, staffTransition } from './moderation.js';

describe('moderation', () => {
  it('hides a visible photo once N distinct people reported it, and only once', () => {
    const one = applyReport(undefined, 'u1', 'spam', 'ready', 2);
    expect(one).toMatchObject({ distinctReporters: 1, hide: false });
    const again = applyReport(one.entry, 'u1', 'privacy', 'ready', 2);
    expect(again).toMatchObject({ distinctReporters: 1, hide: false });
    const two = applyReport(again.entry, 'u2', 'spam', 'ready', 2);
    expect(two).toMatchObject({ distinctReporters: 2, hide: true, entry: { autoHidden: true } });
    expect(applyReport(two.entry, 'u3', 'spam', 'ready', 2).hide).toBe(false);
    expect(applyReport(undefined, 'u1', 'spam', 'processing', 1).hide).toBe(false);
  });

  it('lets staff hide what is visible and restore what is hidden, nothing else', () => {
    expect(staffTransition('ready', 'hide')).toBe('hidden');
    expect(staffTransition('hidden', 'restore')).toBe('ready');
    expect(staffTransition('rejected', 'restore')).toBeNull();
    expect(staffTransition('hidden', 'hide')).toBeNull();
  });
});
