import { z } from 'zod';
import { slugIdSchema } from '../schemas/common.js';
import type { FestivalCapability } from '../access/staff-access.js';
import type { AuditEntry, AuditKind } from '../schemas/audit.js';

/**
 * The `undoChange` callable (functions/src/handlers/undo-change.ts, issue 36): sets back what
 * one import (every entry of its `batchId`) or one console edit (one entry) changed, in one
 * transaction, while nothing newer touched the same documents. `dryRun` answers what would
 * change back (or the refusal) and writes nothing: the console's confirm dialog asks it first.
 */
const auditIdSchema = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/, 'is not an audit entry or batch id');

export const undoChangeRequestSchema = z.union([
  z.object({ festivalId: slugIdSchema, batchId: auditIdSchema, dryRun: z.boolean().optional() }).strict(),
  z.object({ festivalId: slugIdSchema, entryId: auditIdSchema, dryRun: z.boolean().optional() }).strict(),
]);
export type UndoChangeRequest = z.infer<typeof undoChangeRequestSchema>;

export interface UndoChangeAnswer {
  /** How many documents of each kind change back (or changed back, for a call that was already done). */
  counts: Partial<Record<AuditKind, number>>;
  /** True when an earlier call undid it already: this one wrote nothing. */
  alreadyUndone: boolean;
  /** The batch id of the undo's own audit entries (null on a dry run). */
  undoBatchId: string | null;
  /** False on a dry run and when it was already undone. */
  written: boolean;
}

/** Why `undoChange` refused, as `details.reason` (`failed-precondition`, or `not-found` for `undo-unknown`). */
export const UNDO_REFUSALS = [
  /** No entry (or no batch) with that id in this festival. */
  'undo-unknown',
  /** A document changed after the entry: `details.blocking` names the newer change. */
  'undo-changed-since',
  /** The entry keeps only the changed fields, or none (`detail` is not `complete`): too big to set back whole. */
  'undo-incomplete',
  /** A kind undone elsewhere: team changes on the Team page, moderation in Moderation, a festival's creation never. */
  'undo-not-undoable',
  /** A stage delay: undone with the programme's "undo delay". */
  'undo-delay',
  /** One entry of an import: the import is undone as a whole (`batchId`). */
  'undo-part-of-batch',
] as const;
export type UndoRefusalReason = (typeof UNDO_REFUSALS)[number];

/** The newer change in the way (`details.blocking` of `undo-changed-since`). */
export const undoBlockingSchema = z.object({
  /** The document, relative to the festival (`performances/p1`). */
  document: z.string(),
  /** The newer entry about it, or null when the change left no entry (one of the app's own writes). */
  entryId: z.string().nullable(),
  kind: z.string().nullable(),
  label: z.string().nullable(),
  /** Who made the newer change (name, else email), or null. */
  by: z.string().nullable(),
  /** When (ISO 8601), or null. */
  at: z.string().nullable(),
});
export type UndoBlocking = z.infer<typeof undoBlockingSchema>;

/** What undoing a kind needs: the programme's own things need `programme`, announcements `announce`, the rest `manage`. */
const UNDO_CAPABILITY: Partial<Record<string, FestivalCapability>> = {
  stage: 'programme',
  artist: 'programme',
  performance: 'programme',
  'venue-map': 'programme',
  'info-page': 'programme',
  announcement: 'announce',
} satisfies Partial<Record<AuditKind, FestivalCapability>>;

/** The capability undoing an entry of this kind needs (`manage` for any kind not listed: the festival, suspensions...). */
export function undoCapability(kind: string): FestivalCapability {
  return UNDO_CAPABILITY[kind] ?? 'manage';
}

/**
 * Why an entry cannot be undone from History, or null when it can (the console hides its Undo). Team changes go through the
 * team's checks (never leaving a festival without an admin), a moderation entry keeps only the
 * photo's status (not the photo), and a festival is not un-created.
 */
export function whyNotUndoable(entry: Pick<AuditEntry, 'action' | 'detail'> & { kind: string }): UndoRefusalReason | null {
  // A stage delay (festivals/{f}/delays) is undone with the programme's "undo delay", which tells its fans once.
  if (entry.kind === 'delay') return 'undo-delay';
  if (entry.kind === 'staff' || entry.kind === 'invite' || entry.kind === 'moderation') return 'undo-not-undoable';
  if (entry.kind === 'festival' && entry.action === 'created') return 'undo-not-undoable';
  if (entry.detail !== 'complete') return 'undo-incomplete';
  return null;
}
