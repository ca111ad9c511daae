/**
 * Per-user daily upload quota. The reservation document lists the photo ids counted
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
