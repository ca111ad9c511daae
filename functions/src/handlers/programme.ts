import { firestorePaths, performanceSchema, type TimedSet } from '@encore/model';
import type { Docs } from '../platform/docs.js';

export interface ProgrammeSet extends TimedSet {
  artistId: string;
  status: 'scheduled' | 'cancelled';
}

/** The festival's performances as timed sets. */
export async function readPerformances(docs: Pick<Docs, 'query'>, festivalId: string): Promise<ProgrammeSet[]> {
  const found = await docs.query({ collection: firestorePaths.performances(festivalId) }, performanceSchema);
  return found.map(({ id, data }) => ({ id, stageId: data.stageId, artistId: data.artistId, startsAt: data.startsAt, endsAt: data.endsAt, status: data.status }));
}
