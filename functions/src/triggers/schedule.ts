import { onSchedule } from 'firebase-functions/v2/scheduler';
import { BUNDLE_REFRESH_SCHEDULE, MAINTENANCE_SCHEDULE, REMINDER_SCHEDULE, bundleRefreshOptions, festivalTimeZone, maintenanceOptions, reminderOptions } from '../config.js';
import { refreshAllBundles } from '../handlers/programme-bundle.js';
import { logs } from '../logs.js';
import { handleNightlyMaintenance } from '../handlers/maintenance.js';
import { handleReminders } from '../handlers/reminders.js';
import { liveDeps } from '../platform/live.js';

/** Nightly, in the festival's zone, after the last set and before the gates open. */
export const nightlyMaintenance = onSchedule({ ...maintenanceOptions, schedule: MAINTENANCE_SCHEDULE, timeZone: festivalTimeZone }, async () => {
  await handleNightlyMaintenance(liveDeps());
});

/** Pushes reminders before people's sets, at the lead time each person chose. */
export const sendReminders = onSchedule({ ...reminderOptions, schedule: REMINDER_SCHEDULE, timeZone: festivalTimeZone }, async () => {
  await handleReminders(liveDeps());
});

/**
 * Every ten minutes, each festival's bundle is rebuilt with the live counts (favourites,
 * photos) folded in: a first visit's listeners then re-read only the sets whose counts
 * changed in the last minutes, not every set favourited since the last staff edit.
 */
export const refreshProgrammeBundles = onSchedule({ ...bundleRefreshOptions, schedule: BUNDLE_REFRESH_SCHEDULE, timeZone: festivalTimeZone }, async () => {
  logs.bundlesRefreshed({ festivals: await refreshAllBundles(liveDeps()) });
});
