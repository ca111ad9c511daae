import { programmeFromWorkbook, type WorkbookProgramme, type WorkbookSheet } from '@encore/model';

export type WorkbookReading = WorkbookProgramme | { ok: false; unreadable: 'xls' | 'not-xlsx' };

/** `.xlsx` by name or type; `.xls` (the old binary format the reader cannot open) apart, to say what to do. */
export function isWorkbook(file: Pick<File, 'name' | 'type'>): 'xlsx' | 'xls' | null {
  if (/\.xlsx$/i.test(file.name) || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  if (/\.xls$/i.test(file.name) || file.type === 'application/vnd.ms-excel') return 'xls';
  return null;
}

/**
 * Reads an `.xlsx` workbook in the browser and finds its programme sheet (model's
 * `programmeFromWorkbook`), as the CSV the server checks. The reader (read-excel-file and its
 * unzip, about 16 kB gzipped) is its own chunk, which the page fetches and runs only when a
 * workbook is chosen (the service worker precaches every chunk for offline, this one too).
 */
export async function readProgrammeWorkbook(file: Blob): Promise<WorkbookReading> {
  const { default: readWorkbook, InvalidInputError } = await import('read-excel-file/browser');
  let sheets: WorkbookSheet[];
  try {
    // The library's types say a date cell is `typeof Date`; its values are Date instances.
    sheets = (await readWorkbook(file)) as unknown as WorkbookSheet[];
  } catch (error) {
    if (error instanceof InvalidInputError && error.code === 'XLS_FILE_NOT_SUPPORTED') return { ok: false, unreadable: 'xls' };
    return { ok: false, unreadable: 'not-xlsx' };
  }
  return programmeFromWorkbook(sheets);
}
