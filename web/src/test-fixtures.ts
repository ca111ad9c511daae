import { encore2026 } from '@encore/model/seed';
import { makeProgramme, type Programme } from './festival/programme';

/** The seed festival as the views get it: the fixture every component test starts from. */
export function seedProgramme(): Programme {
  const seed = encore2026();
  return makeProgramme({
    festivalId: seed.festivalId,
    festival: seed.festival,
    stages: seed.stages.map(({ id, data }) => ({ ...data, id })),
    artists: seed.artists.map(({ id, data }) => ({ ...data, id })),
    performances: seed.performances.map(({ id, data }) => ({ ...data, id })),
  });
}
