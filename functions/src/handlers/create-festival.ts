import { z } from 'zod';
import { contrastProblems, createFestivalInputSchema, festivalSchema, festivalStaffSchema, firestorePaths, type CreateFestivalResult, type FestivalStaff } from '@encore/model';
import { describeContrastProblems, isRetryOfCreation } from '../domain/new-festival.js';
import { logs } from '../logs.js';
import { auditEntryWrites, callableAudit } from './audit-trail.js';
import type { Deps } from './deps.js';
import { RequestError, requireProjectAdmin, type Caller } from './request-error.js';

/** The ID-token claims that name a person (both optional; other claims pass). */
const namingClaims = z.object({ name: z.string().min(1).optional().catch(undefined), email: z.string().min(1).optional().catch(undefined) });

/** The staff document that makes whoever creates a festival (or an edition of one) its admin, named from their token. */
export function creatorStaff(admin: Caller, now: Date): FestivalStaff {
  const { name, email } = namingClaims.parse(admin.token);
  return {
    role: 'admin',
    ...(email ? { email: email.slice(0, 320) } : {}),
    ...(name ? { name: name.slice(0, 200) } : {}),
    addedAt: now,
    addedBy: admin.uid,
  };
}

/**
 * `createFestival` (issue 35): a project admin signed in with a second factor creates
 * `festivals/{festivalId}` and becomes its admin (`festivals/{f}/staff/{uid}`), both in one
 * transaction. Refused with `invalid-argument` naming each field the schema or the colour
 * check (`contrastProblems`) refuses, and `already-exists` when the id is taken: except by
 * the same creator's retry of a call whose answer was lost (the stored festival exactly the
 * one asked for), which answers success again and writes nothing.
 */
export async function handleCreateFestival(deps: Pick<Deps, 'docs' | 'now' | 'random'>, caller: Caller | undefined, data: unknown): Promise<CreateFestivalResult> {
  const admin = requireProjectAdmin(caller);
  const parsed = createFestivalInputSchema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; '));
  const { festivalId, festival } = parsed.data;
  const colourProblems = festival.colours ? describeContrastProblems(contrastProblems(festival.colours)) : [];
  if (colourProblems.length > 0) throw new RequestError('invalid-argument', colourProblems.join('; '));

  const festivalPath = firestorePaths.festival(festivalId);
  const staffPath = firestorePaths.festivalStaffMember(festivalId, admin.uid);
  const creator = creatorStaff(admin, deps.now());
  const created = await deps.docs.transaction(async (tx) => {
    const [stored, storedStaff] = await tx.getAll([
      [festivalPath, festivalSchema],
      [staffPath, festivalStaffSchema],
    ]);
    if (stored) {
      if (isRetryOfCreation(admin.uid, festival, stored, storedStaff)) return false;
      throw new RequestError('already-exists', `The address ${festivalId} is taken: choose another.`);
    }
    tx.create(festivalPath, festival);
    tx.set(staffPath, creator);
    // The festival's history starts with its creation (and its first admin), by the creator.
    const audit = callableAudit(deps, festivalId, admin, 'createFestival');
    const entries = auditEntryWrites(audit, [
      { kind: 'festival', document: '', before: null, after: festival },
      { kind: 'staff', document: `staff/${admin.uid}`, before: null, after: creator },
    ]);
    for (const [path, entry] of entries) tx.set(path, entry);
    return true;
  });
  logs.festivalCreated({ festivalId, by: admin.uid, retried: !created });
  return { festivalId };
}
