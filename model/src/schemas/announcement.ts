import { z } from 'zod';
import { counterSchema, timestampSchema } from './common.js';

// A module of its own (not festival.ts): a visitor's app reads announcements on every page
// and never the programme's schemas, and zod builds every schema of a module when it is
// evaluated (web/README.md, "The first page").

/** One language's version of an announcement's title or body: may be empty when the other language has it. */
const optionalText = (max: number) => z.string().trim().max(max);

export const announcementStatusSchema = z.enum(['published', 'withdrawn']);
export type AnnouncementStatus = z.infer<typeof announcementStatusSchema>;

/**
 * `festivals/{f}/announcements/{id}`. Written by staff (with a second factor), who can edit,
 * lower (urgent to normal) and withdraw it, each recorded with who and when; never deleted.
 * `title`/`body` are the English text and `titleNl`/`bodyNl` the Dutch: either language may
 * be empty, and readers then get the other (`announcementText`). `pushedDevices` is counted
 * by functions as the urgent push goes out.
 */
export const announcementSchema = z
  .object({
    title: optionalText(120),
    body: optionalText(2000),
    titleNl: optionalText(120).optional(),
    bodyNl: optionalText(2000).optional(),
    createdAt: timestampSchema,
    authorUid: z.string().min(1).max(128).optional(),
    /** The author as staff know them (their token's email), for the staff console's list. */
    authorName: z.string().min(1).max(200).optional(),
    priority: z.enum(['normal', 'urgent']).optional(),
    /** Absent means published. Withdrawn: off every banner and push, marked in News. */
    status: announcementStatusSchema.optional(),
    editedAt: timestampSchema.optional(),
    editedBy: z.string().min(1).max(128).optional(),
    withdrawnAt: timestampSchema.optional(),
    withdrawnBy: z.string().min(1).max(128).optional(),
    /**
     * When it was posted urgent (server time). Kept after it is lowered or withdrawn, so an
     * "all clear" is still offered for it: the people its push woke must hear it is over.
     */
    urgentAt: timestampSchema.optional(),
    /**
     * The announcement this one follows up: an "all clear" after an urgent one. Posted urgent,
     * it is a banner on every page, and its push goes to the devices the one it follows reached.
     */
    followUpOf: z.string().min(1).max(128).optional(),
    /** Devices the urgent push reached so far (functions). */
    pushedDevices: counterSchema.optional(),
  })
  .strict()
  .refine((a) => a.title.length > 0 || (a.titleNl ?? '').length > 0, { message: 'give a title in English or Dutch', path: ['title'] })
  .refine((a) => a.body.length > 0 || (a.bodyNl ?? '').length > 0, { message: 'give a message in English or Dutch', path: ['body'] });
export type Announcement = z.infer<typeof announcementSchema>;
