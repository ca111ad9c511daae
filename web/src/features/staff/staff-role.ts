import type { FestivalCapability } from '@encore/model';
import { createContext, useContext } from 'react';

/** What the console's gate decided, for the sections inside it (the dashboard's first steps link only where the role may go). */
export interface StaffRole {
  granted(capability: FestivalCapability): boolean;
}

export const StaffRoleContext = createContext<StaffRole>({ granted: () => false });

export function useStaffRole(): StaffRole {
  return useContext(StaffRoleContext);
}
