/**
 * The `importProgramme` callable's answer, shared by the function that gives it
 * (functions/src/handlers/staff.ts) and the import screen that shows it
 * (web/src/features/staff/ImportPage.tsx), so the two cannot drift apart.
 */

/** A row the import refused: its line (CSV) or position (JSON), and why. */
export interface ImportRowError {
  line: number;
  message: string;
}

/** One good row as the server read it: what the preview table shows before anything is written. */
export interface ImportPreviewRow {
  line: number;
  performanceId: string;
  artistId: string;
  stageId: string;
  /** ISO-8601 instants. */
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  title: string | null;
  /** The set exists already: importing updates it (keeping its counts). */
  exists: boolean;
}

export interface ImportResult {
  /** Good rows. */
  imported: number;
  /** Every bad row, with its line (CSV) or position (JSON) and why. */
  errors: ImportRowError[];
  written: boolean;
  /** The good rows (on a dry run; empty once written). */
  preview: ImportPreviewRow[];
  /** Of the good rows, sets that are new and sets that exist already. */
  created: number;
  updated: number;
}
