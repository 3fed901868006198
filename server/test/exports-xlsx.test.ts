import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { formatWallClock, sheetBuffer, SIZING_ROWS, wallClock } from '../src/modules/exports/xlsx.js';

async function load(buffer: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}

describe('the one .xlsx writer', () => {
  it('shifts times to the wall clock of the zone, summer time included', () => {
    const t = Date.UTC(2026, 6, 1, 12, 0, 0);
    expect(formatWallClock(t, 'UTC')).toBe('2026-07-01 12:00:00');
    expect(formatWallClock(t, 'America/New_York')).toBe('2026-07-01 08:00:00');
    expect(formatWallClock(Date.UTC(2026, 11, 1, 12, 0, 0), 'America/New_York')).toBe('2026-12-01 07:00:00');
    expect(wallClock(Date.UTC(2026, 10, 20, 23, 30, 0, 999), 'Asia/Shanghai')).toEqual(new Date(Date.UTC(2026, 10, 21, 7, 30, 0)));
  });

  it('writes durations as whole seconds in [h]:mm:ss, never 170.173', async () => {
    const ws = await load(
      await sheetBuffer({ name: 'S', tz: 'UTC', columns: [{ header: 'Duration', kind: 'duration' }] }, [[170_173], [90_061_000], [null]]),
    );
    const first = ws.getCell('A2');
    expect(first.numFmt).toBe('[h]:mm:ss');
    // Excel's durations are days; read back through exceljs's date handling: 170 s after Excel's day 0.
    const seconds = (c: ExcelJS.Cell) => Math.round(((c.value as Date).getTime() - Date.UTC(1899, 11, 30)) / 1000);
    expect(seconds(first)).toBe(170);
    expect(seconds(ws.getCell('A3'))).toBe(25 * 3600 + 61);
    expect(ws.getCell('A4').value).toBeNull();
  });

  it('freezes the header and sizes columns to the content of the first rows, CJK counting double, within bounds', async () => {
    const rows = [['a', '压缩机', 'x'.repeat(200)], ...Array.from({ length: SIZING_ROWS + 10 }, () => ['b', '', ''])];
    const ws = await load(
      await sheetBuffer({ name: 'S', tz: 'UTC', columns: [{ header: 'Code' }, { header: 'Name' }, { header: 'Remark' }] }, rows),
    );
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).font.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(6);
    expect(ws.getColumn(2).width).toBe(8);
    expect(ws.getColumn(3).width).toBe(60);
    expect(ws.rowCount).toBe(rows.length + 1);
  });
});
