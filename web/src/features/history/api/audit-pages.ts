import { AUDIT_PAGE_SIZE, auditEntrySchema, firestorePaths, type AuditEntry, type AuditKind } from '@encore/model';
import { collection, getDocs, limit, orderBy, query, startAfter, where, type QueryDocumentSnapshot } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';
import { toModel, type WithId } from '../../../firebase/to-model';

export interface AuditPage {
  entries: Array<WithId<AuditEntry>>;
  /** Where the next (older) page starts; null when this one was the last. */
  next: QueryDocumentSnapshot | null;
}

/**
 * One page of the festival's audit trail, newest first, of one kind or all (the kind filter
 * uses the `kind` + `at` index, firestore.indexes.json). One entry more than a page is asked
 * for, to know whether there are older ones without a second read. An entry that does not
 * match the contract is left out (the page says nothing wrong about the others).
 */
export async function fetchAuditPage(festivalId: string, kind: AuditKind | null, after: QueryDocumentSnapshot | null): Promise<AuditPage> {
  const page = query(
    collection(db(), firestorePaths.auditEntries(festivalId)),
    ...(kind ? [where('kind', '==', kind)] : []),
    orderBy('at', 'desc'),
    ...(after ? [startAfter(after)] : []),
    limit(AUDIT_PAGE_SIZE + 1),
  );
  const snapshot = await getDocs(page);
  const shown = snapshot.docs.slice(0, AUDIT_PAGE_SIZE);
  const entries = shown.map((document) => toModel(document, auditEntrySchema)).filter((entry): entry is WithId<AuditEntry> => !(entry instanceof Error));
  return { entries, next: snapshot.size > AUDIT_PAGE_SIZE ? shown[shown.length - 1]! : null };
}
