import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ExportJob } from '@dms/contract';
import { eventually } from './boxes.js';
import type { apiAs } from './helper.js';

/**
 * Starts an export as `user` (POST /exports in `lang`), waits until it is ready, downloads it once and answers the
 * job and the file's first sheet.
 */
export async function exportedSheet(
  api: ReturnType<typeof apiAs>,
  user: string,
  body: unknown,
  lang = 'en',
): Promise<{ job: ExportJob; sheet: ExcelJS.Worksheet; disposition: string }> {
  const started = await api.ok<ExportJob>(user, 'POST', '/exports', body, { lang });
  const job = await eventually(async () => {
    const now = await api.ok<ExportJob>(user, 'GET', `/exports/${started.id}`);
    expect(now.state).toBe('ready');
    return now;
  });
  const file = await api.call(user, 'GET', `/exports/${started.id}/file`);
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  return { job, sheet, disposition: file.headers['content-disposition'] ?? '' };
}

/** The cells of a sheet's rows, `width` columns each, the header first. */
export function sheetRows(sheet: ExcelJS.Worksheet, width: number): unknown[][] {
  return Array.from({ length: sheet.rowCount }, (_, r) =>
    Array.from({ length: width }, (_, c) => sheet.getRow(r + 1).getCell(c + 1).value),
  );
}
