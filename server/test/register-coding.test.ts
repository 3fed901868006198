import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BoxCredentials,
  type ControllerTypeDef,
  type DeviceDetail,
  type HistoryPage,
  type KlineResult,
  type LocalizedText,
  type RegisterDef,
  type SeriesResult,
  type WritePayload,
} from '@dms/contract';
import { seedTypes } from '../src/modules/controller-types/builtins.js';
import { data, eventually, registerBoxes, send, answeringBox } from './boxes.js';
import { bearer, body, buildTestApp, insertTemplate, login, testDialects, userIds, type TestApp } from './helper.js';

const dialects = await testDialects();

const name = (en: string): LocalizedText => ({ en, zh: en, es: en, ja: en });
const base = { unit: '', decimals: 0, writable: false, format: 'number' } as const;
/** Register map version 2 (issue 20): a map with every coding, at addresses 100 and up. */
const COUNTER = 100; // two words, high first: 100 and 101
const DISPLACEMENT = 102; // one signed word, one decimal
const SETPOINT = 103; // a float32, low word first, writable: 103 and 104
const OFFSET_TEMP = 105; // two signed words, factor 0.01 and offset -40, writable: 105 and 106
const REGISTERS: RegisterDef[] = [
  { ...base, number: COUNTER, key: 'energy_total', name: name('Total energy'), unit: 'kWh', words: 2 },
  { ...base, number: DISPLACEMENT, key: 'axial', name: name('Axial displacement'), unit: 'µm', decimals: 1, signed: true },
  {
    ...base,
    number: SETPOINT,
    key: 'flow_setpoint',
    name: name('Flow setpoint'),
    decimals: 2,
    writable: true,
    min: -50,
    max: 500,
    words: 2,
    wordOrder: 'low-first',
    encoding: 'float32',
    factor: 1,
  },
  {
    ...base,
    number: OFFSET_TEMP,
    key: 'temperature_limit',
    name: name('Temperature limit'),
    decimals: 2,
    writable: true,
    words: 2,
    signed: true,
    factor: 0.01,
    offset: -40,
    min: -40,
    max: 200,
  },
];
const TYPE: ControllerTypeDef = { code: 'coding-test', kind: 'plc', name: name('Coding test'), registers: REGISTERS };

describe.each(dialects)('register map version 2 (two words, signed, float32, factor) on %s', (dialect) => {
  let t: TestApp;
  let b: BoxCredentials;
  let box: { client: MqttClient; writes: WritePayload[] };
  let manager: string;
  let typeId: number;
  let t0: number;
  const url = (suffix = '', area = 'devices') => `/api/v2/${area}/${b.boxId}/1${suffix}`;
  const get = async (token: string, suffix: string, area = 'devices') =>
    body(await t.app.inject({ method: 'GET', url: url(suffix, area), headers: { ...bearer(token), 'accept-language': 'en' } }));
  const write = async (register: number, value: number) =>
    body(
      await t.app.inject({
        method: 'POST',
        url: url(`/registers/${register}`),
        headers: { ...bearer(manager), 'accept-language': 'en' },
        payload: { value },
      }),
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, { WRITE_TIMEOUT_MS: '500' });
    await seedTypes(t.app.db, [TYPE], t.clock.now);
    typeId = (await t.app.db.selectFrom('controller_types').select('id').where('code', '=', TYPE.code).executeTakeFirstOrThrow()).id;
    await t.app.ingest.reloadTypes();
    [b] = (await registerBoxes(t.app, 6201, 6201)) as [BoxCredentials];
    manager = await login(t.app, 'demo_manager');
    box = await answeringBox(t.app.mqttPort, b, TYPE.code);
    t0 = t.clock.now - 60_000;
    // 70,000 kWh (0x0001 0x1170), then 65,535 and 65,536 either side of one word's top; -12.5 µm (0xFF83) and
    // +3.0 µm; a setpoint of 12.5 as float32 0x4148 0000, low word first; 25 °C as (25 + 40) / 0.01 = 6500.
    const snapshots: Array<Record<number, number>> = [
      {
        [COUNTER]: 1,
        [COUNTER + 1]: 0x1170,
        [DISPLACEMENT]: 0xff83,
        [SETPOINT]: 0,
        [SETPOINT + 1]: 0x4148,
        [OFFSET_TEMP]: 0,
        [OFFSET_TEMP + 1]: 6500,
      },
      { [COUNTER]: 0, [COUNTER + 1]: 0xffff, [DISPLACEMENT]: 30 },
      { [COUNTER]: 1, [COUNTER + 1]: 0, [DISPLACEMENT]: 0xff83 },
    ];
    for (const [i, values] of snapshots.entries()) await send(box.client, b.boxId, 'data', data(t0 + i * 1000, { '1': values }, i));
    await eventually(() => {
      if (t.app.ingest.deviceAt(b.boxId, 1)?.latestTs !== t0 + 2000) throw new Error('not stored yet');
    });
  });
  afterAll(async () => {
    await box.client.endAsync(true);
    await t.close();
  });

  it("keeps a register's second word: it is in the map, not an unknown register", async () => {
    const device = (await get(manager, '')).data as DeviceDetail;
    expect(device.latest.values).toMatchObject({ [COUNTER]: 1, [COUNTER + 1]: 0, [DISPLACEMENT]: 0xff83, [SETPOINT + 1]: 0x4148 });
    expect(t.app.ingest.stats.snapshot().drops['unknown-register']).toBe(0);
  });

  it('charts and candles the raw values the words hold: past 65,535, and below zero', async () => {
    const q = `/series?registers=${COUNTER},${DISPLACEMENT}&from=${t0}&to=${t0 + 3000}&points=3`;
    const series = (await get(manager, q)).data as SeriesResult;
    expect(series.series.map((s) => [s.register, s.buckets.map((x) => x.avg)])).toEqual([
      [COUNTER, [70_000, 65_535, 65_536]],
      [DISPLACEMENT, [-125, 30, -125]],
    ]);
    const kline = (await get(manager, `/kline?register=${COUNTER}&from=${t0}&to=${t0 + 3_600_000}`, 'history')).data as KlineResult;
    expect(kline.candles).toEqual([{ t: t0, open: 70_000, high: 70_000, low: 65_535, close: 65_536, n: 3 }]);
  });

  it('brings the second word of a register of two words chosen in the history table', async () => {
    const page = (await get(manager, `?registers=${COUNTER}&from=${t0}&to=${t0 + 3000}`, 'history')).data as HistoryPage;
    expect(page.items.map((r) => r.values)).toEqual([
      { [COUNTER]: 1, [COUNTER + 1]: 0 },
      { [COUNTER]: 0, [COUNTER + 1]: 0xffff },
      { [COUNTER]: 1, [COUNTER + 1]: 0x1170 },
    ]);
  });

  it('writes both words of a 32-bit value in one command, in its word order, scaled by its factor', async () => {
    expect(await write(SETPOINT, 250.75)).toMatchObject({
      code: 20000,
      data: { outcome: 'acknowledged', oldValue: 12.5, newValue: 250.75 },
    });
    // 250.75 as float32 is 0x437A C000; low word first.
    expect(box.writes.at(-1)).toMatchObject({ register: SETPOINT, values: [0xc000, 0x437a] });
    expect(box.writes.at(-1)).not.toHaveProperty('value');
    expect(await write(OFFSET_TEMP, -35.5)).toMatchObject({ code: 20000, data: { oldValue: 25, newValue: -35.5 } });
    // (-35.5 + 40) / 0.01 = 450, high word first.
    expect(box.writes.at(-1)).toMatchObject({ register: OFFSET_TEMP, values: [0, 450] });
    const sent = box.writes.length;
    expect(await write(OFFSET_TEMP, 250)).toMatchObject({ code: 40001, message: 'The value must be between -40 and 200.' });
    expect(await write(SETPOINT, 1.005)).toMatchObject({ code: 40001, message: 'The value may have at most 2 decimal places.' });
    expect(box.writes.length).toBe(sent);
  });

  it("takes a register's read right over both its words", async () => {
    const uid = await userIds(t);
    const templateId = await insertTemplate(t.app.db, { name: 'No counter', defaultRead: true, defaultWrite: 'none' }, [
      { typeId, register: COUNTER, read: false, write: false },
    ]);
    await t.app.db.updateTable('users').set({ template_id: templateId }).where('id', '=', uid('demo_manager')).execute();
    t.app.bus.publish('templateChanged', { templateId });
    const withheld = ((await get(manager, '')).data as DeviceDetail).latest.values;
    expect(withheld).not.toHaveProperty(String(COUNTER));
    expect(withheld).not.toHaveProperty(String(COUNTER + 1));
    expect(withheld).toHaveProperty(String(DISPLACEMENT));

    // The other way round: nothing read by default, the counter named; its second word comes with it.
    await t.app.db.updateTable('permission_templates').set({ default_read: 0 }).where('id', '=', templateId).execute();
    await t.app.db.updateTable('permission_template_rights').set({ can_read: 1 }).where('template_id', '=', templateId).execute();
    t.app.bus.publish('templateChanged', { templateId });
    expect(((await get(manager, '')).data as DeviceDetail).latest.values).toEqual({ [COUNTER]: 1, [COUNTER + 1]: 0 });
    await t.app.db.updateTable('users').set({ template_id: null }).where('id', '=', uid('demo_manager')).execute();
    t.app.bus.publish('templateChanged', { templateId });
  });
});
