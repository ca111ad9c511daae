import { describe, expect, it } from 'vitest';
import { dailyUploadLimit, quotaPath, reserveUpload, uploadStanding } from './quota.js';

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

describe('a quota that grows with reputation (issue 39)', () => {
  const at = new Date('2026-08-14T20:00:00Z');
  const daysBefore = (days: number) => new Date(at.getTime() - days * 86_400_000);
  it('gives a newcomer the base quota, an account with reputation twice as much, a 30-day regular four times', () => {
    expect(uploadStanding({ established: false, because: 'new-account' }, daysBefore(0), at)).toBe('newcomer');
    expect(uploadStanding({ established: false, because: 'refuted' }, daysBefore(400), at)).toBe('newcomer');
    expect(uploadStanding({ established: true }, daysBefore(29), at)).toBe('established');
    expect(uploadStanding({ established: true }, daysBefore(30), at)).toBe('regular');
    expect([dailyUploadLimit('newcomer', 50), dailyUploadLimit('established', 50), dailyUploadLimit('regular', 50)]).toEqual([50, 100, 200]);
  });
});
