import type { AuditEntry, AuditKind, FestivalCapability, UndoRefusalReason } from '@encore/model';
import { sameValue, type AuditWrite } from './audit.js';

/**
 * The undo's pure rules (issue 36; handlers/undo-change.ts reads and writes): who may undo
 * what, which entries cannot be undone, and, given the documents as they are now, either the
 * writes that set them back or the document a newer change touched.
 */

type Data = Record<string, unknown>;

/** What undoing a kind needs: the programme's own things need `programme`, announcements `announce`, the rest `manage`. */
export const UNDO_CAPABILITY: Record<AuditKind, FestivalCapability> = {
  stage: 'programme',
  artist: 'programme',
  performance: 'programme',
  'venue-map': 'programme',
  'info-page': 'programme',
  announcement: 'announce',
  festival: 'manage',
  suspension: 'manage',
  moderation: 'manage',
  staff: 'manage',
  invite: 'manage',
};

/** The capabilities undoing these entries needs, each once. */
export function capabilitiesFor(entries: ReadonlyArray<Pick<AuditEntry, 'kind'>>): FestivalCapability[] {
  return [...new Set(entries.map((entry) => UNDO_CAPABILITY[entry.kind]))];
}

/**
 * Why an entry cannot be undone here, or null when it can. Team changes go through the
 * team's checks (never leaving a festival without an admin), a moderation entry keeps only the
 * photo's status (not the photo), and a festival is not un-created.
 */
export function whyNotUndoable(entry: Pick<AuditEntry, 'kind' | 'action' | 'detail'>): UndoRefusalReason | null {
  if (entry.kind === 'staff' || entry.kind === 'invite' || entry.kind === 'moderation') return 'undo-not-undoable';
  if (entry.kind === 'festival' && entry.action === 'created') return 'undo-not-undoable';
  if (entry.detail !== 'complete') return 'undo-incomplete';
  return null;
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
