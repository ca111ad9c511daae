import { z } from 'zod';
import { festivalRoleSchema } from './role.js';
import { timestampSchema } from './common.js';

/**
 * Staff invites (issue 35): a festival's admin invites a colleague by email with a role. The
 * backend makes a 128-bit random secret (never the client), gives it to the admin once (in the
 * link) and stores only its SHA-256: `festivals/{f}/staffInvites/{sha256hex(secret)}`. Whoever
 * reads the invites (the festival's admins) cannot rebuild a link from them. Encore sends no
 * email: the admin shares the link, `/f/{festivalId}/staff/join#<secret>` (a URL fragment never
 * reaches a server's log). Single use, for the invited email only, for 7 days.
 */

/** An invite is good for this long after it was made. */
export const STAFF_INVITE_DAYS = 7;

/** The secret in the link: 16 random bytes as base64url (22 characters). */
export const staffInviteSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'an invite secret is 22 base64url characters');
/** An invite's id: the SHA-256 of its secret, 64 lower-case hex digits. */
export const staffInviteIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'an invite id is 64 hex digits');
/** An invited email, lower-cased (an email is matched case-insensitively). */
export const staffInviteEmailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email('must be an email address'))
  .transform((email) => email.toLowerCase());

/** `festivals/{f}/staffInvites/{inviteId}`: written by functions only; the festival's admins read. */
export const staffInviteSchema = z
  .object({
    /** Who may accept it: their account's verified email, lower-cased. */
    email: z.string().max(320),
    role: festivalRoleSchema,
    /** The admin who invited (the staff document's `addedBy` once accepted). */
    createdBy: z.string().max(128),
    createdAt: timestampSchema,
    /** `createdAt` + 7 days: refused from then on. */
    expiresAt: timestampSchema,
    acceptedBy: z.string().max(128).nullable(),
    acceptedAt: timestampSchema.nullable(),
    revokedAt: timestampSchema.nullable(),
  })
  .strict();
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** The path of the page that accepts an invite, inside the festival's base; the secret goes in the fragment. */
export function staffJoinPath(festivalId: string, secret: string): string {
  return `/f/${festivalId}/staff/join#${secret}`;
}
