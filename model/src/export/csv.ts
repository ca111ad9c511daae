/**
 * CSV as RFC 4180 writes it, for the console's downloads: CRLF between records, a cell quoted
 * when it holds the separator, a quote or a line break (a quote inside doubled), every other
 * cell as it is. Led by a byte order mark, so Excel opens accents as UTF-8 rather than as its
 * own code page (the import, and any CSV reader that follows the spec, skips it).
 */

/** `,` is the spec's; `;` is what Dutch spreadsheets write and read (a comma is their decimal point). */
export type CsvSeparator = ',' | ';';

const BYTE_ORDER_MARK = '\uFEFF';

export function csvCell(text: string, separator: CsvSeparator): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: ReadonlyArray<ReadonlyArray<string>>, separator: CsvSeparator): string {
  return BYTE_ORDER_MARK + rows.map((row) => row.map((cell) => csvCell(cell, separator)).join(separator)).join('\r\n') + '\r\n';
}
