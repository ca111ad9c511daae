import { z } from 'zod';
import { counterSchema, documentIdSchema, timestampSchema } from './common.js';
import { notCountedBecauseSchema, reportReasonSchema } from './photos.js';

/**
 * Moderation: what clients file (reports, through the rules) and what functions keep
 * per reported photo (the entry staff read). An entry holds counters only, never lists
 * that grow with reports, so a flood of reports cannot push it past Firestore's 1 MiB.
 */

/** How many reports one person may file per window; firestore.rules holds the same numbers. */
export const REPORTS_PER_WINDOW = 10;
export const REPORT_WINDOW_MINUTES = 60;

/**
 * `users/{uid}/limits/reports`: the person's report rate limit, written by the client in the
 * same commit as each report and checked by the rules (a report is refused unless this
 * document, after the commit, names it and was written at the commit's time).
 */
export const reportLimitSchema = z
  .object({
    /** When the current window opened (the commit time of its first report). */
    windowStartsAt: timestampSchema,
    /** Reports filed in the window, at most REPORTS_PER_WINDOW. */
    count: z.number().int().min(1).max(REPORTS_PER_WINDOW),
    /** The report this commit filed, with its festival: `reportLimitKeyFor` (`{festivalId}~{photoId}~{uid}`). */
    lastReportId: z.string().min(1).max(300),
    lastReportAt: timestampSchema,
  })
  .strict();
export type ReportLimit = z.infer<typeof reportLimitSchema>;

/** Reports per reason, only the reasons given so far. */
export const reasonCountsSchema = z.partialRecord(reportReasonSchema, counterSchema);
export type ReasonCounts = z.infer<typeof reasonCountsSchema>;

export const moderationDecisionSchema = z.enum(['pending', 'hidden', 'restored']);
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

/** Who on the staff decided, as their token named them when they did. */
export const moderatorSchema = z.object({ uid: z.string().min(1).max(128), name: z.string().max(200).nullable() }).strict();
export type Moderator = z.infer<typeof moderatorSchema>;

/** `festivals/{f}/moderation/{photoId}`: written only by functions; staff read it. */
export const moderationEntrySchema = z
  .object({
    photoId: documentIdSchema,
    /** Reports counted: one per person, so also the number of distinct reporters. */
    reports: counterSchema,
    /** Of those, reporters whose account was trusted when their report was counted. */
    trustedReporters: counterSchema,
    reasons: reasonCountsSchema,
    /** Set when the photo was hidden because `trustedReporters` reached the threshold. */
    autoHiddenAt: timestampSchema.nullable(),
    /** The trusted reporters it took, kept with `autoHiddenAt`. */
    autoHiddenAfter: counterSchema.nullable(),
    /** Reports that did not count towards hiding, per why (absent on entries older than issue 24). */
    notCounted: z.partialRecord(notCountedBecauseSchema, counterSchema).optional(),
    /**
     * Set when enough reports counted to hide the photo but the festival had used up its
     * automatic hides for the hour (`AUTO_HIDES_PER_FESTIVAL_HOUR`): the photo stays up and
     * waits for staff, with this reason.
     */
    heldAt: timestampSchema.nullable().optional(),
    heldBecause: z.enum(['auto-hide-cap']).nullable().optional(),
    /** Staff's last decision: `pending` until someone on the staff hides or restores it. */
    decision: moderationDecisionSchema,
    decidedBy: moderatorSchema.nullable(),
    decidedAt: timestampSchema.nullable(),
    lastReportAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .strict();
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;

/**
 * What the `reporterStanding` callable answers: whether this person may report photos
 * now, why (or why not), from when they may if not yet, and whether their ID token must
 * be refreshed first (the backend just granted the `trustedReporter` claim, or their email
 * was verified after the token was issued) for the rules to see it.
 */
export const reporterStandingSchema = z
  .object({
    canReport: z.boolean(),
    because: z.enum(['verified-email', 'account-age', 'no-account', 'anonymous', 'new-account']),
    trustedFrom: z.iso.datetime({ offset: true }).nullable(),
    refreshToken: z.boolean(),
  })
  .strict();
export type ReporterStandingAnswer = z.infer<typeof reporterStandingSchema>;

/**
 * `festivals/{f}/autoHides/{hour}` (hour: `YYYY-MM-DDTHH`, UTC): how many photos reports hid
 * automatically in that hour, so a crowd can hide at most `AUTO_HIDES_PER_FESTIVAL_HOUR`
 * photos an hour; beyond it, photos wait for staff. Functions only.
 */
export const autoHideWindowSchema = z
  .object({
    hour: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}$/),
    hides: counterSchema,
    updatedAt: timestampSchema,
  })
  .strict();
export type AutoHideWindow = z.infer<typeof autoHideWindowSchema>;

/**
 * `reporterRecords/{uid}`: a reporter's standing as staff decided it, functions only. Set when
 * staff restore a photo this person's report counted towards hiding: from then on their
 * reports no longer count towards hiding (they still reach staff).
 */
export const reporterRecordSchema = z
  .object({
    refutedAt: timestampSchema,
    /** The photo whose restore refuted them last, as `{festivalId}/{photoId}`. */
    refutedOn: z.string().min(1).max(300),
    refutedBy: z.string().min(1).max(128),
  })
  .strict();
export type ReporterRecord = z.infer<typeof reporterRecordSchema>;
