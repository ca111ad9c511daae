/**
 * Cron timers for `onSchedule` functions, in each function's time zone. Schedules are
 * Cloud Scheduler's: unix-cron (5 fields) or the App Engine form `every N minutes|hours`
 * (the part of it Encore can express as cron).
 */
import { CronExpressionParser } from 'cron-parser';

/** Node timers overflow past 2^31-1 ms (about 24.8 days): longer waits are re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ScheduledJob {
  name: string;
  schedule: string;
  timeZone: string;
}

/** Converts a Cloud Scheduler schedule to unix-cron, or throws for forms the runner cannot run. */
export function toCron(schedule: string): string {
  const everyN = /^every\s+(\d+)\s+(minutes?|mins?|hours?)$/i.exec(schedule.trim());
  if (!everyN) return schedule.trim();
  const count = Number(everyN[1]);
  if (/^h/i.test(everyN[2]!)) return count === 1 ? '0 * * * *' : `0 */${count} * * *`;
  return count === 1 ? '* * * * *' : `*/${count} * * * *`;
}

export function nextRun(job: ScheduledJob, after: Date): Date {
  return CronExpressionParser.parse(toCron(job.schedule), { tz: job.timeZone, currentDate: after }).next().toDate();
}

/** Arms one timer per job; `onDue` gets the scheduled time. Returns a function that disarms them all. */
export function armSchedules(
  jobs: ScheduledJob[],
  onDue: (job: ScheduledJob, scheduleTime: Date) => void,
  onInvalid: (job: ScheduledJob, error: Error) => void,
): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  const arm = (job: ScheduledJob, after: Date): void => {
    let due: Date;
    try {
      due = nextRun(job, after);
    } catch (error) {
      onInvalid(job, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const wait = (): void => {
      const remaining = due.getTime() - Date.now();
      const timer = setTimeout(
        () => {
          if (Date.now() < due.getTime()) return wait();
          onDue(job, due);
          arm(job, due);
        },
        Math.min(Math.max(remaining, 0), MAX_TIMER_MS),
      );
      timer.unref();
      timers.set(job.name, timer);
    };
    wait();
  };
  for (const job of jobs) arm(job, new Date());
  return () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };
}
