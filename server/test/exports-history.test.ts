import ExcelJS, { type CellValue } from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, ExportBody, ExportJob } from '@dms/contract';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const RUN_STATE = reg('screw-compressor', 'run_state');
const PRESSURE = reg('screw-compressor', 'discharge_pressure'); // MPa, 2 decimals
const TEMPERATURE = reg('screw-compressor', 'discharge_temperature'); // °C, 1 decimal
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const ALERT_BITS = reg('screw-compressor', 'alert_bits');
const MIN = 60_000;
const ROWS = 5;

type Cell = string | number | null;

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell's plain value (the exports write no rich text, links or formulas); a date cell as Excel shows it by its
 * format, which must be one of the two the exports use: a time `yyyy-mm-dd hh:mm:ss`, a duration `[h]:mm:ss`.
 */
function plain(cell: ExcelJS.Cell): Cell {
  const v: CellValue = cell.value;
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (v instanceof Date && cell.numFmt === 'yyyy-mm-dd hh:mm:ss') return v.toISOString().slice(0, 19).replace('T', ' ');
  if (v instanceof Date && cell.numFmt === '[h]:mm:ss') {
    const s = Math.round((v.getTime() - EXCEL_EPOCH) / 1000);
    return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
  }
  throw new Error(`not a plain cell value: ${JSON.stringify(v)} (${cell.numFmt})`);
}

/** The first sheet of an .xlsx: its name and rows of plain values. */
async function readSheet(buffer: Buffer): Promise<{ name: string; rows: Cell[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: Cell[][] = [];
  const width = sheet.getRow(1).cellCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    for (let i = 1; i <= width; i++) cells.push(plain(row.getCell(i)));
    rows.push(cells);
  });
  return { name: sheet.name, rows };
}

describe.each(dialects)('history and fault-record exports on %s', (dialect) => {
  let t: TestApp;
  let box: BoxCredentials;
  let untyped: BoxCredentials;
  let client: MqttClient;
  let manager: string;
  let helper: string;
  let t0: number;
  const start = (token: string | null, payload: ExportBody, lang = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/v2/exports', headers: token ? { ...bearer(token), 'accept-language': lang } : {}, payload });
  /** Starts an export, follows its progress to the end and downloads the file. */
  async function exportFile(
    token: string,
    payload: ExportBody,
    lang = 'en',
  ): Promise<{ job: ExportJob; buffer: Buffer; disposition: string }> {
    const res = await start(token, payload, lang);
    expect(res.statusCode, res.body).toBe(200);
    const job = body(res).data as ExportJob;
    expect(job).toMatchObject({ kind: payload.kind, state: 'running', done: 0, error: null });
    const done = await eventually(async () => {
      const s = body(await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}`, headers: bearer(token) })).data as ExportJob;
      expect(s.state).toBe('ready');
      return s;
    });
    const file = await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Once only.
    const again = await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
    return { job: done, buffer: file.rawPayload, disposition: String(file.headers['content-disposition']) };
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [box, , untyped] = (await registerBoxes(t.app, 7201, 7203)) as [BoxCredentials, BoxCredentials, BoxCredentials];
    [manager, helper] = (await Promise.all(['demo_manager', 'demo_helper'].map((u) => login(t.app, u)))) as [string, string];
    t0 = Date.UTC(2026, 10, 20, 8, 0, 0);
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    // Pressure 0.70, 0.71, ... MPa; temperature 80.5, 81.5, ... °C; a fault on the 2nd row, an alert from the 4th.
    for (let k = 0; k < ROWS; k++) {
      const values = {
        [RUN_STATE]: 2,
        [PRESSURE]: 70 + k,
        [TEMPERATURE]: 805 + 10 * k,
        [FAULT_BITS]: k === 1 ? 0b1000 : 0,
        [ALERT_BITS]: k >= 3 ? 0b1 : 0,
      };
      await send(client, box.boxId, 'data', data(t0 + k * MIN, { '1': values }, k));
    }
    await t.app.ingest.drain();
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it('exports the history of a device: progress, then the .xlsx with scaled values, newest first, once', async () => {
    const { job, buffer, disposition } = await exportFile(manager, {
      kind: 'history',
      device: { boxId: box.boxId, controller: 1 },
      filter: { from: t0, to: t0 + 4 * MIN, registers: `${PRESSURE},${TEMPERATURE},${FAULT_BITS}` },
    });
    expect(job).toMatchObject({ state: 'ready', done: 4, total: 4, fileName: `history-${box.boxId}-1-2026-11-20_2026-11-20.xlsx` });
    expect(disposition).toBe(`attachment; filename="history-${box.boxId}-1-2026-11-20_2026-11-20.xlsx"`);
    const sheet = await readSheet(buffer);
    expect(sheet.name).toBe('Register history');
    expect(sheet.rows).toEqual([
      ['Time (UTC)', `${PRESSURE} Discharge pressure (MPa)`, `${TEMPERATURE} Discharge temperature (°C)`, `${FAULT_BITS} Faults`],
      ['2026-11-20 08:03:00', 0.73, 83.5, 0],
      ['2026-11-20 08:02:00', 0.72, 82.5, 0],
      ['2026-11-20 08:01:00', 0.71, 81.5, 8],
      ['2026-11-20 08:00:00', 0.7, 80.5, 0],
    ]);
  });

  it("writes the history's times in the user's zone, named in the header, under a frozen header", async () => {
    const { job, buffer } = await exportFile(manager, {
      kind: 'history',
      device: { boxId: box.boxId, controller: 1 },
      filter: { from: t0, to: t0 + 2 * MIN, registers: String(PRESSURE) },
      tz: 'America/New_York',
    });
    // 08:00 UTC on 20 November is 03:00 in New York (EST, UTC-5).
    expect(job.fileName).toBe(`history-${box.boxId}-1-2026-11-20_2026-11-20.xlsx`);
    expect((await readSheet(buffer)).rows).toEqual([
      ['Time (America/New_York)', `${PRESSURE} Discharge pressure (MPa)`],
      ['2026-11-20 03:01:00', 0.71],
      ['2026-11-20 03:00:00', 0.7],
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0];
    expect(ws?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws?.getCell('A2').value).toEqual(new Date(Date.UTC(2026, 10, 20, 3, 1, 0)));
    expect(ws?.getColumn(1).width).toBeGreaterThanOrEqual('Time (America/New_York)'.length);
  });

  it("exports every register of the device's type when none is chosen, headers in the request's language", async () => {
    const { job, buffer } = await exportFile(
      manager,
      { kind: 'history', device: { boxId: box.boxId, controller: 1 }, filter: { from: t0, to: t0 + 1 } },
      'zh',
    );
    expect(job.total).toBe(1);
    const sheet = await readSheet(buffer);
    expect(sheet.name).toBe('历史数据');
    const [header, row] = sheet.rows as [Cell[], Cell[]];
    const types = body(await t.app.inject({ method: 'GET', url: '/api/v2/controller-types', headers: bearer(manager) })).data as Array<{
      id: number;
      code: string;
      registerCount: number;
    }>;
    const registerCount = types.find((x) => x.code === 'screw-compressor')?.registerCount ?? 0;
    expect(header).toHaveLength(1 + registerCount);
    expect(header.slice(0, 3)).toEqual(['时间 (UTC)', `${RUN_STATE} 运行状态`, `${PRESSURE} 排气压力 (MPa)`]);
    expect(row.slice(0, 4)).toEqual(['2026-11-20 08:00:00', 2, 0.7, 80.5]);
    // Registers the snapshot lacks are empty cells.
    expect(row.filter((c) => c === null).length).toBe(registerCount - 5);
  });

  it('exports the registers of the newest snapshot, headed by number, for a device of an unknown type', async () => {
    const c = await connectBox(t.app.mqttPort, untyped);
    try {
      await send(c, untyped.boxId, 'hello', hello([{ index: 1, type: 'not-a-known-type' }]));
      await send(c, untyped.boxId, 'data', data(t0, { '1': { 7: 1, 9: 2 } }, 1));
      await send(c, untyped.boxId, 'data', data(t0 + MIN, { '1': { 5: 30, 9: 4 } }, 2));
      await t.app.ingest.drain();
    } finally {
      await c.endAsync(true);
    }
    const { buffer } = await exportFile(manager, {
      kind: 'history',
      device: { boxId: untyped.boxId, controller: 1 },
      filter: { from: t0, to: t0 + 2 * MIN },
    });
    expect((await readSheet(buffer)).rows).toEqual([
      ['Time (UTC)', '5', '9'],
      ['2026-11-20 08:01:00', 30, 4],
      ['2026-11-20 08:00:00', null, 2],
    ]);
  });

  it("exports fault records across the user's devices with translated kinds and durations", async () => {
    // Close the alert so one record has an end.
    await send(client, box.boxId, 'data', data(t0 + 10 * MIN, { '1': { [ALERT_BITS]: 0 } }, 10));
    await t.app.ingest.drain();
    const en = await exportFile(manager, { kind: 'fault-records', filter: { from: t0, to: t0 + 86_400_000 } });
    expect(en.job).toMatchObject({ done: 2, total: 2, fileName: 'fault-records-2026-11-20_2026-11-21.xlsx' });
    const sheet = await readSheet(en.buffer);
    expect(sheet.name).toBe('Fault records');
    expect(sheet.rows).toEqual([
      ['Box ID', 'Controller', 'Company', 'Model', 'Kind', 'Name', 'Start (UTC)', 'End (UTC)', 'Duration'],
      [box.boxId, 1, 'Test Co', null, 'Alert', 'Air filter due', '2026-11-20 08:03:00', '2026-11-20 08:10:00', '0:07:00'],
      [box.boxId, 1, 'Test Co', null, 'Fault', 'High discharge pressure', '2026-11-20 08:01:00', '2026-11-20 08:02:00', '0:01:00'],
    ]);
    const es = await readSheet(
      (
        await exportFile(
          manager,
          { kind: 'fault-records', filter: { from: t0, to: t0 + 86_400_000, kind: 'fault' }, tz: 'Asia/Shanghai' },
          'es',
        )
      ).buffer,
    );
    expect(es.rows).toEqual([
      ['ID de caja', 'Controlador', 'Empresa', 'Modelo', 'Tipo', 'Nombre', 'Inicio (Asia/Shanghai)', 'Fin (Asia/Shanghai)', 'Duración'],
      [box.boxId, 1, 'Test Co', null, 'Fallo', 'Presión de salida alta', '2026-11-20 16:01:00', '2026-11-20 16:02:00', '0:01:00'],
    ]);
    // Another user's export holds none of these devices.
    const theirs = await exportFile(helper, { kind: 'fault-records', filter: { from: t0, to: t0 + 86_400_000 } });
    expect(theirs.job).toMatchObject({ done: 0, total: 0 });
    expect((await readSheet(theirs.buffer)).rows).toHaveLength(1);
  });

  it('refuses bad input with the exact message, no token (401), a device the user does not see (403), an unknown one (404)', async () => {
    const history = (filter: { from: number; to: number; registers?: string }, boxId = box.boxId): ExportBody => ({
      kind: 'history',
      device: { boxId, controller: 1 },
      filter,
    });
    const reversed = await start(manager, history({ from: t0, to: t0 }));
    expect(reversed.statusCode).toBe(400);
    expect(body(reversed)).toMatchObject({ code: 40001, message: 'The end of the time range must be after its start' });
    const registers = await start(manager, history({ from: t0, to: t0 + 1, registers: '1;2' }));
    expect(body(registers)).toMatchObject({
      code: 40001,
      message: 'Registers must be a comma-separated list of at most 20 register numbers',
    });
    const long = await start(manager, { kind: 'fault-records', filter: { from: 0, to: 400 * 86_400_000 } }, 'ja');
    expect(body(long)).toMatchObject({ code: 40001, message: '期間は最大366日までです' });
    const anonymous = await start(null, history({ from: t0, to: t0 + 1 }));
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await start(helper, history({ from: t0, to: t0 + 1 }));
    expect(forbidden.statusCode).toBe(403);
    expect(body(forbidden)).toMatchObject({ code: 40300, message: 'You do not have permission to do this.' });
    const unknown = await start(manager, history({ from: t0, to: t0 + 1 }, 7202));
    expect(unknown.statusCode).toBe(404);
    // A job is its starter's only.
    const job = body(await start(manager, history({ from: t0, to: t0 + 1 }))).data as ExportJob;
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}`, headers: bearer(helper) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(helper) })).statusCode).toBe(404);
  });
});
