import { REPORTS_PER_WINDOW, REPORT_WINDOW_MINUTES } from '@encore/model';

/**
 * How the next report moves the person's rate limit, mirroring what firestore.rules accept:
 * a new window when there is none or the last one is over, one more in the current window
 * while it has room, and otherwise nothing until the window ends.
 */
export type LimitPlan = { kind: 'open-window' } | { kind: 'count'; count: number } | { kind: 'full'; retryAt: Date };

export function planReportLimit(current: { windowStartsAt: Date; count: number } | null, now: Date): LimitPlan {
  if (!current) return { kind: 'open-window' };
  // Counting on in an old window is always allowed (never less strict), so room goes first.
  if (current.count < REPORTS_PER_WINDOW) return { kind: 'count', count: current.count + 1 };
  const windowEnds = new Date(current.windowStartsAt.getTime() + REPORT_WINDOW_MINUTES * 60_000);
  return now.getTime() >= windowEnds.getTime() ? { kind: 'open-window' } : { kind: 'full', retryAt: windowEnds };
}
