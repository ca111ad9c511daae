import { parse } from 'csv-parse/sync';
import { columnLetter, importFieldOfHeader as fieldOfHeader, type ImportField, type ImportProblem } from '@encore/model';

/**
 * An organiser's programme as a table: a header row naming the columns, in English or Dutch,
 * in any case and spacing ("Artist", "artiest", "Start time", "Aanvang"…), then one set per
 * row. Read from CSV (comma or semicolon, as Dutch spreadsheets save it), a spreadsheet paste
 * (tab-separated), or JSON (an array of objects keyed the same way).
 */

export interface TableRow {
  /** The row number in the file (the header is row 1), as the spreadsheet shows it. */
  line: number;
  cells: Partial<Record<ImportField, string>>;
}

export interface Table {
  rows: TableRow[];
  /** Each field's column letter (`A`, `B`…), to name the cell in errors; null for JSON (no columns). */
  columns: Partial<Record<ImportField, string>> | null;
}

// Header words and column letters are shared with the import screen, which reads .xlsx workbooks in the browser.
export { columnLetter, importFieldOfHeader as fieldOfHeader } from '@encore/model';

/** Tab when the header row has one (a spreadsheet paste), else semicolon when it has more of those than commas. */
function delimiterOf(content: string): string {
  const header = content.split(/\r?\n/, 1)[0] ?? '';
  if (header.includes('\t')) return '\t';
  return (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ',';
}

export function readTable(format: 'csv' | 'json', content: string): Table | ImportProblem {
  return format === 'json' ? readJson(content) : readDelimited(content);
}

function readDelimited(content: string): Table | ImportProblem {
  let records: string[][];
  try {
    records = parse(content, { delimiter: delimiterOf(content), bom: true, trim: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    return { code: 'unreadable', detail: (error as Error).message };
  }
  const [header, ...body] = records;
  if (!header) return { code: 'no-rows' };
  const columns: Partial<Record<ImportField, string>> = {};
  const indexes: Array<[ImportField, number]> = [];
  header.forEach((name, index) => {
    const field = fieldOfHeader(name);
    // The first column for a field counts (a second "name" column, say, is left alone).
    if (field && columns[field] === undefined) {
      columns[field] = columnLetter(index);
      indexes.push([field, index]);
    }
  });
  // Row numbers as the spreadsheet shows them: skipped empty lines are not counted back in, so count raw lines.
  const lines = rowLines(content);
  const rows = body
    .map((record, index) => ({ line: lines[index + 1] ?? index + 2, cells: Object.fromEntries(indexes.map(([field, column]) => [field, record[column] ?? ''])) }))
    .filter((row) => Object.values(row.cells).some((value) => value !== ''));
  return { rows, columns };
}

/** The file's row number of each non-empty line (quoted cells with line breaks are rare in programmes; good enough to name a row). */
function rowLines(content: string): number[] {
  return content.split(/\r?\n/).flatMap((line, index) => (line.trim() === '' ? [] : [index + 1]));
}

function readJson(content: string): Table | ImportProblem {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch (error) {
    return { code: 'unreadable', detail: (error as Error).message };
  }
  if (!Array.isArray(parsed)) return { code: 'unreadable', detail: 'JSON must be an array of sets' };
  const rows = parsed.map((record, index) => {
    const cells: Partial<Record<ImportField, string>> = {};
    if (record && typeof record === 'object') {
      for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
        const field = fieldOfHeader(key);
        if (field && cells[field] === undefined && (typeof value === 'string' || typeof value === 'number')) cells[field] = String(value).trim();
      }
    }
    return { line: index + 1, cells };
  });
  return { rows, columns: null };
}
