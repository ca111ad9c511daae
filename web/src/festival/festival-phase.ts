import { festivalDays, type Festival } from '@encore/model';

/** Where the festival is in its life at an instant: before its first day, on, or after its last night. */
export type FestivalPhase = 'before' | 'on' | 'after';

export function festivalPhase(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>, now: Date): FestivalPhase {
  const days = festivalDays(festival);
  if (now < days[0]!.startsAt) return 'before';
  if (now >= days[days.length - 1]!.endsAt) return 'after';
  return 'on';
}
