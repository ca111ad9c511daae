import type { ExportSheetCell } from '@encore/model';

/** Column widths in characters: names and titles wide, days and times narrow. */
const COLUMN_WIDTHS = [28, 20, 12, 8, 8, 24, 12];

/**
 * The programme's sheet as an `.xlsx` file. The writer (write-excel-file and its zip, loaded
 * here only, when an admin asks for a workbook) is a chunk of its own; the service worker
 * precaches it with the others, so a workbook can be made offline too.
 */
export async function programmeWorkbook(rows: ExportSheetCell[][], sheetName: string): Promise<Blob> {
  const { default: writeWorkbook } = await import('write-excel-file/browser');
  // The model's cells are write-excel-file's plain cell objects; its overloads cannot tell from our type which one is meant.
  return writeWorkbook(rows as never, { sheet: sheetName, columns: COLUMN_WIDTHS.map((width) => ({ width })), stickyRowsCount: 1 }).toBlob();
}
