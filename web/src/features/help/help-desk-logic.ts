import type { HelpRequest } from '@encore/model';

/** How far back the console lists requests: today's work, with the ones resolved lately for context. */
export const HELP_DESK_HOURS = 24;

/**
 * The console's order: open requests first, the oldest first (whoever has waited longest is
 * helped first), then resolved ones, the most recently resolved first.
 */
export function helpDeskOrder<T extends Pick<HelpRequest, 'status' | 'createdAt' | 'resolvedAt' | 'updatedAt'>>(requests: readonly T[]): { open: T[]; resolved: T[] } {
  const open = requests.filter((request) => request.status !== 'resolved').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const resolved = requests
    .filter((request) => request.status === 'resolved')
    .sort((a, b) => (b.resolvedAt ?? b.updatedAt).getTime() - (a.resolvedAt ?? a.updatedAt).getTime());
  return { open, resolved };
}

/** Whole minutes a request has waited, for "waiting 7 min". */
export function minutesWaiting(createdAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 60_000));
}
