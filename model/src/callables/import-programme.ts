/**
 * The `importProgramme` callable's answer, shared by the function that gives it
 * (functions/src/handlers/staff.ts) and the import screen that shows it
 * (web/src/features/staff/ImportPage.tsx), so the two cannot drift apart.
 */

/** The columns an organiser's file has, by what they mean (headers are matched loosely, in English or Dutch). */
export type ImportField = 'artist' | 'stage' | 'day' | 'start' | 'end' | 'title' | 'status';

/** What is wrong with a row or the file, as data: the app says it in the reader's language (`message('importError', …)`). */
export type ImportProblem =
  | { code: 'unreadable'; detail: string }
  | { code: 'no-rows' }
  | { code: 'too-many-rows'; max: number }
  | { code: 'missing-column'; field: ImportField }
  | { code: 'empty'; field: ImportField }
  | { code: 'too-long'; field: ImportField; max: number }
  | { code: 'bad-name'; field: 'artist' | 'stage'; value: string }
  | { code: 'bad-time'; field: 'start' | 'end'; value: string }
  | { code: 'bad-day'; value: string }
  | { code: 'no-day' }
  | { code: 'day-outside'; value: string; first: string; last: string }
  | { code: 'bad-status'; value: string }
  /** `start` and `end` as the file wrote them (absent in answers from before issue 36). */
  | { code: 'end-before-start'; start?: string; end?: string }
  | { code: 'too-long-set'; hours: number }
  | { code: 'duplicate'; line: number };

/** A row the import refused: its line (the file's row number; JSON: position), the cell (`D4`) when one is to blame, and why. */
export interface ImportRowError {
  line: number;
  /** The spreadsheet cell, column letter and row number (`D4`); null for the whole row or file. */
  cell: string | null;
  problem: ImportProblem;
  /** The same in English, for logs and older app versions. */
  message: string;
}

/** What a row does to the programme: a new set, a set moved (stage, day or time), a change of status or title, or nothing. */
export type ImportChange = 'new' | 'moved' | 'changed' | 'unchanged';

/** One good row as the server read it: what the check shows before anything is written. */
export interface ImportPreviewRow {
  line: number;
  performanceId: string;
  artistId: string;
  artistName: string;
  stageId: string;
  stageName: string;
  /** ISO-8601 instants. */
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  title: string | null;
  /** The set exists already: importing updates it (keeping its counts). */
  exists: boolean;
  change: ImportChange;
  /** The set as it is now, when it exists (so the check shows old and new); absent in answers from before issue 36. */
  before?: ImportSetBefore | null;
  /** Other sets on the same stage whose times overlap this one's, once the import is done (a warning, not an error). */
  overlaps?: ImportOverlap[];
}

export interface ImportSetBefore {
  stageId: string;
  stageName: string;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  title: string | null;
}

export interface ImportOverlap {
  /** The other set's row in the file, or null for a set the festival has that the file leaves as it is. */
  line: number | null;
  artistName: string;
  startsAt: string;
  endsAt: string;
}

/** An artist or stage the import creates, by the name the file gives (and the id made from it). */
export interface ImportNewName {
  id: string;
  name: string;
  /** Existing artists or stages with a near name ("Main Stage" for "Main Stgae"), nearest first: offered instead. */
  similar?: Array<{ id: string; name: string }>;
}

/**
 * What the organiser decided in the check (issue 36), sent with the import: a new name the file
 * gives that is an existing artist or stage after all (`use`: the new name's id to the existing
 * id), and the new stages they confirm creating. A new stage is never created unconfirmed.
 */
export interface ImportDecisions {
  use?: { artists?: Record<string, string>; stages?: Record<string, string> };
  createStages?: string[];
}

export interface ImportResult {
  /** Good rows. */
  imported: number;
  /** Every bad row, with its line (CSV) or position (JSON), the cell and why. */
  errors: ImportRowError[];
  written: boolean;
  /** The good rows (on a dry run; empty once written). */
  preview: ImportPreviewRow[];
  /** Of the good rows: new sets, sets moved or changed, and sets as they are already. */
  created: number;
  updated: number;
  unchanged: number;
  /** Artists and stages the file names that the festival does not have yet: created on import. */
  newArtists: ImportNewName[];
  newStages: ImportNewName[];
}
