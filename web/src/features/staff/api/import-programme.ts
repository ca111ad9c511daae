import type { ImportDecisions, ImportResult } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/** The `importProgramme` callable's answer: one type with the function that gives it. */
export type ImportAnswer = ImportResult;

export type ImportFormat = 'csv' | 'json';

/**
 * The format of a chosen file, from its name, then its type; null when it is neither. CSV
 * covers what spreadsheets save as text: comma, semicolon or tab separated (.csv, .tsv, .txt).
 */
export function formatOf(file: Pick<File, 'name' | 'type'>): ImportFormat | null {
  if (/\.(csv|tsv|txt)$/i.test(file.name) || ['text/csv', 'text/tab-separated-values', 'text/plain'].includes(file.type)) return 'csv';
  if (/\.json$/i.test(file.name) || file.type === 'application/json') return 'json';
  return null;
}

/**
 * Staff import a programme file through `importProgramme`: the server reads it with the
 * shared schema against the festival's artists and stages and is the judge. With `dryRun`
 * nothing is written: every bad row comes back with its line and reason, and every good one
 * as the server read it. `decisions` carry what the organiser chose in the check: near names
 * taken as existing ones, new stages confirmed (the server creates no stage unconfirmed).
 */
export async function importProgramme(format: ImportFormat, content: string, dryRun: boolean, decisions: ImportDecisions = {}): Promise<ImportAnswer> {
  const call = httpsCallable<{ festivalId: string; format: ImportFormat; content: string; dryRun: boolean } & ImportDecisions, ImportAnswer>(functions(), 'importProgramme', { timeout: 120_000 });
  return (await call({ festivalId: appConfig.festivalId, format, content, dryRun, ...decisions })).data;
}
