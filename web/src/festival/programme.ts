import type { Artist, Festival, Performance, Stage } from '@encore/model';
import type { WithId } from '../firebase/to-model';

/** The festival as the views see it: model types with ids, artists indexed for lookups. */
export type StageDoc = WithId<Stage>;
export type ArtistDoc = WithId<Artist>;
export type PerformanceDoc = WithId<Performance>;

export interface Programme {
  festivalId: string;
  festival: Festival;
  stages: StageDoc[];
  artists: Map<string, ArtistDoc>;
  performances: PerformanceDoc[];
}

export function makeProgramme(input: {
  festivalId: string;
  festival: Festival;
  stages: StageDoc[];
  artists: ArtistDoc[];
  performances: PerformanceDoc[];
}): Programme {
  return {
    festivalId: input.festivalId,
    festival: input.festival,
    stages: [...input.stages].sort((a, b) => a.order - b.order),
    artists: new Map(input.artists.map((artist) => [artist.id, artist])),
    performances: [...input.performances].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
  };
}

/** Every genre in the programme, alphabetically. */
export function genresOf(programme: Programme): string[] {
  const genres = new Set<string>();
  for (const artist of programme.artists.values()) for (const genre of artist.genres) genres.add(genre);
  return [...genres].sort((a, b) => a.localeCompare(b));
}
