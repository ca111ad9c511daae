import { createHash, randomBytes } from 'node:crypto';
import { STAFF_INVITE_DAYS, type FestivalRole, type StaffInvite, type StaffTeamRefusalReason } from '@encore/model';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link's secret: 128 random bits, base64url (22 characters). Made here, never by a client. */
export function newInviteSecret(): string {
  return randomBytes(16).toString('base64url');
}

/** The invite's document id: the SHA-256 (hex) of its secret, so the stored invites never hold a usable link. */
export function inviteIdOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function inviteExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + STAFF_INVITE_DAYS * DAY_MS);
}

/** Emails are matched case-insensitively: stored and compared lower-cased. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Who is accepting, as their ID token says. */
export interface Accepter {
  uid: string;
  /** The token's `email`; undefined when the account has none. */
  email: string | undefined;
  emailVerified: boolean;
  anonymous: boolean;
}

export type StaffInviteVerdict =
  | { kind: 'accept' }
  /** This very person accepted it before: a retry, answered as a success with nothing written. */
  | { kind: 'already-accepted' }
  | { kind: 'refused'; reason: StaffTeamRefusalReason };

/**
 * Whether `accepter` may accept `invite` now. In this order: the same person's retry succeeds
 * (even once the invite has expired: they hold the role already); a used, revoked or expired
 * invite is refused whoever asks; then the account must be a real one whose verified email is
 * the invited one.
 */
export function judgeStaffInvite(invite: StaffInvite, accepter: Accepter, now: Date): StaffInviteVerdict {
  if (invite.acceptedBy !== null) return invite.acceptedBy === accepter.uid ? { kind: 'already-accepted' } : { kind: 'refused', reason: 'invite-used' };
  if (invite.revokedAt !== null) return { kind: 'refused', reason: 'invite-revoked' };
  if (now.getTime() >= invite.expiresAt.getTime()) return { kind: 'refused', reason: 'invite-expired' };
  if (accepter.anonymous || accepter.email === undefined) return { kind: 'refused', reason: 'account-needed' };
  if (normalEmail(accepter.email) !== normalEmail(invite.email)) return { kind: 'refused', reason: 'invite-wrong-email' };
  if (!accepter.emailVerified) return { kind: 'refused', reason: 'email-unverified' };
  return { kind: 'accept' };
}

/**
 * Whether giving `uid` the role `next` (null: removing them) leaves the festival an admin.
 * `admins` are the uids whose staff document says `admin` now.
 */
export function leavesAnAdmin(admins: readonly string[], uid: string, next: FestivalRole | null): boolean {
  if (next === 'admin') return true;
  return admins.some((admin) => admin !== uid);
}
