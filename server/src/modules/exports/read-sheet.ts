import { Readable } from 'node:stream';
import { Code } from '@dms/contract';
import ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';

/**
 * The text of every cell of the first sheet of an uploaded .xlsx, or of a .csv (by its name's extension), row by row,
 * trimmed; an empty cell is ''. A file that cannot be read is 40001 "The file could not be read as .xlsx or .csv.".
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
        cells[col - 1] = cell.text.trim();
      });
      rows[n - 1] = Array.from(cells, (c) => c ?? '');
    });
    return Array.from(rows as Array<string[] | undefined>, (r) => r ?? []);
  } catch {
    throw new AppError(Code.VALIDATION_FAILED, 'validation.upload.file');
  }
}
