import { AUDIT_DATA_MAX_BYTES, type AuditAction, type AuditActor, type AuditDetail, type AuditEntry, type AuditKind } from '@encore/model';

/**
 * The audit trail's pure rules (issue 35; data contract `auditEntrySchema`): what changed
 * between two versions of a document, how an entry stays within one Firestore document, and
 * the entry itself. The handlers (handlers/audit-trail.ts) read and write; nothing here does.
 */

type Data = Record<string, unknown>;

/** Deep equality of stored values: Dates by their instant, lists and maps by their items. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (isPlainMap(a) && isPlainMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
  }
  // Other SDK values (a GeoPoint, a reference) compare by what they serialise to.
  return typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

function isPlainMap(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** The top-level fields whose values differ (added, removed or changed), sorted. */
export function changedFields(before: Data | null, after: Data | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => !sameValue(before?.[key], after?.[key])).sort();
}

export function actionOf(before: Data | null, after: Data | null): AuditAction {
  if (!before) return 'created';
  return after ? 'updated' : 'deleted';
}

/** About the bytes a value takes in an entry (its JSON; a Date as its ISO text). */
export function approximateBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

function pick(data: Data | null, fields: readonly string[]): Data | null {
  if (!data) return null;
  return Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]]));
}

/**
 * `before` and `after` as an entry holds them: whole while together they fit in
 * AUDIT_DATA_MAX_BYTES (an undo needs them whole), else only the changed fields, else
 * neither (the entry still says which fields changed).
 */
export function boundedData(before: Data | null, after: Data | null, changed: readonly string[], maxBytes = AUDIT_DATA_MAX_BYTES): { before: Data | null; after: Data | null; detail: AuditDetail } {
  if (approximateBytes([before, after]) <= maxBytes) return { before, after, detail: 'complete' };
  const narrowed = { before: pick(before, changed), after: pick(after, changed) };
  if (approximateBytes([narrowed.before, narrowed.after]) <= maxBytes) return { ...narrowed, detail: 'changed-fields' };
  return { before: null, after: null, detail: 'omitted' };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

/**
 * The thing's name as staff know it, from its data: a name, an English or Dutch title, a
 * person's email. A set has none of its own (its artist's name is looked up by the handler).
 */
export function labelOf(data: Data | null): string | null {
  if (!data) return null;
  const title = data.title;
  const bilingual = isPlainMap(title) ? (text(title.en) ?? text(title.nl)) : null;
  const label = text(data.name) ?? bilingual ?? text(title) ?? text(data.titleNl) ?? text(data.email);
  return label ? label.slice(0, 300) : null;
}

export interface AuditWrite {
  kind: AuditKind;
  /** The path relative to the festival (`performances/p1`; `''` for the festival itself). */
  document: string;
  before: Data | null;
  after: Data | null;
  /** Overrides `labelOf` (a set is named by its artist). */
  label?: string | null;
}

/**
 * The entry for one write, or null when it changed nothing (a save of the same values): the
 * trail lists changes, not saves.
 */
export function buildAuditEntry(write: AuditWrite, context: { at: Date; actor: AuditActor; via: string; batchId?: string }): AuditEntry | null {
  if (!write.before && !write.after) return null;
  const changed = changedFields(write.before, write.after);
  if (changed.length === 0) return null;
  return {
    at: context.at,
    actor: context.actor,
    action: actionOf(write.before, write.after),
    document: write.document,
    kind: write.kind,
    label: write.label !== undefined ? write.label : labelOf(write.after ?? write.before),
    ...boundedData(write.before, write.after, changed),
    changed: changed.slice(0, 200),
    via: context.via,
    ...(context.batchId ? { batchId: context.batchId } : {}),
  };
}

/** A console write's entry id: from the Firestore event's id (ids allow no `/`), so a redelivery finds it. */
export function consoleEntryId(eventId: string): string {
  return `console-${eventId.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(0, 200);
}

/**
 * A callable call's batch id: the callable, the time (so ids sort as the entries happened)
 * and a random part; entry `n` of the call is `{batchId}-{n}`.
 */
export function callableBatchId(via: string, at: Date, random: () => number): string {
  const stamp = at.toISOString().replace(/[^0-9]/g, '').slice(0, 17);
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `${via}-${stamp}-${suffix}`;
}

/** Who wrote, as the console names them: their staff document first (what the festival's admins call them), else their account. */
export function actorOf(uid: string, staff: { email?: string; name?: string } | undefined, account: { email?: string; displayName?: string } | null): AuditActor {
  const email = staff?.email ?? account?.email ?? null;
  const name = staff?.name ?? account?.displayName ?? null;
  return { uid, email: email?.slice(0, 320) ?? null, name: name?.slice(0, 200) ?? null };
}
