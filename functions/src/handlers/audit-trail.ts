import { z } from 'zod';
import { artistSchema, auditEntrySchema, festivalStaffSchema, firestorePaths, stageSchema, type AuditActor, type AuditEntry } from '@encore/model';
import { actorOf, buildAuditEntry, callableBatchId, changedFields, consoleEntryId, type AuditWrite } from '../domain/audit.js';
import type { DocData } from '../platform/docs.js';
import type { Deps } from './deps.js';
import type { Caller } from './request-error.js';

/**
 * The festival's audit trail (issue 35; data contract `auditEntrySchema`): the two ways an
 * entry is written. Staff's own writes from the console come as Firestore events with auth
 * context (`recordConsoleWrite`); a callable that changes the festival with the Admin SDK
 * adds its entries to its own transaction or batch (`auditEntryWrites`), so the change and
 * its record commit together.
 */

/** The auth context Firestore gives an `onDocument*WithAuthContext` event. */
export interface WriteEvent {
  id: string;
  /** The event's time (ISO 8601): when the write happened. */
  time: string;
  authType: string;
  authId?: string;
}

export interface ConsoleWrite {
  festivalId: string;
  kind: AuditWrite['kind'];
  document: string;
  before: DocData | undefined;
  after: DocData | undefined;
}

type TrailDeps = Pick<Deps, 'docs' | 'accounts'>;

/**
 * Records a person's write to the festival (the event's `authType` is `app_user`). Functions'
 * own writes (service accounts) are not staff edits, or their callable recorded them. The
 * entry's id comes from the event's, created only if absent: a redelivered event adds
 * nothing. A write that changed no field is not recorded. Resolves whether it wrote an entry.
 */
export async function recordConsoleWrite(deps: TrailDeps, event: WriteEvent, write: ConsoleWrite): Promise<boolean> {
  if (event.authType !== 'app_user' || !event.authId) return false;
  const before = write.before ?? null;
  const after = write.after ?? null;
  if (changedFields(before, after).length === 0) return false;
  const path = firestorePaths.auditEntry(write.festivalId, consoleEntryId(event.id));
  if (await deps.docs.get(path, auditEntrySchema)) return false;
  const [actor, label] = await Promise.all([lookUpActor(deps, write.festivalId, event.authId), labelOfWrite(deps, write)]);
  const entry = buildAuditEntry(
    { kind: write.kind, document: write.document, before, after, ...(label !== undefined ? { label } : {}) },
    { at: new Date(event.time), actor, via: 'console' },
  );
  if (!entry) return false;
  return deps.docs.transaction(async (tx) => {
    if (await tx.get(path, auditEntrySchema)) return false;
    tx.create(path, entry);
    return true;
  });
}

/** The actor, named by their staff document in this festival, else by their Auth account (a project admin may have no staff document). */
async function lookUpActor(deps: TrailDeps, festivalId: string, uid: string): Promise<AuditActor> {
  const staff = await deps.docs.get(firestorePaths.festivalStaffMember(festivalId, uid), festivalStaffSchema);
  const account = staff?.email && staff.name ? null : await deps.accounts.find(uid);
  return actorOf(uid, staff, account);
}

const artistRef = z.object({ artistId: z.string().min(1) }).loose();

const delayRef = z.object({ stageId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/), minutes: z.number().int() }).loose();

/**
 * A set is named by its artist, a stage delay by its stage and minutes ("Main Stage +20 min"),
 * each read once; anything else by its own data (undefined: the entry builder decides).
 */
async function labelOfWrite(deps: TrailDeps, write: ConsoleWrite): Promise<string | null | undefined> {
  if (write.kind === 'delay') {
    const delay = delayRef.safeParse(write.after ?? write.before);
    if (!delay.success) return null;
    const stage = await deps.docs.get(firestorePaths.stage(write.festivalId, delay.data.stageId), stageSchema);
    return `${stage?.name ?? delay.data.stageId} +${delay.data.minutes} min`;
  }
  if (write.kind !== 'performance') return undefined;
  const set = artistRef.safeParse(write.after ?? write.before);
  if (!set.success || !/^[a-z0-9][a-z0-9-]{0,79}$/.test(set.data.artistId)) return null;
  const artist = await deps.docs.get(firestorePaths.artist(write.festivalId, set.data.artistId), artistSchema);
  return artist?.name ?? null;
}

/** The ID-token claims that name a caller (others pass). */
const namingClaims = z.object({ name: z.string().min(1).optional().catch(undefined), email: z.string().min(1).optional().catch(undefined) });

/** A callable's caller as an actor: their token names them (no lookup). */
export function callerActor(caller: Caller): AuditActor {
  const { name, email } = namingClaims.parse(caller.token);
  return actorOf(caller.uid, undefined, { ...(email ? { email } : {}), ...(name ? { displayName: name } : {}) });
}

/** One callable call's context: who, when, which callable, and the batch id its entries share. */
export interface CallableAudit {
  festivalId: string;
  actor: AuditActor;
  at: Date;
  via: string;
  batchId: string;
}

export function callableAudit(deps: Pick<Deps, 'now' | 'random'>, festivalId: string, caller: Caller, via: string): CallableAudit {
  const at = deps.now();
  return { festivalId, actor: callerActor(caller), at, via, batchId: callableBatchId(via, at, deps.random) };
}

/**
 * The entries (path and data) for a callable's writes, to set in the same transaction or
 * batch as the writes themselves: entry `n` is `{batchId}-{n}` (`firstIndex` + its place, for
 * a call that commits in several batches). Writes that change nothing get no entry.
 */
export function auditEntryWrites(audit: CallableAudit, writes: readonly AuditWrite[], firstIndex = 0): Array<[path: string, entry: AuditEntry]> {
  return writes.flatMap((write, index) => {
    const entry = buildAuditEntry(write, { at: audit.at, actor: audit.actor, via: audit.via, batchId: audit.batchId });
    return entry ? [[firestorePaths.auditEntry(audit.festivalId, `${audit.batchId}-${firstIndex + index}`), entry] as [string, AuditEntry]] : [];
  });
}
