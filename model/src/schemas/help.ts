import { z } from 'zod';
import { documentIdSchema, localeSchema, timestampSchema } from './common.js';
import { opaqueIdSchema } from './groups.js';

/**
 * Visitors who ask for help (issue 36). A person (an anonymous account too: someone in need
 * must not have to make an account first) sends a request to the festival's staff: what kind
 * of help, a short note and, only if they choose, where they are on the site plan. Staff on
 * duty see new requests live in the console, mark them "on the way" and "resolved", and the
 * person sees each step in their language. Only the requester and the festival's staff read a
 * request (firestore.rules); a position is deleted when the request is resolved, and by the
 * nightly job a day after it was sent whatever its status.
 */

export const HELP_KINDS = ['first-aid', 'safety', 'lost-person', 'accessibility', 'other'] as const;
export const helpKindSchema = z.enum(HELP_KINDS);
export type HelpKind = z.infer<typeof helpKindSchema>;

/** A request's steps, in order; only staff move it on (the requester may only cancel: `resolved`, `cancelled`). */
export const HELP_STATUSES = ['new', 'on-the-way', 'resolved'] as const;
export const helpStatusSchema = z.enum(HELP_STATUSES);
export type HelpStatus = z.infer<typeof helpStatusSchema>;

/** The note is short: read at a glance by staff walking over, and no place for a life story. */
export const HELP_NOTE_MAX = 280;

/**
 * How many requests one account may send per window; firestore.rules holds the same numbers.
 * Five an hour: a person may send a second request after cancelling one, or for a friend, or
 * again when things get worse, but a stuck button or a prank cannot flood the welfare team.
 */
export const HELP_REQUESTS_PER_WINDOW = 5;
export const HELP_WINDOW_MINUTES = 60;

/** A position the nightly job keeps at most this long after the request was sent. */
export const HELP_POSITION_KEEP_HOURS = 24;

/** The number to call when the festival names none (the European emergency number). */
export const DEFAULT_EMERGENCY_NUMBER = '112';
/** What a festival's `emergencyNumber` may be: digits, with a leading + and spaces allowed ("112", "+31 20 555 0100"). */
export const emergencyNumberSchema = z.string().trim().regex(/^\+?[0-9][0-9 ]{1,19}$/, 'an emergency number is 2 to 20 digits, a leading + and spaces allowed');

const fraction = z.number().min(0).max(1);

/** Where the person was on the plan when they sent the request (fractions, as the map's markers), and how sure the phone was. */
export const helpPositionSchema = z
  .object({
    x: fraction,
    y: fraction,
    /** The phone's accuracy, in metres. */
    accuracy: z.number().min(0).max(100_000),
  })
  .strict();
export type HelpPosition = z.infer<typeof helpPositionSchema>;

/** The staff member who took the request, as the requester's steps and the console name them. */
export const helpHandlerSchema = z.object({ uid: documentIdSchema, name: z.string().trim().min(1).max(80) }).strict();
export type HelpHandler = z.infer<typeof helpHandlerSchema>;

/**
 * `festivals/{f}/helpRequests/{requestId}`: created by the requester (status `new`, with their
 * help limit moved in the same commit); staff move its status on; the requester may cancel it.
 */
export const helpRequestSchema = z
  .object({
    uid: documentIdSchema,
    kind: helpKindSchema,
    /** What the person wants staff to know; may be empty. */
    note: z.string().trim().max(HELP_NOTE_MAX),
    /** Only when the person chose to share it; deleted on resolve and after a day. */
    position: helpPositionSchema.optional(),
    /** The requester's language: what staff's steps and pushes are written in. */
    locale: localeSchema,
    status: helpStatusSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    onTheWayAt: timestampSchema.optional(),
    resolvedAt: timestampSchema.optional(),
    handledBy: helpHandlerSchema.optional(),
    /** True when the requester resolved it themselves (no longer needed). */
    cancelled: z.literal(true).optional(),
  })
  .strict();
export type HelpRequest = z.infer<typeof helpRequestSchema>;

/**
 * `users/{uid}/limits/help`: the person's help request rate limit, written by the client in
 * the same commit as each request and checked by the rules, like the report limit.
 */
export const helpLimitSchema = z
  .object({
    windowStartsAt: timestampSchema,
    count: z.number().int().min(1).max(HELP_REQUESTS_PER_WINDOW),
    /** `{festivalId}~{requestId}` (`helpLimitKeyFor`): the request this commit sends. */
    lastRequestId: z.string().min(1).max(300),
    lastRequestAt: timestampSchema,
  })
  .strict();
export type HelpLimit = z.infer<typeof helpLimitSchema>;

/** `festivals/{f}/staffDuty/{uid}`: a staff member's own choices while on duty; written by them. */
export const staffDutySchema = z
  .object({
    /** Push me new help requests (to every device I turned notifications on for). */
    helpAlerts: z.boolean(),
    updatedAt: timestampSchema,
  })
  .strict();
export type StaffDuty = z.infer<typeof staffDutySchema>;

export const helpRequestIdSchema = opaqueIdSchema;

/** What a request's commit writes into the requester's help limit: one move covers one request in one festival. */
export function helpLimitKeyFor(festivalId: string, requestId: string): string {
  return `${festivalId}~${requestId}`;
}

export const helpPaths = {
  helpRequests: (festivalId: string) => `festivals/${festivalId}/helpRequests`,
  helpRequest: (festivalId: string, requestId: string) => `festivals/${festivalId}/helpRequests/${requestId}`,
  helpLimit: (uid: string) => `users/${uid}/limits/help`,
  staffDutyList: (festivalId: string) => `festivals/${festivalId}/staffDuty`,
  staffDuty: (festivalId: string, uid: string) => `festivals/${festivalId}/staffDuty/${uid}`,
} as const;

/** The collection id of help requests, for the nightly job's collection-group query. */
export const HELP_REQUESTS_COLLECTION = 'helpRequests';
