import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BoxCredentials,
  ChartBody,
  ChartDetail,
  ChartPage,
  DeviceChart,
  ExportJob,
  FleetStopStatus,
  StopStatusResult,
  TypeChartsPage,
  UtilisationResult,
} from '@dms/contract';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const RUN_STATE = reg('screw-compressor', 'run_state');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TEMPERATURE = reg('screw-compressor', 'discharge_temperature');
const MIN = 60_000;
const DAY = 86_400_000;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** docs/api.md "Charts": chart management, a type's choice of them, and a device's stop-status and utilisation (issue 21). */
describe.each(dialects)('charts on %s', (dialect) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-charts-'));
  const schema = `ch_${process.pid}_${Date.now().toString(36)}`;
  const env = { DATA_DIR: dataDir, ...(dialect === 'postgres' ? { DATABASE_SCHEMA: schema } : {}) };
  let t: TestApp;
  let root = '';
  let manager = '';
  let screw = 0;
  let other = 0;
  let box: BoxCredentials;
  let client: MqttClient | null = null;
  let seq = 0;

  const call = (token: string | null, method: Method, url: string, payload?: unknown, lang = 'en') =>
    t.app.inject({
      method,
      url: `/api/v2${url}`,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(method: Method, url: string, payload?: unknown, token = root): Promise<T> => {
    const res = await call(token, method, url, payload);
    expect(body(res), `${method} ${url}`).toMatchObject({ code: 20000 });
    return body(res).data as T;
  };
  const refused = async (method: Method, url: string, payload: unknown, message: string, status = 400, lang = 'en', token = root) => {
    const res = await call(token, method, url, payload, lang);
    expect(body(res).message, `${method} ${url}`).toBe(message);
    expect(res.statusCode).toBe(status);
  };
  const gauge = (over: Partial<ChartBody> = {}): ChartBody => ({
    name: 'Discharge pressure',
    typeId: screw,
    definition: {
      kind: 'gauge',
      register: PRESSURE,
      min: 0,
      max: 12,
      bands: [
        { to: 8, level: 'normal' },
        { to: 10, level: 'alert' },
        { to: 12, level: 'fault' },
      ],
    },
    ...over,
  });
  const runStates = (over: Partial<ChartBody> = {}): ChartBody => ({
    name: 'Run and stop',
    typeId: screw,
    definition: {
      kind: 'stop-status',
      states: [
        { state: 'faulted', when: { kind: 'band', register: RUN_STATE, inside: true, low: 5, high: 6 } },
        { state: 'loaded', when: { kind: 'compare', register: RUN_STATE, op: '=', value: 2 } },
        { state: 'unloaded', when: { kind: 'band', register: RUN_STATE, inside: true, low: 3, high: 4 } },
      ],
      gapS: 120,
    },
    ...over,
  });
  const setCharts = (typeId: number, definitions: number[]) =>
    ok<{ definitions: number[] }>('PUT', `/controller-types/${typeId}/charts`, { charts: ['history-curves', 'kline'], definitions });

  beforeAll(async () => {
    t = await buildTestApp(dialect, env);
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
    const types = await t.app.db.selectFrom('controller_types').select(['id', 'code']).execute();
    screw = types.find((r) => r.code === 'screw-compressor')?.id ?? 0;
    other = types.find((r) => r.code !== 'screw-compressor')?.id ?? 0;
    [box] = (await registerBoxes(t.app, 7201, 7201)) as [BoxCredentials];
  });
  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    await t.close();
    // Its PostgreSQL schema is dropped when every test file is done (global-setup.ts).
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses bad charts with the exact message in the caller’s language; 401 without a session, 403 for a manager', async () => {
    await refused(
      'POST',
      '/charts',
      gauge({ definition: { ...gauge().definition, register: 1 } as ChartBody['definition'] }),
      'The type screw-compressor has no register 1.',
    );
    await refused('POST', '/charts', gauge({ typeId: 999_999 }), 'No controller type has the id 999999.');
    await refused(
      'POST',
      '/charts',
      gauge({ definition: { kind: 'gauge', register: PRESSURE, min: 0, max: 12, bands: [{ to: 10, level: 'normal' }] } }),
      'The last band must end at the gauge’s maximum.',
    );
    await refused(
      'POST',
      '/charts',
      gauge({ definition: { kind: 'stacked', registers: [PRESSURE] } }),
      'A stacked chart shows 2 to 8 registers.',
    );
    await refused('POST', '/charts', gauge({ name: ' ' }), '请输入图表名称。', 400, 'zh');
    await refused(
      'POST',
      '/charts',
      runStates({ definition: { kind: 'stop-status', states: [] } }),
      'Un gráfico de marcha y paro distingue de 1 a 8 estados.',
      400,
      'es',
    );
    await refused('GET', '/charts', undefined, 'You are not signed in, or your session is not valid. Please sign in again.', 401, 'en', '');
    await refused('POST', '/charts', gauge(), 'You do not have permission to do this.', 403, 'en', manager);
    await refused('GET', '/charts/999', undefined, 'No chart has the id 999.', 404);
  });

  let gaugeId = 0;
  let stackedId = 0;
  let stopId = 0;
  it('adds each kind, lists them by kind and name, saves, copies; a chart keeps its kind and a unique name', async () => {
    const g = await ok<ChartDetail>('POST', '/charts', gauge());
    gaugeId = g.id;
    expect(g).toMatchObject({ kind: 'gauge', typeId: screw, usedBy: [], updatedBy: 'demo_root' });
    expect(g.definition).toMatchObject({ unit: '', bands: [{ to: 8, level: 'normal' }, { to: 10 }, { to: 12 }] });
    stackedId = (
      await ok<ChartDetail>('POST', '/charts', {
        name: 'Temperatures',
        typeId: screw,
        definition: { kind: 'stacked', registers: [TEMPERATURE, PRESSURE] },
      })
    ).id;
    const s = await ok<ChartDetail>('POST', '/charts', runStates());
    stopId = s.id;
    expect(s.definition).toMatchObject({ otherwise: 'stopped', working: ['running', 'loaded'], gapS: 120 });
    await refused('POST', '/charts', gauge(), 'A chart named "Discharge pressure" already exists.');

    const gauges = await ok<ChartPage>('GET', '/charts?kind=gauge');
    expect(gauges.items.map((c) => c.id)).toEqual([gaugeId]);
    expect((await ok<ChartPage>('GET', '/charts?q=TEMPER')).items.map((c) => c.name)).toEqual(['Temperatures']);
    expect((await ok<ChartPage>(`GET`, `/charts?typeId=${other}`)).total).toBe(0);

    const saved = await ok<ChartDetail>('PUT', `/charts/${gaugeId}`, gauge({ name: 'Discharge pressure (bar)' }));
    expect(saved.name).toBe('Discharge pressure (bar)');
    await refused('PUT', `/charts/${gaugeId}`, runStates({ name: 'X' }), 'A chart keeps its kind; copy it to make another.');
    const copy = await ok<ChartDetail>('POST', `/charts/${gaugeId}/copy`, undefined);
    expect(copy).toMatchObject({ name: 'Discharge pressure (bar) (copy)', kind: 'gauge', usedBy: [] });
    const zhCopy = await call(root, 'POST', `/charts/${gaugeId}/copy`, undefined, 'zh');
    expect((body(zhCopy).data as ChartDetail).name).toBe('Discharge pressure (bar)（副本）');
    await ok('DELETE', `/charts/${(body(zhCopy).data as ChartDetail).id}`);
    await ok('DELETE', `/charts/${copy.id}`);
  });

  it('a type chooses its charts for its devices’ pages; a chart shown cannot be deleted, nor move to another type', async () => {
    await refused(
      'PUT',
      `/controller-types/${other}/charts`,
      { charts: [], definitions: [gaugeId] },
      `Chart ${gaugeId} is not of this device’s type.`,
    );
    expect((await setCharts(screw, [stopId, gaugeId, stackedId])).definitions).toEqual([stopId, gaugeId, stackedId]);
    const types = await ok<TypeChartsPage>('GET', '/controller-types/charts?q=screw-compressor');
    expect(types.items.find((r) => r.id === screw)?.definitions.map((d) => [d.id, d.kind])).toEqual([
      [stopId, 'stop-status'],
      [gaugeId, 'gauge'],
      [stackedId, 'stacked'],
    ]);
    const detail = await ok<ChartDetail>('GET', `/charts/${gaugeId}`);
    expect(detail.usedBy.map((u) => u.typeId)).toEqual([screw]);
    const name = detail.usedBy[0]?.typeName;
    await refused(
      'DELETE',
      `/charts/${gaugeId}`,
      undefined,
      `This chart is shown on the device pages of ${name?.en}; take it off there first (Device types › Charts).`,
    );
    await refused(
      'PUT',
      `/charts/${gaugeId}`,
      gauge({ name: detail.name, typeId: other }),
      `This chart is shown by ${name?.en}; it keeps its type while it is.`,
    );
    // Saving the type's kinds without `definitions` leaves its choice as it is.
    await ok('PUT', `/controller-types/${screw}/charts`, { charts: ['history-curves'] });
    expect((await ok<ChartDetail>('GET', `/charts/${gaugeId}`)).usedBy).toHaveLength(1);
  });

  it('a device’s page lists its type’s charts; people without the device are refused', async () => {
    client = await connectBox(t.app.mqttPort, box);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await t.app.ingest.drain();
    await eventually(async () => {
      const charts = await ok<DeviceChart[]>('GET', `/charts/device/${box.boxId}/1`);
      expect(charts.map((c) => [c.id, c.kind, c.withheld])).toEqual([
        [stopId, 'stop-status', null],
        [gaugeId, 'gauge', null],
        [stackedId, 'stacked', null],
      ]);
    });
    // The demo end user does not reach this box: refused, as the device itself is.
    const stranger = await login(t.app, 'demo_end_user');
    await refused('GET', `/charts/device/${box.boxId}/1`, undefined, 'You do not have permission to do this.', 403, 'en', stranger);
    await refused(
      'GET',
      `/charts/${stopId}/stop-status/${box.boxId}/1?from=0&to=1000`,
      undefined,
      'You do not have permission to do this.',
      403,
      'en',
      stranger,
    );
  });

  it('stop-status over stored snapshots: segments sum to the window, silence is offline; utilisation per day, exported', async () => {
    if (!client) throw new Error('not connected');
    const t0 = Math.floor((t.clock.now - 2 * DAY) / DAY) * DAY;
    // 00:00 loaded, a report a minute for 10 minutes; 00:10 unloaded for 5; 00:15 fault stop; then nothing (offline).
    const states: number[] = [...Array<number>(10).fill(2), ...Array<number>(5).fill(3), 5];
    for (const [i, state] of states.entries()) {
      seq += 1;
      await send(client, box.boxId, 'data', data(t0 + i * MIN, { '1': { [RUN_STATE]: state, [PRESSURE]: 70 } }, seq));
    }
    await t.app.ingest.drain();
    const url = `/charts/${stopId}/stop-status/${box.boxId}/1`;
    const r = await ok<StopStatusResult>('GET', `${url}?from=${t0}&to=${t0 + 60 * MIN}`);
    expect(r.segments.map((s) => [s.state, (s.from - t0) / MIN, (s.to - t0) / MIN])).toEqual([
      ['loaded', 0, 10],
      ['unloaded', 10, 15],
      ['faulted', 15, 17],
      ['offline', 17, 60],
    ]);
    expect(r.totals).toEqual({ running: 0, loaded: 10 * MIN, unloaded: 5 * MIN, stopped: 0, faulted: 2 * MIN, offline: 43 * MIN });
    expect(r.utilisation).toBeCloseTo(10 / 60, 10);
    // A window reaching into the future ends now.
    const later = await ok<StopStatusResult>('GET', `${url}?from=${t.clock.now - MIN}&to=${t.clock.now + DAY}`);
    expect(later.to).toBe(t.clock.now);

    const u = await ok<UtilisationResult>('GET', `/charts/${stopId}/utilisation/${box.boxId}/1?from=${t0}&days=2`);
    expect(u.days.map((d) => d.from)).toEqual([t0, t0 + DAY]);
    expect(u.days[0]?.totals.loaded).toBe(10 * MIN);
    expect(u.days[0]?.utilisation).toBeCloseTo((10 * MIN) / DAY, 10);
    expect(u.days[1]?.utilisation).toBe(0);

    // The large screen's sum over the devices the viewer reads: this one, since t0; none for a stranger.
    const fleet = await ok<FleetStopStatus>('GET', `/charts/fleet-stop-status?from=${t0}`);
    expect(fleet).toMatchObject({ from: t0, to: t.clock.now, devices: 1, left: 0 });
    expect(fleet.totals).toMatchObject({ loaded: 10 * MIN, unloaded: 5 * MIN, faulted: 2 * MIN });
    expect(Object.values(fleet.totals).reduce((n, ms) => n + ms, 0)).toBe(t.clock.now - t0);
    expect(fleet.top).toEqual([{ boxId: box.boxId, controller: 1, company: expect.any(String) as string, utilisation: fleet.utilisation }]);
    const stranger = await login(t.app, 'demo_end_user');
    expect(await ok<FleetStopStatus>('GET', `/charts/fleet-stop-status?from=${t0}`, undefined, stranger)).toMatchObject({
      devices: 0,
      top: [],
    });

    // Late data into a day already read (and kept): the day is read again.
    seq += 1;
    await send(client, box.boxId, 'data', data(t0 + 30 * MIN + 30_000, { '1': { [RUN_STATE]: 5, [PRESSURE]: 70 } }, seq));
    await t.app.ingest.drain();
    const late = await ok<UtilisationResult>('GET', `/charts/${stopId}/utilisation/${box.boxId}/1?from=${t0}&days=2`);
    expect(late.days[0]?.totals).toMatchObject({ loaded: 10 * MIN, unloaded: 5 * MIN, faulted: 4 * MIN });
    expect(late.days[0]?.totals.offline).toBe(DAY - 17 * MIN - 2 * MIN);

    await refused('GET', `${url}?from=${t0}&to=${t0 + 40 * DAY}`, undefined, 'A timeline covers at most 31 days.');
    await refused(
      'GET',
      `/charts/${gaugeId}/stop-status/${box.boxId}/1?from=${t0}&to=${t0 + MIN}`,
      undefined,
      `Chart ${gaugeId} is not a stop-status chart.`,
    );
    await refused('GET', `/charts/${stopId}/utilisation/${box.boxId}/1?from=${t0}&days=40`, undefined, 'Utilisation covers 1 to 31 days.');

    const job = await call(root, 'POST', '/exports', {
      kind: 'utilisation',
      filter: { chartId: stopId, boxId: box.boxId, controller: 1, from: t0, days: 2 },
      tz: 'UTC',
    });
    const id = (body(job).data as ExportJob).id;
    await eventually(async () => {
      expect((body(await call(root, 'GET', `/exports/${id}`)).data as ExportJob).state).toBe('ready');
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await call(root, 'GET', `/exports/${id}/file`)).rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.name).toBe('Utilisation');
    expect(ws?.getRow(1).values).toEqual([
      undefined,
      'Day',
      'Utilisation (%)',
      'Running',
      'Loaded',
      'Unloaded',
      'Stopped',
      'Faulted',
      'Offline',
    ]);
    expect(ws?.getRow(2).getCell(2).value).toBe(Math.round(((10 * MIN) / DAY) * 1000) / 10);
    expect(ws?.rowCount).toBe(3);
  });

  it('a chart no longer shown can be deleted; deleting a type takes its charts with it', async () => {
    await setCharts(screw, [stopId, stackedId]);
    await ok('DELETE', `/charts/${gaugeId}`);
    await refused('GET', `/charts/${gaugeId}`, undefined, `No chart has the id ${gaugeId}.`, 404);
    const charts = await ok<DeviceChart[]>('GET', `/charts/device/${box.boxId}/1`);
    expect(charts.map((c) => c.id)).toEqual([stopId, stackedId]);
  });
});
