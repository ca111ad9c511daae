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
