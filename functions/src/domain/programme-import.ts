import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { performanceIdFor, performanceInputSchema, type ImportRowError, type PerformanceInput } from '@encore/model';

/**
 * Staff import a programme as CSV (header `artistId,stageId,startsAt,endsAt[,status][,title]`)
 * or JSON (an array of the same objects). Times are ISO-8601 with an offset, or local
 * wall-clock time (`2026-08-14 21:30`) in the festival's zone. Every row is checked
 * against the shared schema and the festival's artists and stages; every bad row is
 * reported with its line (CSV) or position (JSON), and nothing is written unless all
 * rows are good.
 */


export interface ImportedPerformance {
  /** Its line (CSV) or position (JSON), as errors name them. */
  line: number;
  performanceId: string;
  performance: PerformanceInput;
}

export interface ImportContext {
  timeZone: string;
  artistIds: ReadonlySet<string>;
  stageIds: ReadonlySet<string>;
}

export const MAX_IMPORT_ROWS = 2000;

function parseInstant(value: unknown, timeZone: string): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(' ', 'T');
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const instant = hasZone ? DateTime.fromISO(text, { setZone: true }) : DateTime.fromISO(text, { zone: timeZone });
  return instant.isValid ? instant.toJSDate() : value;
}

const rowSchema = (context: ImportContext) =>
  z
    .object({
      artistId: z.string(),
      stageId: z.string(),
      startsAt: z.preprocess((v) => parseInstant(v, context.timeZone), z.date({ error: 'must be a date-time such as 2026-08-14 21:30' })),
      endsAt: z.preprocess((v) => parseInstant(v, context.timeZone), z.date({ error: 'must be a date-time such as 2026-08-14 22:30' })),
      status: z.preprocess((v) => (v === '' || v === undefined ? 'scheduled' : v), z.string()),
      title: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    })
    .strict()
    .pipe(performanceInputSchema)
    .refine((row) => row.endsAt.getTime() > row.startsAt.getTime(), { message: 'endsAt must be after startsAt', path: ['endsAt'] })
    .refine((row) => context.artistIds.has(row.artistId), { message: 'no such artist in this festival', path: ['artistId'] })
    .refine((row) => context.stageIds.has(row.stageId), { message: 'no such stage in this festival', path: ['stageId'] });

function formatIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}

interface RawRow {
  line: number;
  record: unknown;
}

function csvRows(content: string): RawRow[] | ImportRowError {
  try {
    const records = parse(content, { columns: true, info: true, skip_empty_lines: true, trim: true, bom: true }) as Array<{ record: unknown; info: { lines: number } }>;
    return records.map(({ record, info }) => ({ line: info.lines, record }));
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { line, message: `not valid CSV: ${(error as Error).message}` };
  }
}

function jsonRows(content: string): RawRow[] | ImportRowError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return { line: 1, message: `not valid JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(parsed)) return { line: 1, message: 'JSON must be an array of performances' };
  return parsed.map((record, index) => ({ line: index + 1, record }));
}

export function parseProgramme(format: 'csv' | 'json', content: string, context: ImportContext): { rows: ImportedPerformance[]; errors: ImportRowError[] } {
  const raw = format === 'csv' ? csvRows(content) : jsonRows(content);
  if (!Array.isArray(raw)) return { rows: [], errors: [raw] };
  if (raw.length > MAX_IMPORT_ROWS) return { rows: [], errors: [{ line: 1, message: `at most ${MAX_IMPORT_ROWS} performances per import` }] };
  const schema = rowSchema(context);
  const rows: ImportedPerformance[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, record } of raw) {
    const result = schema.safeParse(record);
    if (!result.success) {
      errors.push({ line, message: formatIssues(result.error) });
      continue;
    }
    const performanceId = performanceIdFor(result.data);
    const duplicateOf = seen.get(performanceId);
    if (duplicateOf !== undefined) {
      errors.push({ line, message: `duplicates line ${duplicateOf} (same artist, stage and start)` });
      continue;
    }
    seen.set(performanceId, line);
    rows.push({ line, performanceId, performance: result.data });
  }
  return { rows, errors };
}
