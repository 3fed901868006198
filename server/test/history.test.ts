import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RANGE_MS, type BoxCredentials, type FaultRecordPage, type KlineResult, type SnapshotResult } from '@dms/contract';
import { refreshReach } from '../src/access/reach.js';
import { invalidateTemplates } from '../src/access/template-rights.js';
import { encodeValues } from '../src/ingest/codec.js';
import { parseWindow, readSeries, SeriesAccumulator } from '../src/modules/devices/series.js';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, linkHelper, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const RUN_STATE = reg('screw-compressor', 'run_state');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const ALERT_BITS = reg('screw-compressor', 'alert_bits');
/** A register of the map the test box never reports. */
const UNREPORTED = reg('screw-compressor', 'ambient_temperature');
const MIN = 60_000;
const HOUR = 3_600_000;
/** Discharge pressure every 20 minutes for three hours, then one value two hours later. */
const SERIES = [10, 30, 20, 5, 50, 40, 35, 60, 15];
const LATE = { offset: 5 * HOUR + MIN, value: 7 };

describe.each(dialects)('history API on %s', (dialect) => {
  let t: TestApp;
  let root: string;
  let manager: string;
  let helper: string;
  let market: string;
  let endUser: string;
  const clients: MqttClient[] = [];
  let mine: BoxCredentials;
  let theirs: BoxCredentials;
  /** When the known series starts. */
  let t0: number;
  let now: number;
  const get = (token: string | null, url: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: token ? { ...bearer(token), 'accept-language': lang } : {} });
  const dev = (suffix: string, b = mine) => `/history/${b.boxId}/1${suffix}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [mine] = (await registerBoxes(t.app, 7001, 7002)) as [BoxCredentials];
    [theirs] = (await registerBoxes(t.app, 7101, 7101, 'demo_end_user')) as [BoxCredentials];
    [root, manager, helper, market, endUser] = (await Promise.all(
      ['demo_root', 'demo_manager', 'demo_helper', 'demo_market', 'demo_end_user'].map((u) => login(t.app, u)),
    )) as [string, string, string, string, string];
    now = t.clock.now;
    t0 = now - 10 * HOUR;
    const a = await connectBox(t.app.mqttPort, mine);
    clients.push(a);
    await send(a, mine.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    // A fault (bit 0) from the 5th to the 6th value, an alert (bit 1) from the 7th on, never ended.
    for (const [k, value] of SERIES.entries()) {
      const faults = k === 4 ? 0b1 : 0;
      const alerts = k >= 6 ? 0b10 : 0;
      await send(
        a,
        mine.boxId,
        'data',
        data(t0 + k * 20 * MIN, { '1': { [RUN_STATE]: 2, [PRESSURE]: value, [FAULT_BITS]: faults, [ALERT_BITS]: alerts } }, k),
      );
    }
    await send(a, mine.boxId, 'data', data(t0 + LATE.offset, { '1': { [PRESSURE]: LATE.value } }, 20));
    // Another user's device with a fault of its own.
    const b = await connectBox(t.app.mqttPort, theirs);
    clients.push(b);
    await send(b, theirs.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await send(b, theirs.boxId, 'data', data(t0 + 30 * MIN, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0b100 } }, 1));
    await t.app.ingest.drain();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  describe('GET /history/:boxId/:controller', () => {
    it('pages the snapshots of a range newest first with the chosen registers', async () => {
      const all = [
        ...SERIES.map((v, k) => ({ ts: t0 + k * 20 * MIN, values: { [PRESSURE]: v } })),
        { ts: t0 + LATE.offset, values: { [PRESSURE]: LATE.value } },
      ].reverse();
      const page = (n: number) => get(manager, dev(`?from=${t0}&to=${t0 + 6 * HOUR}&registers=${PRESSURE}&page=${n}&page_size=4`));
      const first = await page(1);
      expect(first.statusCode).toBe(200);
      expect(body(first).data).toEqual({ total: 10, items: all.slice(0, 4) });
      expect(body(await page(3)).data).toEqual({ total: 10, items: all.slice(8) });
      expect(body(await page(4)).data).toEqual({ total: 10, items: [] });
    });

    it('answers every register without `registers`, and only [from, to)', async () => {
      const res = await get(manager, dev(`?from=${t0 + 20 * MIN}&to=${t0 + 60 * MIN}`));
      expect(body(res).data).toEqual({
        total: 2,
        items: [
          { ts: t0 + 40 * MIN, values: { [RUN_STATE]: 2, [PRESSURE]: 20, [FAULT_BITS]: 0, [ALERT_BITS]: 0 } },
          { ts: t0 + 20 * MIN, values: { [RUN_STATE]: 2, [PRESSURE]: 30, [FAULT_BITS]: 0, [ALERT_BITS]: 0 } },
        ],
      });
      const twoRegisters = await get(manager, dev(`?from=${t0}&to=${t0 + 1}&registers=${FAULT_BITS},${PRESSURE},${PRESSURE},9`));
      expect(body(twoRegisters).data).toEqual({ total: 1, items: [{ ts: t0, values: { [PRESSURE]: 10, [FAULT_BITS]: 0 } }] });
    });

    it('refuses bad input with the exact message', async () => {
      const cases: Array<[string, string]> = [
        [`?from=${t0}&to=${t0}`, 'The end of the time range must be after its start'],
        [`?from=${t0}&to=${t0 - 1}`, 'The end of the time range must be after its start'],
        [`?from=0&to=${MAX_RANGE_MS + 1}`, 'A time range may cover at most 366 days'],
        [`?from=1&to=2&registers=a,b`, 'Registers must be a comma-separated list of at most 20 register numbers'],
        [
          `?from=1&to=2&registers=${Array.from({ length: 21 }, (_, i) => i).join(',')}`,
          'Registers must be a comma-separated list of at most 20 register numbers',
        ],
        [`?from=1&to=2&registers=`, 'Registers must be a comma-separated list of at most 20 register numbers'],
        [`?to=2`, 'Please fill in from with a number'],
        [`?from=yesterday&to=2`, 'Please fill in from with a number'],
        [`?from=1.5&to=2`, 'Please fill in from with a number'],
      ];
      for (const [url, message] of cases) {
        const res = await get(manager, dev(url));
        expect(res.statusCode, url).toBe(400);
        expect(body(res), url).toMatchObject({ code: 40001, message });
      }
      const zh = await get(manager, dev(`?from=${t0}&to=${t0}`), 'zh');
      expect(body(zh).message).toBe('时间范围的结束必须晚于开始');
      expect((await get(manager, dev(`?from=1&to=2&page_size=201`))).statusCode).toBe(400);
      // The whole year is allowed.
      expect((await get(manager, dev(`?from=0&to=${MAX_RANGE_MS}`))).statusCode).toBe(200);
    });
  });

  describe('GET /history/:boxId/:controller/kline', () => {
    it('makes hourly candles aligned to `from`, leaving empty hours out', async () => {
      const res = await get(manager, dev(`/kline?register=${PRESSURE}&period=hour&from=${t0}&to=${t0 + 6 * HOUR}`));
      expect(body(res).data).toEqual({
        register: PRESSURE,
        periodMs: HOUR,
        candles: [
          { t: t0, open: 10, high: 30, low: 10, close: 20, n: 3 },
          { t: t0 + HOUR, open: 5, high: 50, low: 5, close: 40, n: 3 },
          { t: t0 + 2 * HOUR, open: 35, high: 60, low: 15, close: 15, n: 3 },
          { t: t0 + 5 * HOUR, open: 7, high: 7, low: 7, close: 7, n: 1 },
        ],
      } satisfies KlineResult);
    });

    it('makes daily candles, and candles from a shifted start', async () => {
      const day = await get(manager, dev(`/kline?register=${PRESSURE}&period=day&from=${t0}&to=${t0 + 86_400_000}`));
      expect((body(day).data as KlineResult).candles).toEqual([{ t: t0, open: 10, high: 60, low: 5, close: 7, n: 10 }]);
      // Buckets start at `from`: 30 minutes in, the first hour holds the values at 40, 60 and 80 minutes.
      const shifted = await get(manager, dev(`/kline?register=${PRESSURE}&from=${t0 + 30 * MIN}&to=${t0 + 150 * MIN}`));
      expect((body(shifted).data as KlineResult).candles).toEqual([
        { t: t0 + 30 * MIN, open: 20, high: 50, low: 5, close: 50, n: 3 },
        { t: t0 + 90 * MIN, open: 40, high: 60, low: 35, close: 60, n: 3 },
      ]);
      const none = await get(manager, dev(`/kline?register=${UNREPORTED}&period=day&from=${t0}&to=${now}`));
      expect(body(none).data).toEqual({ register: UNREPORTED, periodMs: 86_400_000, candles: [] });
    });

    it('refuses bad input with the exact message', async () => {
      const cases: Array<[string, string]> = [
        [`/kline?register=${PRESSURE}&from=${t0}&to=${t0}`, 'The end of the time range must be after its start'],
        [`/kline?register=${PRESSURE}&period=day&from=0&to=${MAX_RANGE_MS + 1}`, 'A time range may cover at most 366 days'],
        [`/kline?register=${PRESSURE}&period=hour&from=0&to=${2001 * HOUR}`, 'Too many candles: choose a shorter range or a longer period'],
        [`/kline?register=${PRESSURE}&period=minute&from=0&to=1`, 'Invalid value for period'],
        [`/kline?from=0&to=1`, 'Invalid value for register'],
      ];
      for (const [url, message] of cases) {
        const res = await get(manager, dev(url));
        expect(res.statusCode, url).toBe(400);
        expect(body(res), url).toMatchObject({ code: 40001, message });
      }
      expect((await get(manager, dev(`/kline?register=${PRESSURE}&period=hour&from=0&to=${2000 * HOUR}`))).statusCode).toBe(200);
    });
  });

  describe('GET /history/:boxId/:controller/snapshot', () => {
    it('answers the snapshot at a moment or the last before it; null before the first', async () => {
      const exact = await get(manager, dev(`/snapshot?at=${t0 + 80 * MIN}`));
      const expected: SnapshotResult = { ts: t0 + 80 * MIN, values: { [RUN_STATE]: 2, [PRESSURE]: 50, [FAULT_BITS]: 1, [ALERT_BITS]: 0 } };
      expect(body(exact).data).toEqual(expected);
      expect(body(await get(manager, dev(`/snapshot?at=${t0 + 99 * MIN}`))).data).toEqual(expected);
      expect(body(await get(manager, dev(`/snapshot?at=${t0 - 1}`))).data).toEqual({ ts: null, values: {} });
      const bad = await get(manager, dev('/snapshot?at=soon'));
      expect(body(bad)).toMatchObject({ code: 40001, message: 'Please fill in at with a number' });
    });

    it("answers a fault record's own snapshot, only on its own device", async () => {
      const records = body(await get(root, `/history/fault-records?from=${t0}&to=${now}&kind=fault`)).data as FaultRecordPage;
      const own = records.items.find((r) => r.boxId === mine.boxId);
      const other = records.items.find((r) => r.boxId === theirs.boxId);
      if (!own || !other) throw new Error('fault records missing');
      const res = await get(manager, dev(`/snapshot?at=0&record=${own.id}`));
      // Taken when the fault began: the latest value of every register the device had sent.
      expect(body(res).data).toEqual({ ts: t0 + 80 * MIN, values: { [RUN_STATE]: 2, [PRESSURE]: 50, [FAULT_BITS]: 1, [ALERT_BITS]: 0 } });
      expect((await get(root, dev(`/snapshot?at=0&record=${other.id}`))).statusCode).toBe(404);
      expect((await get(root, dev(`/snapshot?at=0&record=999999`))).statusCode).toBe(404);
      expect(body(await get(manager, dev('/snapshot?at=0&record=0')))).toMatchObject({ code: 40001 });
    });
  });

  describe('rights on one device', () => {
    const urls = () => [dev(`?from=${t0}&to=${now}`), dev(`/kline?register=${PRESSURE}&from=${t0}&to=${now}`), dev(`/snapshot?at=${now}`)];

    it('401 without a token', async () => {
      for (const url of urls()) {
        const res = await get(null, url);
        expect(res.statusCode, url).toBe(401);
        expect(body(res).code).toBe(50008);
      }
    });

    it('403 for users who do not see the device, 200 for its owner and root', async () => {
      for (const url of urls()) {
        for (const token of [helper, market, endUser]) {
          const res = await get(token, url);
          expect(res.statusCode, url).toBe(403);
          expect(body(res)).toMatchObject({ code: 40300, message: 'You do not have permission to do this.' });
        }
        expect((await get(manager, url)).statusCode).toBe(200);
        expect((await get(root, url)).statusCode).toBe(200);
      }
    });

    it('404 for a device that does not exist; 400 for a bad address', async () => {
      // Box 7002 is registered but never reported: no device.
      for (const url of [`/history/7002/1?from=0&to=1`, `/history/7001/2/kline?register=1&from=0&to=1`, `/history/9999/1/snapshot?at=0`]) {
        const res = await get(root, url);
        expect(res.statusCode, url).toBe(404);
        expect(body(res)).toMatchObject({ code: 40400, message: 'Not found.' });
      }
      expect(body(await get(root, '/history/x/1?from=0&to=1'))).toMatchObject({
        code: 40001,
        message: 'Please fill in boxId with a positive integer',
      });
      expect(body(await get(root, '/history/7001/33?from=0&to=1'))).toMatchObject({
        code: 40001,
        message: 'Please fill in controller with a positive integer',
      });
    });

    it('a helper given the device sees its history', async () => {
      const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', mine.boxId).executeTakeFirstOrThrow();
      const link = await linkHelper(t, device.id, { at: now });
      try {
        const res = await get(helper, dev(`?from=${t0}&to=${now}&page_size=1`));
        expect(body(res).data).toMatchObject({ total: 10 });
        const records = body(await get(helper, `/history/fault-records?from=${t0}&to=${now}`)).data as FaultRecordPage;
        expect(records.items.map((r) => r.boxId)).toEqual([mine.boxId, mine.boxId]);
      } finally {
        await t.app.db.deleteFrom('device_links').where('id', '=', link).execute();
        await refreshReach(t.app.db, [device.id]);
      }
      expect((await get(helper, dev(`?from=${t0}&to=${now}`))).statusCode).toBe(403);
    });
  });

  describe('GET /fault-records', () => {
    const list = async (token: string, query: string, lang = 'en') => {
      const res = await get(token, `/history/fault-records?${query}`, lang);
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data as FaultRecordPage;
    };

    it("lists the records of the user's devices, newest first, with the bit's name in the request's language", async () => {
      const page = await list(manager, `from=${t0}&to=${now}`);
      const device = await t.app.db
        .selectFrom('devices')
        .select(['id', 'type_id'])
        .where('box_id', '=', mine.boxId)
        .executeTakeFirstOrThrow();
      const common = { deviceId: device.id, boxId: mine.boxId, controller: 1, company: 'Test Co', model: '', typeId: device.type_id };
      expect(page.total).toBe(2);
      expect(page.items).toEqual([
        {
          ...common,
          id: expect.any(Number) as unknown,
          kind: 'alert',
          register: ALERT_BITS,
          bit: 1,
          startedAt: t0 + 120 * MIN,
          endedAt: null,
          name: 'Oil filter due',
        },
        {
          ...common,
          id: expect.any(Number) as unknown,
          kind: 'fault',
          register: FAULT_BITS,
          bit: 0,
          startedAt: t0 + 80 * MIN,
          endedAt: t0 + 100 * MIN,
          name: 'Main motor overload',
        },
      ]);
      expect((await list(manager, `from=${t0}&to=${now}`, 'zh')).items.map((r) => r.name)).toEqual(['油滤到期', '主机过载']);
      expect((await list(manager, `from=${t0}&to=${now}`, 'ja')).items.map((r) => r.name)).toEqual([
        'オイルフィルタ交換時期',
        '主モータ過負荷',
      ]);
      expect((await list(endUser, `from=${t0}&to=${now}`)).items.map((r) => [r.boxId, r.kind, r.name])).toEqual([
        [theirs.boxId, 'fault', 'High discharge temperature'],
      ]);
      expect((await list(root, `from=${t0}&to=${now}`)).total).toBe(3);
      expect(await list(helper, `from=${t0}&to=${now}`)).toEqual({ total: 0, items: [] });
      expect(await list(market, `from=${t0}&to=${now}`)).toEqual({ total: 0, items: [] });
    });

    it('filters by start time, kind and search; pages', async () => {
      expect((await list(root, `from=${t0}&to=${t0 + 80 * MIN}`)).items.map((r) => r.boxId)).toEqual([theirs.boxId]);
      expect((await list(root, `from=${t0 + 80 * MIN}&to=${t0 + 80 * MIN + 1}`)).items.map((r) => r.kind)).toEqual(['fault']);
      expect((await list(root, `from=${t0}&to=${now}&kind=alert`)).items.map((r) => r.register)).toEqual([ALERT_BITS]);
      expect((await list(root, `from=${t0}&to=${now}&kind=fault`)).items.map((r) => r.boxId)).toEqual([mine.boxId, theirs.boxId]);
      const search = async (q: string) => (await list(root, `from=${t0}&to=${now}&q=${encodeURIComponent(q)}`)).items.map((r) => r.boxId);
      expect(await search('7')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      expect(await search('70')).toEqual([mine.boxId, mine.boxId]);
      expect(await search('7001')).toEqual([mine.boxId, mine.boxId]);
      expect(await search('71')).toEqual([theirs.boxId]);
      expect(await search('8')).toEqual([]);
      expect(await search('test co')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      expect(await search('TEST')).toEqual([mine.boxId, mine.boxId, theirs.boxId]);
      // A prefix, as the device list searches: "co" is not the start of "Test Co".
      expect(await search('co')).toEqual([]);
      // LIKE's wildcards in the search are plain characters.
      expect(await search('t_st')).toEqual([]);
      expect(await search('%')).toEqual([]);
      await t.app.db
        .updateTable('devices')
        .set({ company: 'Acme 100% Air', model: 'SA-37', station_no: 'ST-9' })
        .where('box_id', '=', theirs.boxId)
        .execute();
      expect(await search('acme')).toEqual([theirs.boxId]);
      expect(await search('acme 100%')).toEqual([theirs.boxId]);
      expect(await search('acme 1000')).toEqual([]);
      expect(await search('sa-3')).toEqual([theirs.boxId]);
      expect(await search('st-9')).toEqual([theirs.boxId]);
      expect(await search('air')).toEqual([]);
      // The device's own company replaces the registration's.
      expect(await search('test co')).toEqual([mine.boxId, mine.boxId]);
      const second = await list(root, `from=${t0}&to=${now}&page=2&page_size=2`);
      expect(second.total).toBe(3);
      expect(second.items.map((r) => r.boxId)).toEqual([theirs.boxId]);
    });

    it('refuses bad input with the exact message; 401 without a token', async () => {
      const bad = async (query: string, message: string) => {
        const res = await get(manager, `/history/fault-records?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(body(res), query).toMatchObject({ code: 40001, message });
      };
      await bad(`from=${t0}&to=${t0}`, 'The end of the time range must be after its start');
      await bad(`from=0&to=${MAX_RANGE_MS + 1}`, 'A time range may cover at most 366 days');
      await bad(`to=${t0}`, 'Please fill in from with a number');
      await bad(`from=0&to=1&kind=info`, 'Invalid value for kind');
      await bad(`from=0&to=1&q=${'x'.repeat(65)}`, 'q is too long');
      const res = await get(null, `/history/fault-records?from=0&to=1`);
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ code: 50008 });
      expect(body(await get(manager, `/history/fault-records?from=${t0}&to=${t0}`, 'es')).message).toBe(
        'El final del intervalo debe ser posterior a su inicio',
      );
    });
  });

  describe('register scan (series and candles read in the database)', () => {
    /** Raw pairs as stored, in the order given (the codec sorts; these are built by hand). */
    const packed = (pairs: Array<[number, number]>) => Buffer.from(pairs.flatMap(([r, v]) => [r >> 8, r & 0xff, v >> 8, v & 0xff]));
    let base: number;
    let deviceId: number;

    beforeAll(async () => {
      base = t0 - 3 * HOUR;
      deviceId = (await t.app.db.selectFrom('devices').select('id').where('box_id', '=', mine.boxId).executeTakeFirstOrThrow()).id;
      await t.app.db
        .insertInto('history')
        .values([
          // PRESSURE's bytes (0x9C42) first appear as the value of RUN_STATE: found by searching the snapshot instead.
          {
            device_id: deviceId,
            ts: base,
            vals: packed([
              [RUN_STATE, PRESSURE],
              [PRESSURE, 55],
            ]),
          },
          // ... and straddling a value and the next register (0x..9C, 0x42..).
          {
            device_id: deviceId,
            ts: base + 1000,
            vals: packed([
              [100, 0x009c],
              [0x4201, 5],
              [PRESSURE, 77],
            ]),
          },
          // Aligned, as the codec writes it.
          {
            device_id: deviceId,
            ts: base + 2000,
            vals: encodeValues(
              new Map([
                [RUN_STATE, 3],
                [PRESSURE, 0xffff],
              ]),
            ),
          },
          // Without the register.
          { device_id: deviceId, ts: base + 3000, vals: encodeValues(new Map([[RUN_STATE, 4]])) },
          { device_id: deviceId, ts: base + 4000, vals: encodeValues(new Map([[PRESSURE, 0]])) },
        ])
        .execute();
    });

    it('finds each value wherever the register sits in the snapshot', async () => {
      const series = await readSeries(t.app.db, deviceId, { registers: [PRESSURE, RUN_STATE], from: base, to: base + 5000, points: 5 });
      expect(series).toEqual({
        bucketMs: 1000,
        series: [
          {
            register: PRESSURE,
            buckets: [
              { t: base, min: 55, max: 55, avg: 55, n: 1 },
              { t: base + 1000, min: 77, max: 77, avg: 77, n: 1 },
              { t: base + 2000, min: 0xffff, max: 0xffff, avg: 0xffff, n: 1 },
              { t: base + 4000, min: 0, max: 0, avg: 0, n: 1 },
            ],
          },
          {
            register: RUN_STATE,
            buckets: [
              { t: base, min: PRESSURE, max: PRESSURE, avg: PRESSURE, n: 1 },
              { t: base + 2000, min: 3, max: 3, avg: 3, n: 1 },
              { t: base + 3000, min: 4, max: 4, avg: 4, n: 1 },
            ],
          },
        ],
      });
      const kline = await get(manager, dev(`/kline?register=${PRESSURE}&from=${base}&to=${base + HOUR}`));
      expect((body(kline).data as KlineResult).candles).toEqual([{ t: base, open: 55, high: 0xffff, low: 0, close: 0, n: 4 }]);
    });

    it('answers what reading every snapshot answers, across windows', async () => {
      const q = { registers: [PRESSURE, FAULT_BITS, ALERT_BITS, UNREPORTED], from: base, to: now, points: 7 };
      const expected = new SeriesAccumulator(q.from, q.to, q.points, q.registers);
      const rows = await t.app.db
        .selectFrom('history')
        .select(['ts', 'vals'])
        .where('device_id', '=', deviceId)
        .where('ts', '>=', q.from)
        .where('ts', '<', q.to)
        .execute();
      for (const r of rows) expected.add(r.ts, r.vals);
      const got = await readSeries(t.app.db, deviceId, q);
      expect(got).toEqual({ bucketMs: expected.bucketMs, series: expected.result() });
      expect(got.series[0]?.buckets.reduce((n, b) => n + b.n, 0)).toBe(4 + SERIES.length + 1);
      // Windows of a day: a range of three days finds the same values.
      expect(await readSeries(t.app.db, deviceId, { ...q, from: base - 2 * 86_400_000, points: 1 })).toMatchObject({
        series: [{ buckets: [{ n: 4 + SERIES.length + 1 }] }, {}, {}, { buckets: [] }],
      });
    });

    it("rounds a bucket's average to three decimals", () => {
      const acc = new SeriesAccumulator(0, 10, 1, [1]);
      [1, 1, 2].forEach((v, i) => {
        acc.addValue(0, i, v);
      });
      expect(acc.result()).toEqual([{ register: 1, buckets: [{ t: 0, min: 1, max: 2, avg: 1.333, n: 3 }] }]);
    });

    it('parses upper- and lower-case hex and empty cells', () => {
      const seen: Array<[number, number, number]> = [];
      parseWindow('1000:00ff:,2000::ABCD,3000:*0001ffff9c420007:,4000::*0001FFFF9C420007', [PRESSURE, 1], (i, ts, v) =>
        seen.push([i, ts, v]),
      );
      expect(seen).toEqual([
        [0, 1000, 255],
        [1, 2000, 0xabcd],
        [0, 3000, 7],
        [1, 4000, 0xffff],
      ]);
    });
  });

  it('a template that withholds a register leaves it out of history, snapshots, charts, candles and the device page', async () => {
    const typeId = (
      await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow()
    ).id;
    const template = (
      await t.app.db
        .insertInto('permission_templates')
        .values({
          name: 'No pressure',
          level: 6,
          builtin: null,
          default_read: 1,
          default_write: 'none',
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.app.db
      .insertInto('permission_template_rights')
      .values({ template_id: template, type_id: typeId, register_number: PRESSURE, can_read: 0, can_write: 0 })
      .execute();
    await t.app.db.updateTable('users').set({ template_id: template }).where('username', '=', 'demo_manager').execute();
    invalidateTemplates();
    try {
      const page = body(await get(manager, dev(`?from=${t0}&to=${now}&page_size=100`))).data as {
        items: Array<{ values: Record<string, number> }>;
      };
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.some((i) => String(PRESSURE) in i.values)).toBe(false);
      expect(page.items.some((i) => String(RUN_STATE) in i.values)).toBe(true);
      const snap = body(await get(manager, dev(`/snapshot?at=${t0 + 80 * MIN}`))).data as SnapshotResult;
      expect(Object.keys(snap.values)).not.toContain(String(PRESSURE));
      expect(Object.keys(snap.values)).toContain(String(RUN_STATE));
      const candles = await get(manager, dev(`/kline?register=${PRESSURE}&period=hour&from=${t0}&to=${t0 + 6 * HOUR}`));
      expect(candles.statusCode).toBe(403);
      expect(body(candles).message).toBe(`Your permission template does not let you read register ${PRESSURE}.`);
      const series = body(
        await get(manager, `/devices/${mine.boxId}/1/series?registers=${PRESSURE},${RUN_STATE}&from=${t0}&to=${now}&points=100`),
      ).data as {
        series: Array<{ register: number }>;
      };
      expect(series.series.map((s) => s.register)).toEqual([RUN_STATE]);
      const detail = body(await get(manager, `/devices/${mine.boxId}/1`)).data as {
        latest: { values: Record<string, number> };
        template: { noRead: number[] };
      };
      expect(detail.template.noRead).toEqual([PRESSURE]);
      expect(Object.keys(detail.latest.values)).not.toContain(String(PRESSURE));
      // Root's rights are never cut by a template.
      const rootPage = body(await get(root, dev(`?from=${t0}&to=${now}&page_size=100`))).data as {
        items: Array<{ values: Record<string, number> }>;
      };
      expect(rootPage.items.some((i) => String(PRESSURE) in i.values)).toBe(true);
    } finally {
      await t.app.db.updateTable('users').set({ template_id: null }).where('username', '=', 'demo_manager').execute();
      invalidateTemplates();
    }
  });
});
