import { onSchedule } from 'firebase-functions/v2/scheduler';
import { MAINTENANCE_SCHEDULE, REMINDER_SCHEDULE, festivalTimeZone, maintenanceOptions, reminderOptions } from '../config.js';
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
