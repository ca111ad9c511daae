import { festivalStaffSchema, firestorePaths, type FestivalRole } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import type { SignedInAccount } from '../../firebase/auth';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';

export interface FestivalRoleState {
  /** `loading` until the person's staff document has been read once (never for a project admin or a visitor). */
  status: 'loading' | 'ready' | 'error';
  /** The role `festivals/{festivalId}/staff/{uid}` gives; null when there is no such document. */
  role: FestivalRole | null;
  error: unknown;
}

const NONE: FestivalRoleState = { status: 'ready', role: null, error: null };

/**
 * The signed-in person's role in one festival, from their own `festivals/{f}/staff/{uid}`,
 * through a listener: a role given or removed shows at once, as the rules apply it on the next
 * request. One document read (and one per change). A guest has no staff document to read, and a
 * project admin needs none (their claim makes them admin of every festival), so neither pays it.
 */
export function useFestivalRole(festivalId: string, account: SignedInAccount | null | undefined): FestivalRoleState {
  const uid = account && !account.anonymous && account.role !== 'admin' ? account.uid : null;
  const ref = useMemo(() => (uid ? doc(db(), firestorePaths.festivalStaffMember(festivalId, uid)) : null), [festivalId, uid]);
  const staff = useLiveDocument(ref, festivalStaffSchema);
  if (!ref) return NONE;
  if (staff.status === 'error') return { status: 'error', role: null, error: staff.error };
  // No document in the offline cache is not yet "no role" while the server can still be asked.
  const unsure = staff.status === 'ready' && !staff.exists && staff.fromCache && navigator.onLine;
  return { status: staff.status === 'ready' && !unsure ? 'ready' : 'loading', role: staff.data?.role ?? null, error: null };
}
