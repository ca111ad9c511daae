import { isDeepStrictEqual } from 'node:util';
import type { ContrastProblem, Festival, FestivalStaff } from '@encore/model';

/** The ratio as a refusal shows it: one decimal, rounded down (4.46:1 reads 4.4:1, never "4.5:1, needs 4.5:1"). */
const shown = (ratio: number) => `${Math.floor(ratio * 10 + 1e-9) / 10}:1`;

const AGAINST: Record<ContrastProblem['field'], Record<ContrastProblem['against'], string>> = {
  primary: { 'text-on-it': 'white text on it', 'light-theme': 'on the light theme’s background it', 'dark-theme': 'on the dark theme’s background it' },
  secondary: { 'text-on-it': 'light text on it', 'light-theme': 'on the light theme’s background it', 'dark-theme': 'on the dark theme’s background it' },
};

/** One line per colour pair that falls short, named by the request's field: `festival.colours.primary: white text on it has 2.1:1, needs 4.5:1`. */
export function describeContrastProblems(problems: readonly ContrastProblem[]): string[] {
  return problems.map(({ field, against, ratio, needed }) => `festival.colours.${field}: ${AGAINST[field][against]} has ${shown(ratio)}, needs ${needed}:1`);
}

/**
 * Whether a `createFestival` that finds its festival already there is the same person's
 * retry of a call that succeeded (its answer lost): the stored festival is exactly the one
 * asked for, and the caller is its admin by their own hand (`addedBy` is themselves, as only
 * creating a festival writes it). Anything else is someone else's festival, or another one.
 */
export function isRetryOfCreation(uid: string, asked: Festival, stored: Festival, storedStaff: FestivalStaff | undefined): boolean {
  return storedStaff?.role === 'admin' && storedStaff.addedBy === uid && isDeepStrictEqual(stored, asked);
}
