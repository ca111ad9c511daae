import { MAX_PERFORMANCE_MS, firestorePaths, performanceSchema, type Performance, type TimedSet } from '@encore/model';
import type { Docs, FoundDoc } from '../platform/docs.js';

export interface ProgrammeSet extends TimedSet {
  artistId: string;
  status: 'scheduled' | 'cancelled';
}

/** The festival's performances as timed sets. */
export async function readPerformances(docs: Pick<Docs, 'query'>, festivalId: string): Promise<ProgrammeSet[]> {
  const found = await docs.query({ collection: firestorePaths.performances(festivalId) }, performanceSchema);
  return found.map(toProgrammeSet);
}

/**
 * The scheduled sets that may be playing at `at`: those that started at most the longest a set
 * lasts (MAX_PERFORMANCE_MS) before it. One range on `startsAt` (the status and start index), so
 * it reads the sets of the hours before `at`, not the whole programme.
 */
export async function readSetsThatMayPlayAt(docs: Pick<Docs, 'query'>, festivalId: string, at: Date): Promise<ProgrammeSet[]> {
  const found = await docs.query(
    {
      collection: firestorePaths.performances(festivalId),
      where: [
        ['status', '==', 'scheduled'],
        ['startsAt', '>', new Date(at.getTime() - MAX_PERFORMANCE_MS)],
        ['startsAt', '<=', at],
      ],
    },
    performanceSchema,
  );
  return found.map(toProgrammeSet);
}

const toProgrammeSet = ({ id, data }: FoundDoc<Performance>): ProgrammeSet => ({ id, stageId: data.stageId, artistId: data.artistId, startsAt: data.startsAt, endsAt: data.endsAt, status: data.status });
