import { describe, expect, it } from 'vitest';
import { quotaPath, reserveUpload } from './quota.js';

describe('quota', () => {
  it('counts each photo once and refuses the one over the limit', () => {
    const first = reserveUpload(undefined, 'p1', 2);
    expect(first).toEqual({ allowed: true, photoIds: ['p1'], changed: true });
    expect(reserveUpload({ photoIds: ['p1'] }, 'p1', 2)).toEqual({ allowed: true, photoIds: ['p1'], changed: false });
    expect(reserveUpload({ photoIds: ['p1', 'p2'] }, 'p3', 2)).toEqual({ allowed: false });
    expect(reserveUpload({ photoIds: ['p1', 'p2'] }, 'p2', 2)).toMatchObject({ allowed: true });
    expect(quotaPath('encore-2026', 'u1', '2026-08-14')).toBe('festivals/encore-2026/uploadQuotas/u1_2026-08-14');
  });
});
