import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RANGE_MS, type BoxCredentials, type FaultRecordPage, type KlineResult, type SnapshotResult } from '@dms/contract';
import { refreshReach } from '../src/access/reach.js';
import { body, linkHelper, testDialects, type TestApp } from './helper.js';
import { RUN_STATE, PRESSURE, FAULT_BITS, ALERT_BITS, UNREPORTED, MIN, HOUR, SERIES, LATE, getAs, historyWorld } from './history-world.js';

const dialects = await testDialects();

describe.each(dialects)('history of a device: table, candles, snapshots and rights on %s', (dialect) => {
  let t: TestApp;
  let root: string;
  let manager: string;
  let helper: string;
  let market: string;
  let endUser: string;
  let mine: BoxCredentials;
  let theirs: BoxCredentials;
  let t0: number;
  let now: number;
  let close: () => Promise<void>;
  const get = (token: string | null, url: string, lang = 'en') => getAs(t)(token, url, lang);
  const dev = (suffix: string, b = mine) => `/history/${b.boxId}/1${suffix}`;

  beforeAll(async () => {
    ({ t, root, manager, helper, market, endUser, mine, theirs, t0, now, close } = await historyWorld(dialect));
  });
  afterAll(async () => {
    await close();
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
});
