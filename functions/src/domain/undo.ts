import { undoCapability, type AuditEntry, type AuditKind, type FestivalCapability } from '@encore/model';
import { sameValue, type AuditWrite } from './audit.js';

/**
 * The undo's pure rules (issue 36; handlers/undo-change.ts reads and writes; who may undo what
 * and what is never undone here are the model's, `undoCapability` and `whyNotUndoable`, as
 * the console shows them): given the documents as they are now, either the
 * writes that set them back or the document a newer change touched.
 */

type Data = Record<string, unknown>;

/** The capabilities undoing these entries needs, each once. */
export function capabilitiesFor(entries: ReadonlyArray<Pick<AuditEntry, 'kind'>>): FestivalCapability[] {
  return [...new Set(entries.map((entry) => undoCapability(entry.kind)))];
}

/** A stored document without its absent fields: `{title: undefined}` and `{}` are the same document. */
function present(data: Data | null | undefined): Data | null {
  if (!data) return null;
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

/** Whether a document as it is now is exactly what the entry left (both absent counts). */
export function sameDocument(current: Data | null | undefined, expected: Data | null): boolean {
  const now = present(current);
  const then = present(expected);
  if (!now || !then) return now === then;
  return sameValue(now, then);
}

export interface UndoTarget {
  id: string;
  entry: AuditEntry;
}

export interface UndoPlan {
  /** Each document once: the data to write back (null: delete it). */
  restores: Array<{ document: string; data: Data | null }>;
  /** The undo's own audit writes (before: as now; after: as set back). */
  audited: AuditWrite[];
  counts: Partial<Record<AuditKind, number>>;
}

/** Entries in the order they were written (entry `n` of a batch is `{batchId}-{n}`; console entries by time). */
function inWrittenOrder(targets: readonly UndoTarget[]): UndoTarget[] {
  const index = (id: string) => Number(/-(\d+)$/.exec(id)?.[1] ?? 0);
  return [...targets].sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || index(a.id) - index(b.id));
}

/**
 * Sets back every document the entries wrote, or names the first one something newer changed:
 * a document must be now exactly as the last entry about it left it, and goes back to how the
 * first found it (one document written twice in a batch is set back once).
 */
export function planUndo(targets: readonly UndoTarget[], current: ReadonlyMap<string, Data | null>): { blockedAt: string } | UndoPlan {
  const byDocument = new Map<string, { first: UndoTarget; last: UndoTarget }>();
  for (const target of inWrittenOrder(targets)) {
    const known = byDocument.get(target.entry.document);
    byDocument.set(target.entry.document, { first: known?.first ?? target, last: target });
  }
  const plan: UndoPlan = { restores: [], audited: [], counts: {} };
  for (const [document, { first, last }] of byDocument) {
    const now = current.get(document) ?? null;
    if (!sameDocument(now, last.entry.after)) return { blockedAt: document };
    const back = present(first.entry.before);
    plan.restores.push({ document, data: back });
    plan.audited.push({ kind: first.entry.kind, document, before: present(now), after: back, label: first.entry.label ?? last.entry.label });
    plan.counts[first.entry.kind] = (plan.counts[first.entry.kind] ?? 0) + 1;
  }
  return plan;
}

/** Of the entries about a document, the newest that is not one being undone: the change in the way. */
export function newestOtherEntry<T extends { id: string; entry: Pick<AuditEntry, 'at'> }>(about: readonly T[], undoing: ReadonlySet<string>): T | null {
  const others = about.filter((found) => !undoing.has(found.id));
  return others.reduce<T | null>((newest, found) => (!newest || found.entry.at.getTime() > newest.entry.at.getTime() ? found : newest), null);
}
