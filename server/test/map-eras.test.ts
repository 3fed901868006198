import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoxCredentials,
  ControllerTypeDef,
  ExportJob,
  HistoryPage,
  KlineResult,
  MapEra,
  RegisterDef,
  SeriesResult,
  TypeEditView,
} from '@dms/contract';
import { seedTypes } from '../src/modules/controller-types/builtins.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

const name = (en: string) => ({ en, zh: en, es: en, ja: en });
const LEVEL = 200;
const LEVEL_V1: RegisterDef = {
  number: LEVEL,
  key: 'level',
  name: name('Level'),
  format: 'number',
  unit: 'm',
  decimals: 1,
  writable: false,
};
const TYPE: ControllerTypeDef = { code: 'era-test', kind: 'plc', name: name('Era test'), registers: [LEVEL_V1] };

/**
 * Old history with its own map (issue 20; docs/api.md "Map eras"): a map saved since the values were stored (the level
 * read with two decimals instead of one) does not change what the old values mean: the history answers the eras its
 * range spans, and the series, the k-line and the export read each value with the map of its moment.
 */
describe.each(dialects)('history read with the map of its moment on %s', (dialect) => {
  let t: TestApp;
  let b: BoxCredentials;
  let client: MqttClient;
  let root = '';
  let manager = '';
  let typeId = 0;
  let t0 = 0;
  let saved = 0;
  const get = async (token: string, path: string) =>
    t.app.inject({ method: 'GET', url: `/api/v2${path}`, headers: { ...bearer(token), 'accept-language': 'en' } });
  const data_ = async (token: string, path: string) => body(await get(token, path)).data;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
    await seedTypes(t.app.db, [TYPE], t.clock.now);
    typeId = (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', TYPE.code).executeTakeFirstOrThrow()).id;
    await t.app.ingest.reloadTypes();
    [b] = (await registerBoxes(t.app, 6801, 6801)) as [BoxCredentials];
    client = await connectBox(t.app.mqttPort, b);
    await send(client, b.boxId, 'hello', hello([{ index: 1, type: TYPE.code }]));
    // 12.5 m, stored as 125 while the map reads one decimal.
    t0 = t.clock.now - 60_000;
    await send(client, b.boxId, 'data', data(t0, { '1': { [LEVEL]: 125 } }, 1));
    await eventually(() => {
      if (t.app.ingest.deviceAt(b.boxId, 1)?.latestTs !== t0) throw new Error('not stored yet');
    });
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it('answers no eras while the map in use covers the range, and refuses what the caller may not see', async () => {
    expect(await data_(manager, `/history/${b.boxId}/1/maps?from=${t0}&to=${t.clock.now + 1000}`)).toEqual([]);
    expect((await get(await login(t.app, 'demo_end_user'), `/history/${b.boxId}/1/maps?from=${t0}&to=${t0 + 1}`)).statusCode).toBe(403);
    const bad = await get(manager, `/history/${b.boxId}/1/maps?from=${t0}&to=${t0}`);
    expect(bad.statusCode).toBe(400);
  });

  it('reads each value with the map of its moment after the map changes: eras, series, k-line and export', async () => {
    // The map saved a second later reads the level with two decimals: 12.50 m is now stored as 1250.
    t.clock.now += 1000;
    saved = t.clock.now;
    const view = (await data_(root, `/controller-types/${typeId}/edit`)) as TypeEditView;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/controller-types/${typeId}`,
      headers: bearer(root),
      payload: { name: view.name, kind: view.kind, version: view.version, registers: [{ ...LEVEL_V1, decimals: 2 }] },
    });
    expect(body(res).data).toEqual({ version: 2 });
    const t1 = t.clock.now + 1000;
    await send(client, b.boxId, 'data', data(t1, { '1': { [LEVEL]: 1250 } }, 2));
    await eventually(() => {
      if (t.app.ingest.deviceAt(b.boxId, 1)?.latestTs !== t1) throw new Error('not stored yet');
    });
    const to = t1 + 1000;

    const eras = (await data_(manager, `/history/${b.boxId}/1/maps?from=${t0}&to=${to}`)) as MapEra[];
    expect(eras.map((e) => [e.version, e.from, e.registers[0]?.decimals])).toEqual([
      [1, 0, 1],
      [2, saved, 2],
    ]);
    // Only what the range spans: after the change, the map in use alone.
    expect(await data_(manager, `/history/${b.boxId}/1/maps?from=${saved + 1}&to=${to}`)).toEqual([]);

    // The table's rows are the stored words; the console reads each with its era.
    const page = (await data_(manager, `/history/${b.boxId}/1?registers=${LEVEL}&from=${t0}&to=${to}`)) as HistoryPage;
    expect(page.items.map((r) => r.values[String(LEVEL)])).toEqual([1250, 125]);

    // The series and the k-line answer raw values as the map in use stores them: 12.5 m is 1250 for both.
    const series = (await data_(manager, `/devices/${b.boxId}/1/series?registers=${LEVEL}&from=${t0}&to=${to}&points=2`)) as SeriesResult;
    expect(series.series[0]?.buckets.map((x) => [x.min, x.max])).toEqual([
      [1250, 1250],
      [1250, 1250],
    ]);
    const kline = (await data_(manager, `/history/${b.boxId}/1/kline?register=${LEVEL}&from=${t0}&to=${t0 + 3_600_000}`)) as KlineResult;
    expect(kline.candles).toEqual([{ t: t0, open: 1250, high: 1250, low: 1250, close: 1250, n: 2 }]);

    // The export writes engineering values, each row with its own map.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v2/exports',
      headers: bearer(manager),
      payload: {
        kind: 'history',
        device: { boxId: b.boxId, controller: 1 },
        filter: { from: t0, to, registers: String(LEVEL) },
        tz: 'UTC',
      },
    });
    const job = body(started).data as ExportJob;
    await eventually(async () => {
      expect(((await data_(manager, `/exports/${job.id}`)) as ExportJob).state).toBe('ready');
    });
    const file = await t.app.inject({ method: 'GET', url: `/api/v2/exports/${job.id}/file`, headers: bearer(manager) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect([ws?.getRow(2).getCell(2).value, ws?.getRow(3).getCell(2).value]).toEqual([12.5, 12.5]);
  });
});
