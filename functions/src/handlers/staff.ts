import { z } from 'zod';
import {
  artistSchema,
  documentIdSchema,
  firestorePaths,
  moderationEntrySchema,
  performanceSchema,
  photoSchema,
  reportSchema,
  slugIdSchema,
  stageSchema,
  type Moderator,
} from '@encore/model';
import { recordDecision, staffTransition } from '../domain/moderation.js';
import type { ImportPreviewRow, ImportResult } from '@encore/model';
import { parseProgramme, type ImportedPerformance } from '../domain/programme-import.js';
import { logs } from '../logs.js';
import { auditEntryWrites, callableAudit } from './audit-trail.js';
import type { AuditWrite } from '../domain/audit.js';
import type { Deps } from './deps.js';
import { RequestError, requireFestivalRole, requireOpenFestival, requireSignedIn, type Caller } from './request-error.js';

function parseInput<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw new RequestError('invalid-argument', result.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; '));
  return result.data;
}

const moderateInput = z.object({ festivalId: slugIdSchema, photoId: documentIdSchema, action: z.enum(['hide', 'restore']) }).strict();

/** The ID-token claims that name a person (both optional; other claims pass). */
const namingClaims = z.object({ name: z.string().min(1).optional().catch(undefined), email: z.string().min(1).optional().catch(undefined) });

/** Who the caller is, for the moderation entry: their token's name or email, as staff know them. */
function moderatorOf(caller: Caller): Moderator {
  const { name, email } = namingClaims.parse(caller.token);
  return { uid: caller.uid, name: (name ?? email)?.slice(0, 200) ?? null };
}

/**
 * The festival's moderators (and admins) hide a visible photo or restore a hidden one (the only way they can: the rules
 * leave a photo's status to functions), and the decision is recorded on the photo's
 * moderation entry with who took it and when.
 */
export async function handleModeratePhoto(deps: Pick<Deps, 'docs' | 'now' | 'random'>, caller: Caller | undefined, data: unknown): Promise<{ status: string }> {
  requireSignedIn(caller);
  const { festivalId, photoId, action } = parseInput(moderateInput, data);
  const staff = await requireFestivalRole(deps, caller, festivalId, 'moderate');
  await requireOpenFestival(deps, festivalId);
  const photoPath = firestorePaths.photo(festivalId, photoId);
  const entryPath = firestorePaths.moderationEntry(festivalId, photoId);
  const now = deps.now();
  const status = await deps.docs.transaction(async (tx) => {
    const [photo, entry] = await tx.getAll([
      [photoPath, photoSchema],
      [entryPath, moderationEntrySchema],
    ]);
    if (!photo) throw new RequestError('not-found', 'No such photo.');
    const next = staffTransition(photo.status, action);
    if (!next) throw new RequestError('failed-precondition', `A ${photo.status} photo cannot be ${action === 'hide' ? 'hidden' : 'restored'}.`);
    tx.set(photoPath, { status: next, updatedAt: now }, { merge: true });
    tx.set(entryPath, recordDecision(entry, photoId, action, moderatorOf(staff), now));
    // The trail keeps the decision as the photo's status before and after (what an undo sets back).
    const audit = callableAudit(deps, festivalId, staff, 'moderatePhoto');
    const decision = { kind: 'moderation', document: `photos/${photoId}`, before: { status: photo.status }, after: { status: next }, label: null } as const;
    for (const [path, auditEntry] of auditEntryWrites(audit, [decision])) tx.set(path, auditEntry);
    return next;
  });
  logs.staffModerated({ festivalId, photoId, action, by: staff.uid });
  if (action === 'restore') await refuteReporters(deps, festivalId, photoId, staff.uid, now);
  return { status };
}

/**
 * Staff restored a photo: every reporter whose report counted towards hiding it was wrong,
 * and their reports no longer count towards hiding anything (`hidingWeight`: `refuted`). A
 * record per person, set (not added to), so a retried restore changes nothing more.
 */
async function refuteReporters(deps: Pick<Deps, 'docs'>, festivalId: string, photoId: string, by: string, now: Date): Promise<void> {
  const counted = await deps.docs.query(
    { collection: firestorePaths.reports(festivalId), where: [['photoId', '==', photoId], ['trustedReporter', '==', true]] },
    reportSchema,
  );
  if (counted.length === 0) return;
  await deps.docs.transaction(async (tx) => {
    for (const { data } of counted) tx.set(firestorePaths.reporterRecord(data.reporterUid), { refutedAt: now, refutedOn: `${festivalId}/${photoId}`, refutedBy: by });
  });
  logs.reportersRefuted({ festivalId, photoId, reporters: counted.length, by });
}

const importInput = z
  .object({
    festivalId: slugIdSchema,
    format: z.enum(['csv', 'json']),
    content: z.string().min(1).max(2_000_000),
    /** Validate only: report the errors, write nothing. */
    dryRun: z.boolean().optional(),
    /** The organiser's decisions from the check (ImportDecisions): near names taken as existing ones, new stages confirmed. */
    use: z
      .object({ artists: z.record(z.string().max(200), slugIdSchema).optional(), stages: z.record(z.string().max(200), slugIdSchema).optional() })
      .strict()
      .optional(),
    createStages: z.array(z.string().max(200)).max(200).optional(),
  })
  .strict();

/**
 * The festival's programme staff (and admins) import a programme by names (domain/programme-import.ts): every row read
 * against the festival's days, artists, stages and sets, every bad row reported with its
 * cell, nothing written unless every row is good. `dryRun` answers with the check: each row
 * as read (new, moved, changed or unchanged) and the artists and stages it would create.
 * Importing writes only what changes: the same file again writes nothing, and an updated
 * file moves sets (keeping their ids, counts and fans) rather than adding them twice.
 */
export async function handleImportProgramme(deps: Pick<Deps, 'docs' | 'now' | 'random'>, caller: Caller | undefined, data: unknown): Promise<ImportResult> {
  requireSignedIn(caller);
  const input = parseInput(importInput, data);
  const staff = await requireFestivalRole(deps, caller, input.festivalId, 'programme');
  const festival = await requireOpenFestival(deps, input.festivalId);
  const [artists, stages, performances] = await Promise.all([
    deps.docs.query({ collection: firestorePaths.artists(input.festivalId) }, artistSchema),
    deps.docs.query({ collection: firestorePaths.stages(input.festivalId) }, stageSchema),
    deps.docs.query({ collection: firestorePaths.performances(input.festivalId) }, performanceSchema),
  ]);
  const parsed = parseProgramme(input.format, input.content, {
    festival,
    artists: artists.map((artist) => ({ id: artist.id, name: artist.data.name })),
    stages: stages.map((stage) => ({ id: stage.id, name: stage.data.name })),
    performances: performances.map((set) => ({ id: set.id, performance: set.data })),
    use: input.use,
  });
  const { rows, errors, newArtists, newStages } = parsed;
  const stageNames = new Map(stages.map((stage) => [stage.id, stage.data.name]));
  const counts = {
    created: rows.filter((row) => row.change === 'new').length,
    updated: rows.filter((row) => row.change === 'moved' || row.change === 'changed').length,
    unchanged: rows.filter((row) => row.change === 'unchanged').length,
  };
  const answer = { imported: rows.length, errors, ...counts, newArtists, newStages };
  if (errors.length > 0 || input.dryRun) return { ...answer, written: false, preview: rows.map((row) => previewOf(row, stageNames)) };
  // A stage is made from a file only when the organiser confirmed it in the check: a typo never becomes a stage.
  const unconfirmed = newStages.filter((stage) => !input.createStages?.includes(stage.id));
  if (unconfirmed.length > 0) {
    throw new RequestError('failed-precondition', `Confirm the new stages first: ${unconfirmed.map((stage) => stage.name).join(', ')}.`, 'unconfirmed-stages');
  }

  // New artists and stages first (the sets name them), then the sets that change. Each batch
  // carries the audit entries of its own writes (one call, one batchId), so what committed is
  // what the festival's history says; half a batch each, to stay under 500 writes.
  const audit = callableAudit(deps, input.festivalId, staff, 'importProgramme');
  const nextOrder = Math.max(-1, ...stages.map((stage) => stage.data.order)) + 1;
  const before = new Map(performances.map((set) => [set.id, set.data as Record<string, unknown>]));
  type Write = { path: string; doc: Record<string, unknown>; merge: boolean; audited: AuditWrite };
  const names: Write[] = [
    ...newArtists.map((artist) => {
      const doc = { name: artist.name, bio: '', genres: [] };
      return { path: firestorePaths.artist(input.festivalId, artist.id), doc, merge: true, audited: { kind: 'artist', document: `artists/${artist.id}`, before: null, after: doc } } satisfies Write;
    }),
    ...newStages.map((stage, index) => {
      const doc = { name: stage.name, order: Math.min(999, nextOrder + index) };
      return { path: firestorePaths.stage(input.festivalId, stage.id), doc, merge: true, audited: { kind: 'stage', document: `stages/${stage.id}`, before: null, after: doc } } satisfies Write;
    }),
  ];
  // The whole set as the file gives it, with what its columns leave out kept (domain). No counts: live
  // figures are published apart (festivals/{f}/live/sets), and a legacy count goes with the rewrite.
  const sets: Write[] = rows
    .filter((row) => row.change !== 'unchanged')
    .map((row) => ({
      path: firestorePaths.performance(input.festivalId, row.performanceId),
      doc: row.performance,
      merge: false,
      audited: { kind: 'performance', document: `performances/${row.performanceId}`, before: before.get(row.performanceId) ?? null, after: row.performance, label: row.artistName },
    }));
  for (const group of [names, sets]) {
    for (let start = 0; start < group.length; start += 200) {
      const slice = group.slice(start, start + 200);
      const firstIndex = (group === sets ? names.length : 0) + start;
      const entries = auditEntryWrites(audit, slice.map((write) => write.audited), firstIndex);
      await deps.docs.batch((batch) => {
        slice.forEach((write) => batch.set(write.path, write.doc, { merge: write.merge }));
        entries.forEach(([path, entry]) => batch.set(path, entry));
      });
    }
  }
  logs.programmeImported({ festivalId: input.festivalId, rows: rows.length, created: counts.created, by: staff.uid });
  return { ...answer, written: true, preview: [] };
}

function previewOf({ line, performanceId, performance, artistName, stageName, change, before, overlaps }: ImportedPerformance, stageNames: ReadonlyMap<string, string>): ImportPreviewRow {
  return {
    line,
    performanceId,
    artistId: performance.artistId,
    artistName,
    stageId: performance.stageId,
    stageName,
    startsAt: performance.startsAt.toISOString(),
    endsAt: performance.endsAt.toISOString(),
    status: performance.status,
    title: performance.title ?? null,
    exists: change !== 'new',
    change,
    before: before
      ? {
          stageId: before.performance.stageId,
          stageName: stageNames.get(before.performance.stageId) ?? before.performance.stageId,
          startsAt: before.performance.startsAt.toISOString(),
          endsAt: before.performance.endsAt.toISOString(),
          status: before.performance.status,
          title: before.performance.title ?? null,
        }
      : null,
    overlaps,
  };
}
