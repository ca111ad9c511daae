import { z } from 'zod';
import {
  acceptStaffInviteRequestSchema,
  festivalStaffSchema,
  firestorePaths,
  inviteStaffRequestSchema,
  removeStaffMemberRequestSchema,
  revokeStaffInviteRequestSchema,
  setStaffRoleRequestSchema,
  staffInviteSchema,
  type AcceptStaffInviteAnswer,
  type FestivalRole,
  type InviteStaffAnswer,
  type RemoveStaffMemberAnswer,
  type RevokeStaffInviteAnswer,
  type SetStaffRoleAnswer,
  type StaffTeamRefusalReason,
} from '@encore/model';
import { inviteExpiresAt, inviteIdOf, judgeStaffInvite, leavesAnAdmin, newInviteSecret } from '../domain/staff-invites.js';
import type { DocTransaction } from '../platform/docs.js';
import { auditEntryWrites, callableAudit, type CallableAudit } from './audit-trail.js';
import type { Deps } from './deps.js';
import { RequestError, requireFestivalRole, requireOpenFestival, requireSignedIn, type Caller } from './request-error.js';

type TeamDeps = Pick<Deps, 'docs' | 'now' | 'random'>;

/** A refusal the app words itself (`details.reason`). */
export class StaffTeamRefusal extends RequestError {
  constructor(
    code: 'failed-precondition' | 'not-found',
    message: string,
    readonly teamReason: StaffTeamRefusalReason,
  ) {
    super(code, message, teamReason);
  }
}

const REFUSALS: Record<StaffTeamRefusalReason, string> = {
  'invite-unknown': 'This invite does not exist. Ask the festival admin for a new link.',
  'invite-expired': 'This invite has expired (invites last 7 days). Ask the festival admin for a new one.',
  'invite-revoked': 'This invite was withdrawn. Ask the festival admin for a new one.',
  'invite-used': 'This invite was already used: each works once. Ask the festival admin for a new one.',
  'invite-wrong-email': 'This invite is for another email address. Sign in with the address it was sent to.',
  'email-unverified': 'Verify your email address first (on the Account page), then accept again.',
  'account-needed': 'Sign in with the email address the invite is for (not as a guest).',
  'last-admin': 'A festival needs at least one admin: make someone else admin first.',
  'not-staff-member': 'This person has no role in this festival.',
};

function refuse(reason: StaffTeamRefusalReason): never {
  const code = reason === 'invite-unknown' || reason === 'not-staff-member' ? 'not-found' : 'failed-precondition';
  throw new StaffTeamRefusal(code, REFUSALS[reason], reason);
}

function parseRequest<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** The ID-token claims this file reads (others pass). */
const tokenClaims = z.object({
  email: z.string().optional().catch(undefined),
  email_verified: z.boolean().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  firebase: z
    .object({ sign_in_provider: z.string().optional().catch(undefined), sign_in_second_factor: z.string().optional().catch(undefined) })
    .catch({})
    .optional(),
});

/** Adds the audit entries of a team change to its transaction (they commit, or not, with it). */
function record(tx: DocTransaction, audit: CallableAudit, writes: Parameters<typeof auditEntryWrites>[1]): void {
  for (const [path, entry] of auditEntryWrites(audit, writes)) tx.set(path, entry);
}

/** The uids whose staff document in the festival says `admin`, read in the transaction. */
async function adminsOf(tx: DocTransaction, festivalId: string): Promise<string[]> {
  const admins = await tx.query({ collection: firestorePaths.festivalStaff(festivalId), where: [['role', '==', 'admin']] }, festivalStaffSchema);
  return admins.map((admin) => admin.id);
}

/**
 * `inviteStaff`: a single-use invite for one email and one role, good for 7 days. The secret
 * is made here and answered once; only its SHA-256 is stored (as the invite's id).
 */
export async function handleInviteStaff(deps: TeamDeps, caller: Caller | undefined, data: unknown): Promise<InviteStaffAnswer> {
  // Signed in first, as every callable asks: a stranger learns nothing of the request's shape.
  requireSignedIn(caller);
  const { festivalId, email, role } = parseRequest(inviteStaffRequestSchema, data);
  const admin = await requireFestivalRole(deps, caller, festivalId, 'manage');
  await requireOpenFestival(deps, festivalId);
  const secret = newInviteSecret();
  const inviteId = inviteIdOf(secret);
  const now = deps.now();
  const expiresAt = inviteExpiresAt(now);
  const invite = { email, role, createdBy: admin.uid, createdAt: now, expiresAt, acceptedBy: null, acceptedAt: null, revokedAt: null };
  await deps.docs.transaction(async (tx) => {
    tx.create(firestorePaths.staffInvite(festivalId, inviteId), invite);
    record(tx, callableAudit(deps, festivalId, admin, 'inviteStaff'), [{ kind: 'invite', document: `staffInvites/${inviteId}`, before: null, after: invite }]);
  });
  return { inviteId, secret, expiresAt: expiresAt.toISOString() };
}

/** `revokeStaffInvite`: an invite not yet accepted can no longer be; revoking again changes nothing. */
export async function handleRevokeStaffInvite(deps: TeamDeps, caller: Caller | undefined, data: unknown): Promise<RevokeStaffInviteAnswer> {
  // Signed in first, as every callable asks: a stranger learns nothing of the request's shape.
  requireSignedIn(caller);
  const { festivalId, inviteId } = parseRequest(revokeStaffInviteRequestSchema, data);
  const admin = await requireFestivalRole(deps, caller, festivalId, 'manage');
  const path = firestorePaths.staffInvite(festivalId, inviteId);
  return deps.docs.transaction(async (tx) => {
    const invite = await tx.get(path, staffInviteSchema);
    if (!invite) refuse('invite-unknown');
    if (invite.acceptedBy !== null) refuse('invite-used');
    if (invite.revokedAt !== null) return { revoked: false };
    const revoked = { ...invite, revokedAt: deps.now() };
    tx.set(path, revoked);
    record(tx, callableAudit(deps, festivalId, admin, 'revokeStaffInvite'), [{ kind: 'invite', document: `staffInvites/${inviteId}`, before: invite, after: revoked }]);
    return { revoked: true };
  });
}

/**
 * `acceptStaffInvite`: the invited person, signed in (not as a guest) with the invited email,
 * verified. One transaction marks the invite accepted and gives the role
 * (`festivals/{f}/staff/{uid}`, added by the inviter), so two people racing for one link end
 * with one role. A retry by the same person answers success and writes nothing. Staff rights
 * still need a second factor: the app sends them to enrol one.
 */
export async function handleAcceptStaffInvite(deps: TeamDeps, caller: Caller | undefined, data: unknown): Promise<AcceptStaffInviteAnswer> {
  const person = requireSignedIn(caller);
  const { festivalId, secret } = parseRequest(acceptStaffInviteRequestSchema, data);
  const claims = tokenClaims.parse(person.token);
  const accepter = {
    uid: person.uid,
    email: claims.email,
    emailVerified: claims.email_verified === true,
    anonymous: claims.firebase?.sign_in_provider === 'anonymous',
  };
  const invitePath = firestorePaths.staffInvite(festivalId, inviteIdOf(secret));
  const staffPath = firestorePaths.festivalStaffMember(festivalId, person.uid);
  const now = deps.now();
  return deps.docs.transaction(async (tx) => {
    const invite = await tx.get(invitePath, staffInviteSchema);
    if (!invite) refuse('invite-unknown');
    const verdict = judgeStaffInvite(invite, accepter, now);
    if (verdict.kind === 'refused') refuse(verdict.reason);
    if (verdict.kind === 'already-accepted') return { role: invite.role };
    const current = await tx.get(staffPath, festivalStaffSchema);
    // An admin accepting an invite for a lesser role must not leave the festival without an admin.
    if (current?.role === 'admin' && !leavesAnAdmin(await adminsOf(tx, festivalId), person.uid, invite.role)) refuse('last-admin');
    const accepted = { ...invite, acceptedBy: person.uid, acceptedAt: now };
    const member = {
      role: invite.role,
      email: invite.email,
      ...(claims.name ? { name: claims.name.slice(0, 200) } : current?.name ? { name: current.name } : {}),
      addedAt: now,
      addedBy: invite.createdBy,
    };
    tx.set(invitePath, accepted);
    tx.set(staffPath, member);
    record(tx, callableAudit(deps, festivalId, person, 'acceptStaffInvite'), [
      { kind: 'invite', document: `staffInvites/${inviteIdOf(secret)}`, before: invite, after: accepted },
      { kind: 'staff', document: `staff/${person.uid}`, before: current ?? null, after: member },
    ]);
    return { role: invite.role };
  });
}

/** Changes the festival's staff in one transaction, refusing what would leave it without an admin. */
async function changeMember(deps: TeamDeps, festivalId: string, uid: string, next: FestivalRole | null, audit: CallableAudit): Promise<boolean> {
  const path = firestorePaths.festivalStaffMember(festivalId, uid);
  return deps.docs.transaction(async (tx) => {
    const member = await tx.get(path, festivalStaffSchema);
    if (!member) {
      if (next === null) return false;
      refuse('not-staff-member');
    }
    if (member.role === next) return false;
    if (member.role === 'admin' && !leavesAnAdmin(await adminsOf(tx, festivalId), uid, next)) refuse('last-admin');
    const after = next === null ? null : { ...member, role: next };
    if (after) tx.set(path, after);
    else tx.delete(path);
    record(tx, audit, [{ kind: 'staff', document: `staff/${uid}`, before: member, after }]);
    return true;
  });
}

/** `setStaffRole`: another role for someone on the festival's staff (never demoting its last admin). */
export async function handleSetStaffRole(deps: TeamDeps, caller: Caller | undefined, data: unknown): Promise<SetStaffRoleAnswer> {
  // Signed in first, as every callable asks: a stranger learns nothing of the request's shape.
  requireSignedIn(caller);
  const { festivalId, uid, role } = parseRequest(setStaffRoleRequestSchema, data);
  const admin = await requireFestivalRole(deps, caller, festivalId, 'manage');
  return { changed: await changeMember(deps, festivalId, uid, role, callableAudit(deps, festivalId, admin, 'setStaffRole')) };
}

/** `removeStaffMember`: someone's role goes (never the last admin's); removing again answers `removed: false`. */
export async function handleRemoveStaffMember(deps: TeamDeps, caller: Caller | undefined, data: unknown): Promise<RemoveStaffMemberAnswer> {
  // Signed in first, as every callable asks: a stranger learns nothing of the request's shape.
  requireSignedIn(caller);
  const { festivalId, uid } = parseRequest(removeStaffMemberRequestSchema, data);
  const admin = await requireFestivalRole(deps, caller, festivalId, 'manage');
  return { removed: await changeMember(deps, festivalId, uid, null, callableAudit(deps, festivalId, admin, 'removeStaffMember')) };
}
