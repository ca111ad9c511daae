import type { Reputation } from '@encore/model';

/**
 * Per-user daily upload quota, and the festival-wide hourly rate (`reserveUpload` serves both:
 * a list of the photo ids counted, capped). The reservation document lists the photo ids counted
 * against the day, so re-processing the same photo (a retry) never counts it twice.
 */
export interface QuotaReservation {
  photoIds: string[];
}

export type QuotaDecision = { allowed: true; photoIds: string[]; changed: boolean } | { allowed: false };

export function reserveUpload(reservation: QuotaReservation | undefined, photoId: string, dailyLimit: number): QuotaDecision {
  const photoIds = reservation?.photoIds ?? [];
  if (photoIds.includes(photoId)) return { allowed: true, photoIds, changed: false };
  if (photoIds.length >= dailyLimit) return { allowed: false };
  return { allowed: true, photoIds: [...photoIds, photoId], changed: true };
}

export function quotaPath(festivalId: string, uid: string, day: string): string {
  return `festivals/${festivalId}/uploadQuotas/${uid}_${day}`;
}

/** The festival-wide upload rate's document for the UTC hour of `at` (`YYYY-MM-DDTHH`). */
export function uploadHour(at: Date): string {
  return at.toISOString().slice(0, 13);
}

export function festivalRatePath(festivalId: string, hour: string): string {
  return `festivals/${festivalId}/uploadRate/${hour}`;
}

/** Whole minutes from `at` until the next UTC hour, when the festival takes uploads again (1-60). */
export function minutesToNextHour(at: Date): number {
  return 60 - at.getUTCMinutes();
}

/**
 * How far a person's daily upload quota has grown (issue 39): everyone starts with the
 * deployed `DAILY_UPLOAD_QUOTA` (a newcomer: an account made today, or without a history);
 * reputation (model: `reputationAt`, the one hiding and trending use) doubles it; a regular,
 * with reputation and an account at least `REGULAR_AFTER_DAYS` old, has four times as much.
 * So a crowd of fresh accounts gets the least, and the people the festival knows the most.
 */
export type UploadStanding = 'newcomer' | 'established' | 'regular';

export const REGULAR_AFTER_DAYS = 30;

const QUOTA_FACTOR: Record<UploadStanding, number> = { newcomer: 1, established: 2, regular: 4 };
const DAY_MS = 86_400_000;

export function uploadStanding(reputation: Reputation, accountCreatedAt: Date | null, at: Date): UploadStanding {
  if (!reputation.established) return 'newcomer';
  return accountCreatedAt && at.getTime() - accountCreatedAt.getTime() >= REGULAR_AFTER_DAYS * DAY_MS ? 'regular' : 'established';
}

/** The photos a person of this standing may upload per festival day, from the deployed base quota. */
export function dailyUploadLimit(standing: UploadStanding, baseQuota: number): number {
  return baseQuota * QUOTA_FACTOR[standing];
}
