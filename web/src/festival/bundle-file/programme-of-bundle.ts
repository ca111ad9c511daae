import { makeProgramme, type ArtistDoc, type PerformanceDoc, type Programme, type StageDoc } from '../programme';
import { readBundleElements } from './bundle-elements';
import { artistOrNull, festivalOrNull, performanceOrNull, stageOrNull } from './first-paint-checks';
import { plainFields, timestampToDate } from './typed-values';
import type { Festival } from '@encore/model';

const DOCUMENTS_ROOT = /^projects\/[^/]+\/databases\/[^/]+\/documents\//;

/**
 * The festival's programme as the views take it (`Programme`), read from the bytes of its
 * data bundle without the Firestore SDK: the festival document and the documents of the
 * stages, artists and performances collections under it, each checked (first-paint-checks.ts)
 * and in the order the live listeners give (stages by `order`, artists by id, sets by
 * `startsAt`, ties by id), so the moment the listeners take over changes nothing on screen.
 *
 * Null when the bundle holds no valid festival document: the caller then waits for the
 * listeners. Throws a `BundleFormatError` for bytes that are not a bundle.
 */
export function programmeOfBundle(bytes: Uint8Array, festivalId: string): Programme | null {
  return readProgrammeBundle(bytes, festivalId).programme;
}

/** The programme (see programmeOfBundle) and when the bundle was built (its metadata's `createTime`). */
export function readProgrammeBundle(bytes: Uint8Array, festivalId: string): { programme: Programme | null; createTime: Date } {
  const festivalPath = `festivals/${festivalId}`;
  let festival: Festival | null = null;
  let createTime = new Date(0);
  const stages: StageDoc[] = [];
  const artists: ArtistDoc[] = [];
  const performances: PerformanceDoc[] = [];
  for (const element of readBundleElements(bytes)) {
    if ('metadata' in element) createTime = timestampToDate(element.metadata.createTime);
    if (!('document' in element)) continue;
    const path = element.document.name.replace(DOCUMENTS_ROOT, '');
    const data = plainFields(element.document.fields);
    if (path === festivalPath) {
      festival = festivalOrNull(data);
      continue;
    }
    if (!path.startsWith(`${festivalPath}/`)) continue;
    const [collection, id, ...deeper] = path.slice(festivalPath.length + 1).split('/');
    if (!id || deeper.length > 0) continue;
    if (collection === 'stages') {
      const stage = stageOrNull(data);
      if (stage) stages.push({ ...stage, id });
    } else if (collection === 'artists') {
      const artist = artistOrNull(data);
      if (artist) artists.push({ ...artist, id });
    } else if (collection === 'performances') {
      const performance = performanceOrNull(data);
      if (performance) performances.push({ ...performance, id });
    }
  }
  if (!festival) return { programme: null, createTime };
  // makeProgramme sorts stably by `order` and `startsAt`: sorted by id first, ties end up as the queries order them.
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return { programme: makeProgramme({ festivalId, festival, stages: stages.sort(byId), artists: artists.sort(byId), performances: performances.sort(byId) }), createTime };
}
