import { z } from 'zod';
import { slugIdSchema } from '../schemas/common.js';
import { festivalRoleSchema, type FestivalRole } from '../schemas/role.js';
import { staffInviteEmailSchema, staffInviteIdSchema, staffInviteSecretSchema } from '../schemas/staff-invite.js';

/**
 * The festival team's callables (functions/src/handlers/staff-team.ts). All but
 * `acceptStaffInvite` are for the festival's admins (and the project's) signed in with a second
 * factor. Refusals the app words itself carry `details.reason` (`StaffTeamRefusalReason`).
 */

/** `inviteStaff`: a single-use invite for one email and one role. */
export const inviteStaffRequestSchema = z.object({ festivalId: slugIdSchema, email: staffInviteEmailSchema, role: festivalRoleSchema }).strict();
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>;
export interface InviteStaffAnswer {
  inviteId: string;
  /** Given once, for the link (`staffJoinPath`); never stored. */
  secret: string;
  /** ISO 8601. */
  expiresAt: string;
}

/** `revokeStaffInvite`: an invite not yet accepted can no longer be. */
export const revokeStaffInviteRequestSchema = z.object({ festivalId: slugIdSchema, inviteId: staffInviteIdSchema }).strict();
export type RevokeStaffInviteRequest = z.infer<typeof revokeStaffInviteRequestSchema>;
export interface RevokeStaffInviteAnswer {
  /** False when it was revoked already. */
  revoked: boolean;
}

/** `acceptStaffInvite`: by the invited person, signed in with the invited email (verified). */
export const acceptStaffInviteRequestSchema = z.object({ festivalId: slugIdSchema, secret: staffInviteSecretSchema }).strict();
export type AcceptStaffInviteRequest = z.infer<typeof acceptStaffInviteRequestSchema>;
export interface AcceptStaffInviteAnswer {
  role: FestivalRole;
}

/** `setStaffRole`: another role for someone on the festival's staff. */
export const setStaffRoleRequestSchema = z.object({ festivalId: slugIdSchema, uid: z.string().min(1).max(128), role: festivalRoleSchema }).strict();
export type SetStaffRoleRequest = z.infer<typeof setStaffRoleRequestSchema>;
export interface SetStaffRoleAnswer {
  /** False when the person already had that role. */
  changed: boolean;
}

/** `removeStaffMember`: someone's role in the festival goes (their next request is a visitor's). */
export const removeStaffMemberRequestSchema = z.object({ festivalId: slugIdSchema, uid: z.string().min(1).max(128) }).strict();
export type RemoveStaffMemberRequest = z.infer<typeof removeStaffMemberRequestSchema>;
export interface RemoveStaffMemberAnswer {
  /** False when they had no role in the festival. */
  removed: boolean;
}

/** Why a team callable refused (`failed-precondition`, `not-found` or `permission-denied`, as `details.reason`). */
export const STAFF_TEAM_REFUSALS = [
  /** No invite with that secret in this festival. */
  'invite-unknown',
  'invite-expired',
  'invite-revoked',
  /** Accepted by someone else (each invite works once). */
  'invite-used',
  /** The caller's account email is not the invited one. */
  'invite-wrong-email',
  /** The caller's email is not verified yet. */
  'email-unverified',
  /** A guest (anonymous) account, or one with no email. */
  'account-needed',
  /** The change would leave the festival without an admin. */
  'last-admin',
  /** No such person on the festival's staff. */
  'not-staff-member',
] as const;
export type StaffTeamRefusalReason = (typeof STAFF_TEAM_REFUSALS)[number];
