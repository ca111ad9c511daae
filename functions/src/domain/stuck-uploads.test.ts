import { describe, expect, it } from 'vitest';
import { MAX_REDRIVES, STUCK_AFTER_MS, isStuck, redriveEventId, stuckVerdict } from './stuck-uploads.js';

describe('stuck uploads', () => {
  it('are sent again, counting attempts, until MAX_REDRIVES, then refused as unprocessable', () => {
    expect(stuckVerdict(undefined, true)).toEqual({ action: 'redrive', attempt: 1 });
    expect(stuckVerdict(MAX_REDRIVES - 1, true)).toEqual({ action: 'redrive', attempt: MAX_REDRIVES });
    expect(stuckVerdict(MAX_REDRIVES, true)).toEqual({ action: 'reject', reason: { code: 'unprocessable' } });
  });

  it('are refused as gone at once when their original no longer exists', () => {
    expect(stuckVerdict(undefined, false)).toEqual({ action: 'reject', reason: { code: 'gone' } });
  });

  it('are stuck only once they have not moved for an hour', () => {
    const now = new Date('2026-08-15T03:00:00Z');
    expect(isStuck(new Date(now.getTime() - STUCK_AFTER_MS), now)).toBe(true);
    expect(isStuck(new Date(now.getTime() - STUCK_AFTER_MS + 1), now)).toBe(false);
  });

  it('get a new event id per attempt, the same for one attempt', () => {
    expect(redriveEventId('uploads/u/f/p', 1)).toBe(redriveEventId('uploads/u/f/p', 1));
    expect(redriveEventId('uploads/u/f/p', 1)).not.toBe(redriveEventId('uploads/u/f/p', 2));
  });
});
