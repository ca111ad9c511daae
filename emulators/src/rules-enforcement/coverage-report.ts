/**
 * Rules coverage as a test run reports it: a JSON file with every allow statement's counts
 * and a few lines for the console naming the statements that never ran or never allowed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CoverageEntry } from '../rules/index.js';

export interface CoverageReport {
  /** What the rules are, e.g. `firestore.rules`. */
  rules: string;
  generatedAt: string;
  statements: number;
  exercised: number;
  allowedOnce: number;
  entries: CoverageEntry[];
}

export function coverageReport(rules: string, entries: CoverageEntry[]): CoverageReport {
  return {
    rules,
    generatedAt: new Date().toISOString(),
    statements: entries.length,
    exercised: entries.filter((e) => e.allow + e.deny + e.error > 0).length,
    allowedOnce: entries.filter((e) => e.allow > 0).length,
    entries,
  };
}

const describeEntry = (e: CoverageEntry): string => `L${e.line} allow ${e.methods.join(', ')} on ${e.matchPath}`;

/** A few lines for a terminal. */
export function coverageSummary(report: CoverageReport): string {
  const never = report.entries.filter((e) => e.allow + e.deny + e.error === 0);
  const neverAllowed = report.entries.filter((e) => e.allow === 0 && e.allow + e.deny + e.error > 0 && e.condition !== 'false');
  const lines = [
    `${report.rules}: ${report.exercised}/${report.statements} allow statements exercised, ${report.allowedOnce} allowed at least one request`,
    ...never.map((e) => `  never evaluated: ${describeEntry(e)}`),
    ...neverAllowed.map((e) => `  never allowed:   ${describeEntry(e)}`),
  ];
  return lines.join('\n');
}

export async function writeCoverageReport(file: string, report: CoverageReport): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(report, null, 2) + '\n');
}
