import type { RejectionCode, UploadRefusals } from '@encore/model';

/** One hour of refused uploads as the dashboard lists it: the hour, how many, and why, most first. */
export interface RefusalRow {
  hour: Date;
  total: number;
  reasons: Array<{ code: RejectionCode; count: number }>;
}

/**
 * The hours of a day's `stats/uploadRefusals-{day}` that refused anything, latest first (what
 * staff look at during an attack is the last hour), each with its reasons, most frequent first.
 */
export function refusalRows(refusals: Pick<UploadRefusals, 'hours'> | null | undefined): RefusalRow[] {
  return Object.entries(refusals?.hours ?? {})
    .map(([hour, codes]) => {
      const reasons = (Object.entries(codes) as Array<[RejectionCode, number]>)
        .filter(([, count]) => count > 0)
        .map(([code, count]) => ({ code, count }))
        .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
      return { hour: new Date(hour), total: reasons.reduce((sum, reason) => sum + reason.count, 0), reasons };
    })
    .filter((row) => row.total > 0)
    .sort((a, b) => b.hour.getTime() - a.hour.getTime());
}
