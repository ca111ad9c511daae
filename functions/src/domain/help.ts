import { HELP_POSITION_KEEP_HOURS, type HelpRequest } from '@encore/model';

/**
 * What a write to a help request (issue 36) means for the people to tell: a new request (staff
 * who asked for pushes), a step staff took (the requester), or nothing (a requester's own
 * cancel, the nightly job dropping a position, a redelivered write that changed nothing).
 */
export type HelpEvent = { kind: 'created' } | { kind: 'step'; status: 'on-the-way' | 'resolved' } | null;

export function helpEventOf(before: HelpRequest | undefined, after: HelpRequest | undefined): HelpEvent {
  if (!after) return null;
  if (!before) return after.status === 'new' ? { kind: 'created' } : null;
  if (before.status === after.status || after.status === 'new') return null;
  // The requester cancelled it themselves: they know, and nobody set off.
  if (after.cancelled) return null;
  return { kind: 'step', status: after.status };
}

/** One notice per request and step: a redelivered event finds it and writes nothing. */
export function helpNoticeId(requestId: string, status: 'on-the-way' | 'resolved'): string {
  return `help-${requestId}-${status}`;
}

/** Whether the nightly job must drop this request's position: kept at most a day after it was sent. */
export function helpPositionOverdue(request: HelpRequest, now: Date): boolean {
  return request.position !== undefined && now.getTime() - request.createdAt.getTime() >= HELP_POSITION_KEEP_HOURS * 3_600_000;
}

/** The request as stored without its position (the whole document is rewritten: the port has no field delete). */
export function withoutPosition(request: HelpRequest): HelpRequest {
  const { position: _dropped, ...rest } = request;
  return rest;
}
