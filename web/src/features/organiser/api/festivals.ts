import { festivalSchema, festivalStaffSchema, firestorePaths, type Festival, type FestivalRole } from '@encore/model';
import { collection, doc, getDoc, getDocs, limit, orderBy, query } from 'firebase/firestore';
import { db } from '../../../firebase/firestore';
import { toModel, InvalidDocumentError } from '../../../firebase/to-model';

export interface ListedFestival {
  id: string;
  festival: Festival;
  /** The person's role in it; null without one (a project admin is admin of each without a document). */
  role: FestivalRole | null;
}

/** How many festivals the organiser page lists, newest first. */
export const LISTED_FESTIVALS = 50;

/** Every festival (anyone may list them), newest first: one query, up to LISTED_FESTIVALS document reads. */
export async function listFestivals(): Promise<Array<{ id: string; festival: Festival }>> {
  const snapshot = await getDocs(query(collection(db(), firestorePaths.festivals()), orderBy('startsOn', 'desc'), limit(LISTED_FESTIVALS)));
  return snapshot.docs.flatMap((entry) => {
    const model = toModel(entry, festivalSchema);
    return model instanceof InvalidDocumentError ? [] : [{ id: entry.id, festival: model }];
  });
}

/**
 * The festivals `uid` is staff of: the list above, then the person's own
 * `festivals/{f}/staff/{uid}` in each, read in parallel. Reads: one query of at most
 * LISTED_FESTIVALS festivals, plus one staff document per festival (a missing one costs a read
 * too): at most 2 × 50 = 100 reads, once per visit of the page. (A collection-group query over
 * `staff` cannot select one person's documents without a uid field in them.)
 */
export async function festivalsOfStaff(uid: string): Promise<ListedFestival[]> {
  const festivals = await listFestivals();
  const roles = await Promise.all(
    festivals.map(async ({ id }) => {
      // A read the rules refuse is no role there, not a failure of the whole list.
      const snapshot = await getDoc(doc(db(), firestorePaths.festivalStaffMember(id, uid))).catch(() => null);
      const staff = snapshot?.exists() ? toModel(snapshot, festivalStaffSchema) : null;
      return staff && !(staff instanceof InvalidDocumentError) ? staff.role : null;
    }),
  );
  return festivals.flatMap((entry, index) => (roles[index] ? [{ ...entry, role: roles[index] }] : []));
}
