import { onSchedule } from 'firebase-functions/v2/scheduler';
import { LIVE_MARKS_SWEEP_SCHEDULE, MAINTENANCE_SCHEDULE, REMINDER_SCHEDULE, SCHEDULE_TIME_ZONE, liveMarksSweepOptions, maintenanceOptions, reminderOptions } from '../config.js';
import { publishLeftoverMarks } from '../handlers/live-marks-sweep.js';
import { handleNightlyMaintenance } from '../handlers/maintenance.js';
import { handleReminders } from '../handlers/reminders.js';
import { liveDeps } from '../platform/live.js';

/** Every hour: each festival's night's work once, at 04:00 on its own clock (handlers/maintenance.ts); archived ones none. */
export const nightlyMaintenance = onSchedule({ ...maintenanceOptions, schedule: MAINTENANCE_SCHEDULE, timeZone: SCHEDULE_TIME_ZONE }, async () => {
  await handleNightlyMaintenance(liveDeps());
});

/** Pushes reminders before people's sets, at the lead time each person chose. */
export const sendReminders = onSchedule({ ...reminderOptions, schedule: REMINDER_SCHEDULE, timeZone: SCHEDULE_TIME_ZONE }, async () => {
  await handleReminders(liveDeps());
});

/** Asks again for the publication of marks (changes acknowledged) that no publication task took. */
export const sweepLiveMarks = onSchedule({ ...liveMarksSweepOptions, schedule: LIVE_MARKS_SWEEP_SCHEDULE, timeZone: SCHEDULE_TIME_ZONE }, async () => {
  await publishLeftoverMarks(liveDeps());
});
