import { z } from 'zod';
import {
  auditEntrySchema,
  firestorePaths,
  undoChangeRequestSchema,
  type AuditEntry,
  type UndoBlocking,
  type UndoChangeAnswer,
  type UndoChangeRequest,
  type UndoRefusalReason,
  whyNotUndoable,
} from '@encore/model';
import { capabilitiesFor, newestOtherEntry, planUndo, type UndoTarget } from '../domain/undo.js';
import type { DocTransaction } from '../platform/docs.js';
import { logs } from '../logs.js';
import { auditEntryWrites, callableAudit } from './audit-trail.js';
import type { Deps } from './deps.js';
import { RequestError, requireFestivalRole, requireOpenFestival, requireSignedIn, type Caller } from './request-error.js';

/**
 * `undoChange` (issue 36; model `undoChangeRequestSchema`, data contract "festivals/{f}/audit"):
 * sets back what one import or one console edit changed, in one transaction, while every
 * document is still exactly as that change left it. The documents go back to their `before`
 * (created ones are deleted, deleted ones recreated), the undo records its own entries (`via:
 * undoChange`, a new batch) and marks the undone entries `undone`: a retry finds them marked,
 * answers success and writes nothing. The undo's writes are the Admin SDK's, so the
 * performance trigger tells each fan once about a set it moves back, as for any staff move.
 */

type UndoDeps = Pick<Deps, 'docs' | 'now' | 'random'>;

/** A refusal the console words itself (`details.reason`), with the newer change in the way. */
export class UndoRefusal extends RequestError {
  constructor(
    readonly undoReason: UndoRefusalReason,
    message: string,
    readonly blocking: UndoBlocking | null = null,
  ) {
    super(undoReason === 'undo-unknown' ? 'not-found' : 'failed-precondition', message, undoReason);
  }
}

const MESSAGES: Record<Exclude<UndoRefusalReason, 'undo-changed-since'>, string> = {
  'undo-unknown': 'There is no such change in this festival’s history.',
  'undo-incomplete': 'This change was too big to keep whole in the history, so it cannot be undone.',
  'undo-not-undoable': 'This kind of change is not undone from History: change team roles on the Team page and photos in Moderation.',
  'undo-delay': 'This is a stage delay: undo it with “Undo delay” on the programme.',
  'undo-part-of-batch': 'This change was made together with others (an import, or an undo): undo them together.',
};

const refuse = (reason: Exclude<UndoRefusalReason, 'undo-changed-since'>): never => {
  throw new UndoRefusal(reason, MESSAGES[reason]);
};

/** Any stored document, as it is (timestamps as Dates). */
const anyDocument = z.record(z.string(), z.unknown());
/** An entry's kind as stored, before the entry is read whole: a kind this version does not know (another's `delay`) is named, not a schema error. */
const storedKind = z.object({ kind: z.string() }).loose();

function parseRequest(data: unknown): UndoChangeRequest {
  const parsed = undoChangeRequestSchema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`).join('; '));
  return parsed.data;
}

/** The entries the request names, read in the transaction: a batch's every entry, or one entry outside any batch. */
async function readTargets(tx: Pick<DocTransaction, 'get' | 'query'>, request: UndoChangeRequest): Promise<UndoTarget[]> {
  const { festivalId } = request;
  const found =
    'batchId' in request
      ? await tx.query({ collection: firestorePaths.auditEntries(festivalId), where: [['batchId', '==', request.batchId]] }, storedKind)
      : await tx.get(firestorePaths.auditEntry(festivalId, request.entryId), storedKind).then((data) => (data ? [{ id: request.entryId, path: '', data }] : []));
  if (found.length === 0) refuse('undo-unknown');
  if (found.some((raw) => raw.data.kind === 'delay')) refuse('undo-delay');
  const targets = found.map((raw) => ({ id: raw.id, entry: auditEntrySchema.parse(raw.data) }));
  if ('entryId' in request && targets[0]!.entry.batchId) refuse('undo-part-of-batch');
  for (const { entry } of targets) {
    const reason = whyNotUndoable(entry);
    if (reason) refuse(reason as Exclude<UndoRefusalReason, 'undo-changed-since'>);
  }
  return targets;
}

/** The newer change in the way of undoing `document`: its newest entry not being undone, or none (a write with no entry). */
async function blockingChange(tx: DocTransaction, festivalId: string, document: string, undoing: readonly UndoTarget[]): Promise<UndoBlocking> {
  const about = await tx.query({ collection: firestorePaths.auditEntries(festivalId), where: [['document', '==', document]] }, anyDocument);
  const parsed = about.flatMap((found) => {
    const entry = auditEntrySchema.safeParse(found.data);
    return entry.success ? [{ id: found.id, entry: entry.data }] : [];
  });
  const newer = newestOtherEntry(parsed, new Set(undoing.map((target) => target.id)));
  return {
    document,
    entryId: newer?.id ?? null,
    kind: newer?.entry.kind ?? null,
    label: newer?.entry.label ?? null,
    by: newer ? (newer.entry.actor.name ?? newer.entry.actor.email) : null,
    at: newer?.entry.at.toISOString() ?? null,
  };
}

function changedSinceMessage(blocking: UndoBlocking): string {
  const what = blocking.label ? `“${blocking.label}” (${blocking.document})` : blocking.document;
  if (!blocking.entryId) return `${what} changed after this and the change is not in the history: it cannot be undone.`;
  return `${what} was changed after this by ${blocking.by ?? 'a staff member'} at ${blocking.at}: undo that change first, or change it by hand.`;
}

/** An entry's `document` (relative to the festival; `''` for the festival itself) as a full path. */
const pathOf = (festivalId: string, document: string) => (document === '' ? firestorePaths.festival(festivalId) : `${firestorePaths.festival(festivalId)}/${document}`);

const countsOf = (entries: readonly AuditEntry[]) =>
  entries.reduce<UndoChangeAnswer['counts']>((counts, entry) => ({ ...counts, [entry.kind]: (counts[entry.kind] ?? 0) + 1 }), {});

export async function handleUndoChange(deps: UndoDeps, caller: Caller | undefined, data: unknown): Promise<UndoChangeAnswer> {
  // Signed in first, as every callable asks: a stranger learns nothing of the request's shape.
  requireSignedIn(caller);
  const request = parseRequest(data);
  const { festivalId } = request;
  // Reading the history needs `programme` (as the rules); then each kind's own capability.
  const staff = await requireFestivalRole(deps, caller, festivalId, 'programme');
  const preview = await readTargets(deps.docs, request);
  for (const capability of capabilitiesFor(preview.map((target) => target.entry))) await requireFestivalRole(deps, caller, festivalId, capability);
  if (!request.dryRun) await requireOpenFestival(deps, festivalId);

  const audit = callableAudit(deps, festivalId, staff, 'undoChange');
  const answer = await deps.docs.transaction(async (tx): Promise<UndoChangeAnswer> => {
    const targets = await readTargets(tx, request);
    const undone = targets.find((target) => target.entry.undone)?.entry.undone;
    if (undone) return { counts: countsOf(targets.map((target) => target.entry)), alreadyUndone: true, undoBatchId: undone.batchId, written: false };
    const documents = [...new Set(targets.map((target) => target.entry.document))];
    const now = await tx.getAll(documents.map((document) => [pathOf(festivalId, document), anyDocument] as const));
    const plan = planUndo(targets, new Map(documents.map((document, index) => [document, now[index] ?? null])));
    if ('blockedAt' in plan) {
      const blocking = await blockingChange(tx, festivalId, plan.blockedAt, targets);
      throw new UndoRefusal('undo-changed-since', changedSinceMessage(blocking), blocking);
    }
    if (request.dryRun) return { counts: plan.counts, alreadyUndone: false, undoBatchId: null, written: false };
    for (const { document, data: back } of plan.restores) {
      if (back) tx.set(pathOf(festivalId, document), back);
      else tx.delete(pathOf(festivalId, document));
    }
    for (const [path, entry] of auditEntryWrites(audit, plan.audited)) tx.set(path, entry);
    const mark = { undone: { at: audit.at, actor: audit.actor, batchId: audit.batchId } };
    for (const target of targets) tx.set(firestorePaths.auditEntry(festivalId, target.id), mark, { merge: true });
    return { counts: plan.counts, alreadyUndone: false, undoBatchId: audit.batchId, written: true };
  });
  if (answer.written) logs.changeUndone({ festivalId, undone: 'batchId' in request ? request.batchId : request.entryId, undoBatchId: answer.undoBatchId, by: staff.uid });
  return answer;
}
