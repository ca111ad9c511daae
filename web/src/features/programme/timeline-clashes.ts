import { findClashes } from '@encore/model';
import type { PerformanceDoc } from '../../festival/programme';

/**
 * My clashing sets, for the timeline: each set in my schedule that plays at the same time as
 * another of mine, with those others (the ones it overlaps, in start order). The same rule My
 * schedule draws its clash boxes by (`findClashes`, overlaps only: a tight change-over is
 * advice there, not a clash); cancelled sets clash with nothing.
 */
export function clashPartners(performances: readonly PerformanceDoc[], mine: ReadonlySet<string>): Map<string, PerformanceDoc[]> {
  const partners = new Map<string, PerformanceDoc[]>();
  const add = (set: PerformanceDoc, other: PerformanceDoc) => {
    const list = partners.get(set.id);
    if (list) list.push(other);
    else partners.set(set.id, [other]);
  };
  for (const clash of findClashes(performances.filter((set) => mine.has(set.id)), { walkMinutes: 0 })) {
    if (clash.kind !== 'overlap') continue;
    add(clash.first, clash.second);
    add(clash.second, clash.first);
  }
  for (const list of partners.values()) list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return partners;
}
