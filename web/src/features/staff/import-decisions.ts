import type { ImportDecisions, ImportNewName } from '@encore/model';

/**
 * What the organiser decides in the import's check (issue 36), for each new name the file
 * gives: create it, or take it as an existing artist or stage ("Main Stgae" is Main Stage).
 * A new stage always needs a decision (a typo must never become a stage); a new artist only
 * when its name is near an existing one.
 */
export type NameChoice = 'create' | { use: string };

export interface NewNames {
  artists: readonly ImportNewName[];
  stages: readonly ImportNewName[];
}

export interface ImportChoices {
  artists: Record<string, NameChoice>;
  stages: Record<string, NameChoice>;
}

export const NO_CHOICES: ImportChoices = { artists: {}, stages: {} };

/** The new names still waiting for a decision. */
export function undecided(names: NewNames, choices: ImportChoices): ImportNewName[] {
  return [
    ...names.stages.filter((stage) => !choices.stages[stage.id]),
    ...names.artists.filter((artist) => (artist.similar?.length ?? 0) > 0 && !choices.artists[artist.id]),
  ];
}

/** The choices as the `importProgramme` callable takes them. */
export function decisionsOf(choices: ImportChoices): ImportDecisions {
  const uses = (of: Record<string, NameChoice>) =>
    Object.fromEntries(Object.entries(of).flatMap(([id, choice]) => (choice === 'create' ? [] : [[id, choice.use]])));
  return {
    use: { artists: uses(choices.artists), stages: uses(choices.stages) },
    createStages: Object.entries(choices.stages).flatMap(([id, choice]) => (choice === 'create' ? [id] : [])),
  };
}
