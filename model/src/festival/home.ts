/**
 * Which festival `/` opens (issue 35; docs/data-contract.md, `site/settings`): the one a project
 * admin chose, if it exists; else the build's own festival, if it exists; else none, and `/`
 * is the chooser. The web app (at `/`) and the `firstPage` function (the first HTML of `/`)
 * both decide with this, each reading festivals its own way.
 */
export type HomeChoice = { kind: 'festival'; festivalId: string; source: 'chosen' | 'build' } | { kind: 'chooser' };

export interface HomeCandidates {
  /** `site/settings`' `defaultFestivalId`: null or undefined when none is chosen (or the document is absent). */
  chosen: string | null | undefined;
  /** The build's festival (`VITE_FESTIVAL_ID`, else `encore-2026`; the shell's `<meta name="encore-festival">`). */
  build: string | null | undefined;
}

/** The first candidate `exists` confirms, in that order; each festival is asked about at most once. */
export async function homeFestival(candidates: HomeCandidates, exists: (festivalId: string) => Promise<boolean>): Promise<HomeChoice> {
  if (candidates.chosen && (await exists(candidates.chosen))) return { kind: 'festival', festivalId: candidates.chosen, source: 'chosen' };
  if (candidates.build && candidates.build !== candidates.chosen && (await exists(candidates.build))) {
    return { kind: 'festival', festivalId: candidates.build, source: 'build' };
  }
  return { kind: 'chooser' };
}
