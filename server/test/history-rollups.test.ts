import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import type { SeriesResult, TypeEditView } from '@dms/contract';
import { buildApp } from '../src/app.js';
import { decodeValues, encodeValues } from '../src/ingest/codec.js';
import { insertHistory } from '../src/ingest/repository.js';
import { erasNeeded } from '../src/modules/controller-types/eras.js';
import { readSeries } from '../src/modules/devices/series.js';
import { levelFor } from '../src/modules/history/rollup-read.js';
import { ROLLUP_HOUR_MS } from '../src/modules/history/rollup-cells.js';
import { pruneRollups, rollUp, rollupBacklog } from '../src/modules/history/rollups.js';
import { connectBox, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const RUN_STATE = reg('screw-compressor', 'run_state');
const MIN = 60_000;
const FIVE_MIN = 5 * MIN;
const TEN_MIN = 10 * MIN;
const HOUR = ROLLUP_HOUR_MS;
const DAY = 86_400_000;
/** The built server's worker (`node scripts/build.mjs`; CI builds before it tests). */
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist/modules/history/rollup-worker.js');

/** A repeatable pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the chart level', () => {
  const retention = { minuteMs: 90 * DAY, fiveMinutesMs: 90 * DAY, tenMinutesMs: 400 * DAY, hourMs: 3650 * DAY };
  const now = 1_800_000_000_000;
  it('is the coarsest whose bucket fits twice in the chart bucket and whose retention reaches its start', () => {
    expect(levelFor(2 * HOUR, now - 365 * DAY, now, retention)).toBe(HOUR);
    expect(levelFor(2 * HOUR - 1, now - DAY, now, retention)).toBe(TEN_MIN);
    expect(levelFor(20 * MIN, now - 30 * DAY, now, retention)).toBe(TEN_MIN);
    expect(levelFor(20 * MIN - 1, now - 30 * DAY, now, retention)).toBe(FIVE_MIN);
    expect(levelFor(10 * MIN, now - 30 * DAY, now, retention)).toBe(FIVE_MIN);
    expect(levelFor(10 * MIN - 1, now - 30 * DAY, now, retention)).toBe(MIN);
    expect(levelFor(2 * MIN, now - DAY, now, retention)).toBe(MIN);
    // Under two minutes: every snapshot.
    expect(levelFor(2 * MIN - 1, now - DAY, now, retention)).toBeNull();
  });
  it('is the finest that reaches back far enough when none that fits does', () => {
    expect(levelFor(5 * MIN, now - 91 * DAY, now, retention)).toBe(TEN_MIN);
    expect(levelFor(30 * MIN, now - 401 * DAY, now, retention)).toBe(HOUR);
    expect(levelFor(3 * HOUR, now - 3651 * DAY, now, retention)).toBeNull();
  });
});

describe.each(dialects)('history rollups on %s', (dialect) => {
  let t: TestApp;
  let manager = '';
  let boxId = 0;
  let deviceId = 0;
  let typeId: number | null = null;
  let client: MqttClient;
  /** The first hour of the data: three days before now, on the hour. */
  let h0 = 0;
  const rnd = random(25);

  const snapshots = (from: number, to: number, stepMs: number, skip: (ts: number) => boolean = () => false) => {
    const rows = [];
    for (let ts = from; ts < to; ts += stepMs)
      if (!skip(ts))
        rows.push({
          device_id: deviceId,
          ts,
          vals: encodeValues(
            new Map([
              [RUN_STATE, Math.floor(rnd() * 5)],
              [PRESSURE, Math.floor(rnd() * 65_536)],
            ]),
          ),
          box_ts: null,
        });
    return rows;
  };
  const store = (rows: ReturnType<typeof snapshots>) => insertHistory(t.app.db, rows, () => []);
  const chart = async (from: number, to: number, points: number, registers = [PRESSURE, RUN_STATE]) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/devices/${boxId}/1/series?registers=${registers.join(',')}&from=${from}&to=${to}&points=${points}`,
      headers: bearer(manager),
    });
    expect(res.statusCode).toBe(200);
    return body(res).data as SeriesResult;
  };
  /** The same chart read from every snapshot (the reader before rollups). */
  const fromHistory = async (from: number, to: number, points: number, registers = [PRESSURE, RUN_STATE]) => {
    const current = t.app.ingest.device(deviceId)?.type?.registers;
    const eras = await erasNeeded(t.app.db, typeId, from, to);
    const { series, bucketMs } = await readSeries(t.app.db, deviceId, current, registers, eras, { from, to, points });
    return { series, bucketMs };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    manager = await login(t.app, 'demo_manager');
    const [b] = await registerBoxes(t.app, 7301, 7301);
    if (!b) throw new Error('no box');
    boxId = b.boxId;
    client = await connectBox(t.app.mqttPort, b);
    await send(client, boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const device = await t.app.db.selectFrom('devices').select(['id', 'type_id']).where('box_id', '=', boxId).executeTakeFirstOrThrow();
    deviceId = device.id;
    typeId = device.type_id;
    expect(typeId).not.toBeNull();
    h0 = t.clock.now - (t.clock.now % HOUR) - 3 * DAY;
    // Two and a half days at 20 s, with gaps: a whole hour, a few minutes, and every snapshot of some seconds.
    const rows = snapshots(
      h0,
      h0 + 60 * HOUR,
      20_000,
      (ts) =>
        (ts >= h0 + 5 * HOUR && ts < h0 + 6 * HOUR) ||
        (ts >= h0 + 30 * HOUR + 7 * MIN && ts < h0 + 30 * HOUR + 11 * MIN) ||
        ts % 140_000 === 0,
    );
    for (let i = 0; i < rows.length; i += 2000) await store(rows.slice(i, i + 2000));
  });
  afterAll(async () => {
    await client.endAsync();
    await t.close();
  });

  it('reads history where nothing is rolled up yet, then the same from rollups once the job has run', async () => {
    // Every hour has minutes to roll up (as after an upgrade): each is read from its snapshots.
    const before = await chart(h0, h0 + 60 * HOUR, 30);
    expect(before.level).toBe('hour');
    // At the minute level thousands of buckets would be: the chart is read from the snapshots, whole.
    const fine = await chart(h0, h0 + 60 * HOUR, 30 * 60);
    expect(fine.level).toBe('raw');
    expect(await rollupBacklog(t.app.db)).toBeGreaterThan(3000);
    await t.app.rollups.run();
    expect(await rollupBacklog(t.app.db)).toBe(0);
    const after = await chart(h0, h0 + 60 * HOUR, 30);
    expect(after).toEqual(before);
    expect(await chart(h0, h0 + 60 * HOUR, 30 * 60)).toEqual({ ...fine, level: 'minute' });
    const rows = await t.app.db.selectFrom('history_rollups').select('level').where('device_id', '=', deviceId).execute();
    expect(rows.filter((r) => r.level === HOUR).length).toBe(2 * 59); // the hour with no snapshot has none
    expect(rows.filter((r) => r.level === TEN_MIN).length).toBe(2 * 59 * 6);
    expect(rows.filter((r) => r.level === FIVE_MIN).length).toBe(2 * 59 * 12);
    expect(rows.filter((r) => r.level === MIN).length).toBe(2 * (59 * 60 - 4));
  });

  it('agrees with every snapshot, min, max, average and count, over random windows of whole levels', async () => {
    const levels = [
      { level: HOUR, name: 'hour', widths: [2, 3, 4] },
      { level: TEN_MIN, name: 'tenMinutes', widths: [2, 3, 5, 11] },
      { level: FIVE_MIN, name: 'fiveMinutes', widths: [2, 3] },
      { level: MIN, name: 'minute', widths: [2, 3, 5, 7, 9] },
    ];
    for (let k = 0; k < 20; k++) {
      const { level, name, widths } = levels[k % levels.length] as (typeof levels)[number];
      const width = level * (widths[Math.floor(rnd() * widths.length)] as number);
      const points = 3 + Math.floor(rnd() * 40);
      const from = h0 - 2 * HOUR + Math.floor(rnd() * 40) * HOUR + Math.floor(rnd() * (HOUR / level)) * level;
      const to = from + width * points;
      const got = await chart(from, to, points);
      expect(got.level, `window ${k}`).toBe(name);
      expect({ bucketMs: got.bucketMs, series: got.series }, `window ${k}`).toEqual(await fromHistory(from, to, points));
    }
  });

  it('reads the edges that do not fill a level from history: the same totals, min and max over any window', async () => {
    for (let k = 0; k < 6; k++) {
      const from = h0 + Math.floor(rnd() * 50 * HOUR);
      const to = from + HOUR * (3 + Math.floor(rnd() * 10)) + Math.floor(rnd() * HOUR);
      const got = await chart(from, to, 1);
      const want = await fromHistory(from, to, 1);
      expect(got.level).toBe('hour');
      for (const [i, s] of got.series.entries()) {
        const w = want.series[i]?.buckets ?? [];
        const total = (xs: typeof w) => xs.reduce((a, x) => a + x.n, 0);
        expect(total(s.buckets), `window ${k}`).toBe(total(w));
        expect(Math.min(...s.buckets.map((x) => x.min))).toBe(Math.min(...w.map((x) => x.min)));
        expect(Math.max(...s.buckets.map((x) => x.max))).toBe(Math.max(...w.map((x) => x.max)));
      }
    }
  });

  it('takes late data into its bucket: read from history until the job runs, then rolled up again', async () => {
    const gap = h0 + 5 * HOUR; // the hour without snapshots
    const late = snapshots(gap + 10 * MIN, gap + 12 * MIN, 10_000);
    const into = snapshots(h0 + 20 * HOUR + 30_001, h0 + 20 * HOUR + 30_002, 1); // between two stored ones
    await store([...late, ...into]);
    expect(await rollupBacklog(t.app.db)).toBe(3);
    const [from, to, points] = [h0, h0 + 24 * HOUR, 24];
    const want = await fromHistory(from, to, points);
    expect((await chart(from, to, points)).series).toEqual(want.series);
    await t.app.rollups.run();
    expect(await rollupBacklog(t.app.db)).toBe(0);
    expect((await chart(from, to, points)).series).toEqual(want.series);
    const hour = await t.app.db
      .selectFrom('history_rollups')
      .select(['n'])
      .where('device_id', '=', deviceId)
      .where('register', '=', PRESSURE)
      .where('level', '=', HOUR)
      .where('ts', '=', gap)
      .executeTakeFirstOrThrow();
    expect(hour.n).toBe(12);
  });

  it('keeps the minute still open out of the job, and reads it from history', async () => {
    const open = t.clock.now - (t.clock.now % MIN);
    await store(snapshots(open - 2 * MIN, t.clock.now, 5_000));
    await t.app.rollups.run();
    const marks = await t.app.db.selectFrom('history_rollup_dirty').select('ts').where('device_id', '=', deviceId).execute();
    // The minute before may still be in its grace; the open one always stays marked.
    expect(marks.map((m) => m.ts)).toContain(open);
    const from = open - 3 * HOUR - MIN;
    const got = await chart(from, open + MIN, 91);
    expect(got.level).toBe('minute');
    expect(got.series).toEqual((await fromHistory(from, open + MIN, 91)).series);
  });

  it('rolls up an hour across a restart in the middle of a minute and of the hour', async () => {
    const hour = h0 + 62 * HOUR;
    t.clock.now = hour + 30 * MIN + 20_000;
    await store(snapshots(hour, hour + 30 * MIN + 20_000, 10_000));
    await t.app.rollups.run();
    const half = await t.app.db
      .selectFrom('history_rollups')
      .select('n')
      .where('device_id', '=', deviceId)
      .where('register', '=', PRESSURE)
      .where('level', '=', HOUR)
      .where('ts', '=', hour)
      .executeTakeFirstOrThrow();
    expect(half.n).toBe(30 * 6); // minutes 0-29 (29 closed 20 s ago, past its grace); minute 30 is open
    await t.app.close();
    t.app = await buildApp(t.config, { logger: false, now: () => t.clock.now });
    await t.app.ready();
    await store(snapshots(hour + 30 * MIN + 20_000, hour + HOUR, 10_000));
    t.clock.now = hour + HOUR + 2 * MIN;
    await t.app.rollups.run();
    const rows = await t.app.db
      .selectFrom('history_rollups')
      .select(['level', 'n', 'min', 'max', 'sum'])
      .where('device_id', '=', deviceId)
      .where('register', '=', PRESSURE)
      .where('ts', '>=', hour)
      .where('ts', '<', hour + HOUR)
      .execute();
    const stored = await t.app.db
      .selectFrom('history')
      .select('vals')
      .where('device_id', '=', deviceId)
      .where('ts', '>=', hour)
      .where('ts', '<', hour + HOUR)
      .execute();
    const values = stored.map((r) => decodeValues(r.vals).get(PRESSURE) as number);
    const whole = rows.find((r) => r.level === HOUR);
    expect(whole).toEqual({
      level: HOUR,
      n: 360,
      min: Math.min(...values),
      max: Math.max(...values),
      sum: values.reduce((a, v) => a + v, 0),
    });
    expect(rows.filter((r) => r.level === MIN).length).toBe(60);
    expect(rows.filter((r) => r.level === TEN_MIN).map((r) => r.n)).toEqual([60, 60, 60, 60, 60, 60]);
    expect(rows.filter((r) => r.level === FIVE_MIN).map((r) => r.n)).toEqual(Array.from({ length: 12 }, () => 30));
  });

  it('converts rollups of an older map to the map in use, as each value would be, and reads the buckets of no map it knows from history', async () => {
    const root = await login(t.app, 'demo_root');
    const view = body(await t.app.inject({ method: 'GET', url: `/api/v2/controller-types/${typeId}/edit`, headers: bearer(root) }))
      .data as TypeEditView;
    t.clock.now = h0 + 70 * HOUR;
    // Discharge pressure gets one more decimal: 1.23 MPa, stored as 123 before, is 1230 in the map in use.
    const registers = view.registers.map((r) => (r.number === PRESSURE ? { ...r, decimals: r.decimals + 1 } : r));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/controller-types/${typeId}`,
      headers: bearer(root),
      payload: { name: view.name, kind: view.kind, version: view.version, registers },
    });
    expect(saved.statusCode).toBe(200);
    await t.app.ingest.reloadTypes();
    const [from, to, points] = [h0, h0 + 48 * HOUR, 24];
    const got = await chart(from, to, points, [PRESSURE]);
    expect(got.level).toBe('hour');
    const want = await fromHistory(from, to, points, [PRESSURE]);
    const rounded = (r: { series: SeriesResult['series'] }) =>
      r.series.map((x) => x.buckets.map((b) => ({ ...b, avg: Math.round(b.avg * 100) / 100 })));
    expect(rounded(got)).toEqual(rounded(want));
    expect(got.series[0]?.buckets[0]?.max).toBeGreaterThan(65_535); // converted: ten times the stored words
    // Rollups written under a map the chart does not read with (here: of no version the type has) are not used.
    await t.app.db
      .updateTable('history_rollups')
      .set({ version: 999 })
      .where('device_id', '=', deviceId)
      .where('ts', '<', h0 + 2 * HOUR)
      .execute();
    await t.app.db.updateTable('history_rollups').set({ sum: -1 }).where('version', '=', 999).execute();
    expect(rounded(await chart(from, to, points, [PRESSURE]))).toEqual(rounded(want));
  });

  it.skipIf(!fs.existsSync(WORKER))('rolls up in its worker thread, on a connection of its own (the built server)', async () => {
    const minute = h0 + 64 * HOUR;
    await store(snapshots(minute, minute + MIN, 10_000));
    // As the built server starts it: none of the test runner's module conditions (they would load the sources).
    const worker = new Worker(WORKER, {
      workerData: { database: t.config.database },
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    try {
      const reply = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 7, request: { now: minute + 2 * MIN, prune: false, retention: t.config.ingest.rollupRetention } });
      });
      expect(reply).toEqual({ id: 7, ok: true, reply: { minutes: 1, deleted: 0 } });
    } finally {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    }
    const rows = await t.app.db
      .selectFrom('history_rollups')
      .select(['level', 'n'])
      .where('device_id', '=', deviceId)
      .where('register', '=', PRESSURE)
      .where('ts', '=', minute)
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { level: MIN, n: 6 },
        { level: HOUR, n: 6 },
      ]),
    );
  });

  /** The device's rollups, every level, in key order. */
  const levelRows = async () =>
    t.app.db
      .selectFrom('history_rollups')
      .select(['level', 'ts', 'register', 'version', 'n', 'sum'])
      .where('device_id', '=', deviceId)
      .orderBy('ts')
      .orderBy('level')
      .orderBy('register')
      .orderBy('version')
      .execute();

  it('prunes each level past its own retention, and keeps the rest', async () => {
    // This test and the next roll up and prune by hand: the app's own job (every 10 s, with its own retention) must not
    // run between their steps, as it could on a loaded machine.
    await t.app.rollups.stop();
    const all = await levelRows();
    const now = h0 + 3 * DAY;
    // Minutes kept a day, five minutes a day and a half, ten minutes two, hours all along.
    const retention = { minuteMs: DAY, fiveMinutesMs: 1.5 * DAY, tenMinutesMs: 2 * DAY, hourMs: 3650 * DAY };
    const deleted = await pruneRollups(t.app.db, now, retention);
    const kept = (r: { level: number; ts: number }) =>
      r.level === HOUR || r.ts >= now - (r.level === TEN_MIN ? 2 * DAY : r.level === FIVE_MIN ? 1.5 * DAY : DAY);
    expect(deleted).toBe(all.filter((r) => !kept(r)).length);
    expect(deleted).toBeGreaterThan(0);
    expect(await levelRows()).toEqual(all.filter(kept));
  });

  it('prunes every device that holds rollups, a chunk of devices at a time, those no longer in the fleet too', async () => {
    await t.app.rollups.stop();
    const now = h0 + 3 * DAY;
    // The device's rollups copied to two ids no device has now (as a removed device's rollups stay): three devices, walked
    // two at a time.
    const others = [deviceId + 1_000_001, deviceId + 1_000_002];
    for (const other of others)
      await sql`INSERT INTO history_rollups (device_id, register, level, ts, type_id, version, n, min, max, sum)
        SELECT ${other}, register, level, ts, type_id, version, n, min, max, sum FROM history_rollups WHERE device_id = ${deviceId}`.execute(
        t.app.db,
      );
    const rowsOf = async (id: number) =>
      t.app.db.selectFrom('history_rollups').select(['level', 'ts']).where('device_id', '=', id).execute();
    const before = await rowsOf(deviceId);
    const day = { minuteMs: DAY, fiveMinutesMs: DAY, tenMinutesMs: DAY, hourMs: DAY };
    const expired = before.filter((r) => r.ts < now - DAY).length;
    expect(expired).toBeGreaterThan(0);
    expect(await pruneRollups(t.app.db, now, day, 2)).toBe(3 * expired);
    for (const id of [deviceId, ...others]) {
      const left = await rowsOf(id);
      expect(left.length).toBe(before.length - expired);
      expect(left.filter((r) => r.ts < now - DAY)).toEqual([]);
    }
    await t.app.db.deleteFrom('history_rollups').where('device_id', 'in', others).execute();
  });

  it('writes no bucket of a level past its retention (what the prune would delete): an upgrade rolls up its whole history', async () => {
    const now = h0 + 3 * DAY;
    // As after migration 0035: no rollups, and every minute of history marked.
    const again = async () => {
      await t.app.db.deleteFrom('history_rollups').where('device_id', '=', deviceId).execute();
      await t.app.db.deleteFrom('history_rollup_dirty').where('device_id', '=', deviceId).execute();
      await sql`INSERT INTO history_rollup_dirty (device_id, ts) SELECT DISTINCT device_id, ts - ts % 60000 FROM history WHERE device_id = ${deviceId}`.execute(
        t.app.db,
      );
    };
    const long = { minuteMs: 3650 * DAY, fiveMinutesMs: 3650 * DAY, tenMinutesMs: 3650 * DAY, hourMs: 3650 * DAY };
    const short = { minuteMs: 2 * DAY, fiveMinutesMs: DAY, tenMinutesMs: 1.5 * DAY, hourMs: 3650 * DAY };
    await again();
    await rollUp(t.app.db, now, long);
    await pruneRollups(t.app.db, now, short);
    const pruned = await levelRows();
    await again();
    await rollUp(t.app.db, now, short);
    const written = await levelRows();
    expect(written).toEqual(pruned);
    expect(written.filter((r) => r.level === FIVE_MIN).length).toBeGreaterThan(0);
    expect(written.filter((r) => r.level === FIVE_MIN && r.ts < now - DAY)).toEqual([]);
    expect(written.filter((r) => r.level === TEN_MIN && r.ts < now - 1.5 * DAY)).toEqual([]);
  });
});
