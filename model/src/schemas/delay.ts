import { z } from 'zod';
import { isoDateSchema, slugIdSchema, timestampSchema } from './common.js';

/**
 * A stage running late (issue 36): staff shift a stage's not yet started sets of one festival
 * day by some minutes, in one client batch that also creates this record. The record ties the
 * moved sets together, so their fans get one notice and one push per delay (not one per set),
 * and the whole delay can be undone in one batch.
 */

/** Minutes a delay may shift a stage: from a short overrun to a long weather stop. */
export const DELAY_MIN_MINUTES = 1;
export const DELAY_MAX_MINUTES = 240;
/** Sets one delay may move: one day of one stage, with room (and within the rules' list checks). */
export const DELAY_MAX_SETS = 100;
/** Quick choices the console offers (any whole number in range may be typed). */
export const DELAY_PRESET_MINUTES = [5, 10, 15, 20, 30] as const;

/** A delay's id: a Firestore auto id, as the console's batch makes it (the rules accept the same). */
export const delayIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, "_" or "-"');

export const delayStatusSchema = z.enum(['active', 'undone']);
export type DelayStatus = z.infer<typeof delayStatusSchema>;

/**
 * `festivals/{f}/delays/{delayId}`: written by the festival's programme staff and admins in the
 * same batch as the sets it moves; everyone reads it. Undoing it sets `status: undone` in the
 * batch that moves the sets back.
 */
export const stageDelaySchema = z
  .object({
    stageId: slugIdSchema,
    /** The festival day (`festivalDayOf`, so a set at 01:30 belongs to the night before). */
    day: isoDateSchema,
    minutes: z.number().int().min(DELAY_MIN_MINUTES).max(DELAY_MAX_MINUTES),
    /** The first set moved when staff chose "from this set on"; absent: every set not yet started. */
    fromPerformanceId: slugIdSchema.optional(),
    /** The sets moved, in start order; the rules check that the first one carries this delay's id afterwards. */
    performanceIds: z.array(slugIdSchema).min(1).max(DELAY_MAX_SETS),
    /**
     * For a set an earlier active delay had moved already: that delay's id, which the set gets
     * back when this one is undone (a set absent here had none, and loses `scheduled` on undo).
     */
    previousDelayIds: z.record(slugIdSchema, delayIdSchema).optional(),
    createdAt: timestampSchema,
    createdBy: z.string().min(1).max(128),
    status: delayStatusSchema,
    undoneAt: timestampSchema.optional(),
    undoneBy: z.string().min(1).max(128).optional(),
  })
  .strict()
  .refine((delay) => (delay.status === 'undone') === (delay.undoneAt !== undefined && delay.undoneBy !== undefined), {
    message: 'an undone delay carries undoneAt and undoneBy, an active one neither',
    path: ['status'],
  });
export type StageDelay = z.infer<typeof stageDelaySchema>;

/** A set's times as printed before any delay moved it: kept across successive delays. */
export const scheduledTimesSchema = z.object({ startsAt: timestampSchema, endsAt: timestampSchema }).strict();
export type ScheduledTimes = z.infer<typeof scheduledTimesSchema>;
