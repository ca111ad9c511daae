import { festivalDays, type Festival } from '@encore/model';

/** Where the festival is in its life at an instant: before its first day, on, or after its last night. */
export type FestivalPhase = 'before' | 'on' | 'after';

export function festivalPhase(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'>, now: Date): FestivalPhase {
  const days = festivalDays(festival);
  if (now < days[0]!.startsAt) return 'before';
  if (now >= days[days.length - 1]!.endsAt) return 'after';
  return 'on';
}

/**
 * Whether there is nothing left to plan: the festival's last night is over, or its admin
 * archived it (read-only for everyone; `archivedAt`, issue 35), whichever comes first. My
 * schedule is then "What I saw", and no set offers must-see, maybe or a heart.
 */
export function festivalIsOver(festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour' | 'startsOn' | 'endsOn'> & { archivedAt?: Date | null }, now: Date): boolean {
  return Boolean(festival.archivedAt) || festivalPhase(festival, now) === 'after';
}
