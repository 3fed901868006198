import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoxCredentials, type KlineResult } from '@dms/contract';
import { encodeValues } from '../src/ingest/codec.js';
import { parseWindow, readSeries, SeriesAccumulator } from '../src/modules/devices/series.js';
import { body, testDialects, type TestApp } from './helper.js';
import { RUN_STATE, PRESSURE, FAULT_BITS, ALERT_BITS, UNREPORTED, HOUR, SERIES, getAs, historyWorld } from './history-world.js';

const dialects = await testDialects();

describe.each(dialects)('register scan (series and candles read in the database) on %s', (dialect) => {
  let t: TestApp;
  let manager: string;
  let mine: BoxCredentials;
  let t0: number;
  let now: number;
  let close: () => Promise<void>;
  const get = (token: string | null, url: string, lang = 'en') => getAs(t)(token, url, lang);
  const dev = (suffix: string, b = mine) => `/history/${b.boxId}/1${suffix}`;

  beforeAll(async () => {
    ({ t, manager, mine, t0, now, close } = await historyWorld(dialect));
  });
  afterAll(async () => {
    await close();
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
      const series = await readSeries(t.app.db, deviceId, undefined, [PRESSURE, RUN_STATE], [], {
        from: base,
        to: base + 5000,
        points: 5,
      });
      expect(series).toEqual({
        bucketMs: 1000,
        level: 'raw',
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
      const got = await readSeries(t.app.db, deviceId, undefined, q.registers, [], q);
      expect(got).toEqual({ bucketMs: expected.bucketMs, level: 'raw', series: expected.result() });
      expect(got.series[0]?.buckets.reduce((n, b) => n + b.n, 0)).toBe(4 + SERIES.length + 1);
      // Windows of a day: a range of three days finds the same values.
      expect(
        await readSeries(t.app.db, deviceId, undefined, q.registers, [], { ...q, from: base - 2 * 86_400_000, points: 1 }),
      ).toMatchObject({
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
});
