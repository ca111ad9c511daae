/**
 * The moment of a programme when sets are live on the most stages: what the `npm start`
 * banner suggests as the web app's `?now=` (festival time), so a newcomer lands on a
 * programme that is playing. Computed from the programme, so it follows the seed.
 */
import { DateTime } from 'luxon';

export interface TimedSet {
  stageId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The earliest instant with the most stages live (a set is live from its start until just
 * before its end). Only set starts need checking: the count of live stages only rises there.
 */
export function busiestMoment(sets: readonly TimedSet[]): { at: Date; liveStages: number } | null {
  let best: { at: Date; liveStages: number } | null = null;
  const starts = [...new Set(sets.map((set) => set.startsAt.getTime()))].sort((a, b) => a - b);
  for (const instant of starts) {
    const live = new Set(sets.filter((set) => set.startsAt.getTime() <= instant && instant < set.endsAt.getTime()).map((set) => set.stageId));
    if (!best || live.size > best.liveStages) best = { at: new Date(instant), liveStages: live.size };
  }
  return best;
}

/** `2026-08-14T21:00`: the festival's wall-clock time, as the web app's `?now=` takes it. */
export function festivalTimeParameter(instant: Date, timeZone: string): string {
  return DateTime.fromJSDate(instant, { zone: timeZone }).toFormat("yyyy-MM-dd'T'HH:mm");
}
