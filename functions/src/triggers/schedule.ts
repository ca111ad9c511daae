import { onSchedule } from 'firebase-functions/v2/scheduler';
import { LIVE_MARKS_SWEEP_SCHEDULE, MAINTENANCE_SCHEDULE, REMINDER_SCHEDULE, festivalTimeZone, liveMarksSweepOptions, maintenanceOptions, reminderOptions } from '../config.js';
import { publishLeftoverMarks } from '../handlers/live-marks-sweep.js';
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

/** Publishes the live figures of sets an instance marked and acknowledged but died before publishing. */
export const sweepLiveMarks = onSchedule({ ...liveMarksSweepOptions, schedule: LIVE_MARKS_SWEEP_SCHEDULE, timeZone: festivalTimeZone }, async () => {
  await publishLeftoverMarks(liveDeps());
});
