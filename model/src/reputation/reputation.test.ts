import { describe, expect, it } from 'vitest';
import { REPUTATION_ACTIVITY_LEAD_MINUTES, REPUTATION_MIN_ACCOUNT_AGE_HOURS, activityCutoff, reputationAt } from './reputation.js';

const at = new Date('2026-08-14T20:00:00Z');
const policy = { minAccountAgeHours: REPUTATION_MIN_ACCOUNT_AGE_HOURS, minActivityLeadMinutes: REPUTATION_ACTIVITY_LEAD_MINUTES };
const hoursBefore = (hours: number) => new Date(at.getTime() - hours * 3_600_000);
const visitor = { anonymous: false, emailVerified: true, createdAt: hoursBefore(24) };
const history = { activitySince: hoursBefore(1), refutedAt: null };

describe('reputationAt', () => {
  it('holds for a verified account a day old with a favourite an hour before, never refuted', () => {
    expect(reputationAt(visitor, history, at, policy)).toEqual({ established: true });
  });

  it('names the first thing missing, in order', () => {
    expect(reputationAt(null, history, at, policy)).toEqual({ established: false, because: 'no-account' });
    expect(reputationAt({ ...visitor, anonymous: true, emailVerified: false }, history, at, policy)).toEqual({ established: false, because: 'anonymous' });
    expect(reputationAt({ ...visitor, emailVerified: false, createdAt: hoursBefore(1) }, history, at, policy)).toEqual({ established: false, because: 'unverified-email' });
    expect(reputationAt({ ...visitor, createdAt: hoursBefore(23.9) }, { activitySince: null, refutedAt: at }, at, policy)).toEqual({ established: false, because: 'new-account' });
    expect(reputationAt(visitor, { activitySince: null, refutedAt: hoursBefore(2) }, at, policy)).toEqual({ established: false, because: 'refuted' });
    expect(reputationAt(visitor, { activitySince: hoursBefore(0.9), refutedAt: null }, at, policy)).toEqual({ established: false, because: 'no-history' });
  });

  it('looks for activity before the cutoff an hour earlier', () => {
    expect(activityCutoff(at, policy)).toEqual(hoursBefore(1));
  });
});
