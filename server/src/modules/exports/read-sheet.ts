import { Readable } from 'node:stream';
import { Code, LANGUAGES, message, type MessageKey } from '@dms/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';

/**
 * The text of every cell of the first sheet of an uploaded .xlsx, or of a .csv (by its name's extension), row by row,
 * trimmed (a date as YYYY-MM-DD); an empty cell is ''. A file that cannot be read is 40001 "The file could not be read as .xlsx or .csv.".
 */
export async function readSheet(fileName: string, bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const csv = /\.csv$/i.test(fileName);
  try {
    const sheet = csv
      ? await workbook.csv.read(Readable.from([bytes]))
      : (await workbook.xlsx.load(bytes as unknown as ArrayBuffer), workbook.worksheets[0]);
    if (!sheet) return [];
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: Array<string | undefined> = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        // A date cell reads as its calendar date (YYYY-MM-DD), not as the Date's long text.
        cells[col - 1] = cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : cell.text.trim();
      });
      rows[n - 1] = Array.from(cells, (c) => c ?? '');
    });
    return Array.from(rows as Array<string[] | undefined>, (r) => r ?? []);
  } catch {
    throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.file');
  }
}

/** A header's text as the imports compare it: lower case, without spaces, dots, dashes and underscores. */
export const foldHeader = (s: string) => s.toLowerCase().replace(/[\s._-]/g, '');

/** The names a header may give each column: its aliases, and its name (a message) in every console language. */
export function headerNames<C extends string>(keys: Readonly<Record<C, MessageKey>>, aliases: ReadonlyArray<readonly [string, C]>) {
  const names = new Map<string, C>(aliases.map(([alias, c]) => [foldHeader(alias), c]));
  for (const [c, key] of Object.entries(keys) as Array<[C, MessageKey]>)
    for (const l of LANGUAGES) names.set(foldHeader(message(l, key)), c);
  return names;
}

/**
 * A sheet's rows by the columns its first row names (`names` from headerNames): each row's cells by column, with its
 * sheet row number (the header is row 1), blank rows left out; and the columns the header lacks.
 */
export function rowsByHeader<C extends string>(sheet: readonly string[][], names: ReadonlyMap<string, C>, columns: readonly C[]) {
  const at = new Map<C, number>();
  (sheet[0] ?? []).forEach((text, i) => {
    const c = names.get(foldHeader(text));
    if (c && !at.has(c)) at.set(c, i);
  });
  const missing = columns.filter((c) => !at.has(c));
  const rows = sheet
    .slice(1)
    .map((cells, i) => ({
      row: i + 2,
      cells: Object.fromEntries(columns.map((c) => [c, cells[at.get(c) ?? -1] ?? ''])) as Record<C, string>,
    }))
    .filter((r) => columns.some((c) => r.cells[c] !== ''));
  return { missing, rows };
}
