import type { PerformanceDoc } from '../../festival/programme';

/** What is on for me now (sets of mine playing) and what comes next (the first of mine to start after now). Cancelled sets are neither. */
export function nextUp(sets: readonly PerformanceDoc[], now: Date): { playing: PerformanceDoc[]; next: PerformanceDoc | null } {
  const active = sets.filter((set) => set.status !== 'cancelled').sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return {
    playing: active.filter((set) => set.startsAt <= now && now < set.endsAt),
    next: active.find((set) => set.startsAt > now) ?? null,
  };
}
