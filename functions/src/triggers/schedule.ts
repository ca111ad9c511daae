import { onSchedule } from 'firebase-functions/v2/scheduler';
import { MAINTENANCE_SCHEDULE, festivalTimeZone, maintenanceOptions } from '../config.js';
import { handleNightlyMaintenance } from '../handlers/maintenance.js';
import { liveDeps } from '../platform/live.js';

/** Nightly, in the festival's zone, after the last set and before the gates open. */
export const nightlyMaintenance = onSchedule({ ...maintenanceOptions, schedule: MAINTENANCE_SCHEDULE, timeZone: festivalTimeZone }, async () => {
  await handleNightlyMaintenance(liveDeps());
});
