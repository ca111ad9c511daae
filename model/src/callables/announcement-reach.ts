/** The `announcementReach` callable's answer (functions/src/handlers/announcement-reach.ts), as the staff console reads it. */
export interface AnnouncementReach {
  /** Devices registered for the festival's pushes: what an urgent announcement reaches now. */
  devices: number;
}
