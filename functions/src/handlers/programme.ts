import { firestorePaths, type TimedSet } from '@encore/model';
import type { Docs, DocTransaction } from '../platform/docs.js';

export interface ProgrammeSet extends TimedSet {
  artistId: string;
  status: 'scheduled' | 'cancelled';
}

/** The festival's performances as timed sets (documents that are not performances are skipped). */
export async function readPerformances(docs: Pick<Docs, 'query'> | Pick<DocTransaction, 'query'>, festivalId: string): Promise<ProgrammeSet[]> {
  const found = await docs.query({ collection: firestorePaths.performances(festivalId) });
  return found.flatMap(({ id, data }) =>
    data.startsAt instanceof Date && data.endsAt instanceof Date && typeof data.stageId === 'string'
      ? [{ id, stageId: data.stageId, artistId: String(data.artistId), startsAt: data.startsAt, endsAt: data.endsAt, status: data.status === 'cancelled' ? 'cancelled' : 'scheduled' } as ProgrammeSet]
      : [],
  );
}
