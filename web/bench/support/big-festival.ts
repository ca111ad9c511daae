/**
 * A generated festival of `setCount` sets, for benchmarks that must hold at a big festival's
 * scale: the seed's three days, stages and names, multiplied. Deterministic (no randomness):
 * artist n plays on stage n % stages, one set an hour per stage, round the clock of each day.
 */
import { encore2026 } from '@encore/model/seed';
import { makeProgramme, type ArtistDoc, type PerformanceDoc, type Programme, type StageDoc } from '../../src/festival/programme.ts';

export function bigFestival(setCount: number): Programme {
  const seed = encore2026();
  const stageCount = 24;
  const stages: StageDoc[] = Array.from({ length: stageCount }, (_, index) => {
    const base = seed.stages[index % seed.stages.length]!.data;
    return { ...base, id: `stage-${index}`, name: `${base.name} ${Math.floor(index / seed.stages.length) + 1}`, order: index };
  });
  // About three sets per artist, as at the seed festival; names stay realistic (accents included).
  const artistCount = Math.ceil(setCount / 3);
  const artists: ArtistDoc[] = Array.from({ length: artistCount }, (_, index) => {
    const base = seed.artists[index % seed.artists.length]!.data;
    const round = Math.floor(index / seed.artists.length);
    return { ...base, id: `artist-${index}`, name: round === 0 ? base.name : `${base.name} ${round + 1}` };
  });
  const days = 3;
  const firstDay = Date.parse(`${seed.festival.startsOn}T10:00:00Z`);
  const performances: PerformanceDoc[] = Array.from({ length: setCount }, (_, index) => {
    const stage = index % stageCount;
    const slot = Math.floor(index / stageCount);
    const day = slot % days;
    const hour = Math.floor(slot / days);
    const startsAt = new Date(firstDay + day * 86_400_000 + hour * 3_600_000);
    return {
      id: `set-${index}`,
      artistId: `artist-${index % artistCount}`,
      stageId: `stage-${stage}`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 45 * 60_000),
      status: 'scheduled',
      ...(index % 7 === 0 ? { title: 'DJ set' } : {}),
      favoriteCount: 0,
      photoCount: 0,
    };
  });
  return makeProgramme({ festivalId: 'bench-big', festival: seed.festival, stages, artists, performances });
}
