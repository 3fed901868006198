import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { MapEra, RegisterDef, SeriesResult } from '@dms/contract';
import type { PostgresTarget } from './history-fixture-pg.js';
import { databaseEnv, seedDevice, timed } from './history-fixture.js';
import { dropSchema, LOCAL_PG_URL, onPostgres } from './postgres.js';
import { quantile, round, signIn, timedRuns } from './measure.js';
import { root, startServer } from './server-process.js';

/**
 * `npm run bench -- history-rollups`: one screw compressor with BENCH_DAYS (default 366) of snapshots at 10 s, written
 * straight into the SQLite file, every minute marked for the rollup job (history-fixture.ts), as migration 0035 marks an
 * upgraded install's.
 * In this process, on that file, with the server's own code (server/dist): the one-year and the 30-day chart of one
 * register at points=4000 (and the month at 1,200, a desktop chart's width) read from every snapshot (the reader before rollups; BENCH_RAW_RUNS runs, default 5), then
 * the job rolling up the whole history (its time and rate), then the same charts from the rollups (BENCH_RUNS runs,
 * default 30). Then the server on that file, as demo_manager over HTTP: the charts again, p50/p95 after five rounds of
 * each (its code warmed as the bench's was) and two warm-ups.
 * `BENCH_DATABASE=postgres`: the same on PostgreSQL, in a schema of its own (BENCH_PG_URL, the local `test` database).
 */
const DAYS = Number(process.env.BENCH_DAYS ?? 366);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const RAW_RUNS = Number(process.env.BENCH_RAW_RUNS ?? 5);
/** Rounds of the three charts over HTTP before they are measured (each `timed` call warms twice more). */
const WARM_ROUNDS = 5;
const BOX_ID = 900_002;
const PRESSURE = 40002;
const POINTS = 4000;
const DAY = 86_400_000;
const PG_URL = process.env.BENCH_PG_URL ?? LOCAL_PG_URL;

/** The server's database handle (a Kysely instance), passed through untouched. */
type Db = unknown;
interface ChartDevice {
  id: number;
  typeId: number | null;
  version: number | null;
  current: ReadonlyMap<number, RegisterDef> | undefined;
}
type Query = { from: number; to: number; points: number };
interface Retention {
  minuteMs: number;
  fiveMinutesMs: number;
  tenMinutesMs: number;
  hourMs: number;
}

interface ServerModules {
  openDatabase: (
    database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema: string },
  ) => Promise<{ db: Db; close: () => Promise<void> }>;
  readSeries: (
    db: Db,
    deviceId: number,
    current: ReadonlyMap<number, RegisterDef> | undefined,
    numbers: readonly number[],
    eras: readonly MapEra[],
    q: Query,
  ) => Promise<SeriesResult>;
  readChartSeries: (
    db: Db,
    device: ChartDevice,
    numbers: readonly number[],
    eras: readonly MapEra[],
    q: Query,
    now: number,
    retention: Retention,
  ) => Promise<SeriesResult>;
  erasNeeded: (db: Db, typeId: number | null, from: number, to: number) => Promise<MapEra[]>;
  rollUp: (db: Db, now: number, retention: Retention) => Promise<number>;
}

async function serverModules(): Promise<ServerModules> {
  const load = async <T>(file: string) => (await import(path.join(root, 'server/dist', file))) as T;
  const { openDatabase } = await load<Pick<ServerModules, 'openDatabase'>>('db/database.js');
  const { readSeries } = await load<Pick<ServerModules, 'readSeries'>>('modules/devices/series.js');
  const { readChartSeries } = await load<Pick<ServerModules, 'readChartSeries'>>('modules/history/rollup-read.js');
  const { erasNeeded } = await load<Pick<ServerModules, 'erasNeeded'>>('modules/controller-types/eras.js');
  const { rollUp } = await load<Pick<ServerModules, 'rollUp'>>('modules/history/rollups.js');
  return { openDatabase, readSeries, readChartSeries, erasNeeded, rollUp };
}

/** The version of the type in use. */
async function typeVersion(file: string, typeId: number, postgres?: PostgresTarget): Promise<number> {
  const query = 'select version from controller_types where id = ';
  if (postgres)
    return onPostgres(postgres.url, async (client) => {
      await client.query(`set search_path = ${postgres.schema}`);
      return Number((await client.query<{ version: number }>(`${query}$1`, [typeId])).rows[0]?.version);
    });
  const raw = new Database(file, { readonly: true });
  try {
    return (raw.prepare(`${query}?`).get(typeId) as { version: number }).version;
  } finally {
    raw.close();
  }
}

/** The bytes history and its rollups take, indexes included. */
async function storageOf(file: string, postgres?: PostgresTarget): Promise<{ historyBytes: number; rollupBytes: number }> {
  if (postgres)
    return onPostgres(postgres.url, async (client) => {
      // A partitioned table (history, by month) is the sum of its partitions; pg_partition_tree has no row for a table
      // that is not partitioned (the rollups).
      const size = async (table: string) =>
        Number(
          (
            await client.query<{ b: string }>(
              'select coalesce((select sum(pg_total_relation_size(relid)) from pg_partition_tree($1)), pg_total_relation_size($1)) as b',
              [`${postgres.schema}.${table}`],
            )
          ).rows[0]?.b,
        );
      return { historyBytes: await size('history'), rollupBytes: await size('history_rollups') };
    });
  const stat = new Database(file, { readonly: true });
  try {
    const bytes = (name: string) =>
      (stat.prepare('select sum(pgsize) as b from dbstat where name = ?').get(name) as { b: number | null }).b ?? 0;
    return { historyBytes: bytes('history'), rollupBytes: bytes('history_rollups') };
  } finally {
    stat.close();
  }
}

/** p50/p95 of `runs` timed runs of `f` after two warm-ups, and the last answer's points. */
async function timeIt(runs: number, f: () => Promise<SeriesResult>) {
  let last: SeriesResult | undefined;
  const run = async () => {
    const started = performance.now();
    last = await f();
    return { ms: performance.now() - started };
  };
  const { samples } = await timedRuns(run, 2, runs);
  return {
    p50Ms: quantile(samples, 0.5, 2),
    p95Ms: quantile(samples, 0.95, 2),
    level: last?.level,
    points: last?.series[0]?.buckets.length ?? 0,
    values: last?.series[0]?.buckets.reduce((a, b) => a + b.n, 0) ?? 0,
  };
}

export async function benchHistoryRollups(): Promise<Record<string, unknown>> {
  // BENCH_DATABASE=postgres: the same in a schema of its own in the local `test` database (BENCH_PG_URL), dropped after.
  const postgres =
    process.env.BENCH_DATABASE === 'postgres' ? { url: PG_URL, schema: `bench_rollups_${Date.now().toString(36)}` } : undefined;
  const { dataDir, deviceId, typeId, registers, end, rows, writeSeconds } = await seedDevice(BOX_ID, DAYS, undefined, undefined, postgres);
  const file = path.join(dataDir, 'dms.sqlite');
  try {
    const version = await typeVersion(file, typeId, postgres);
    const retention: Retention = { minuteMs: 90 * DAY, fiveMinutesMs: 90 * DAY, tenMinutesMs: 400 * DAY, hourMs: 3650 * DAY };
    const year = { from: end - 365 * DAY, to: end, points: POINTS };
    const month = { from: end - 30 * DAY, to: end, points: POINTS };
    // The console asks for as many points as its chart is wide (pointsFor): 1,200 on a desktop.
    const monthConsole = { from: end - 30 * DAY, to: end, points: 1200 };
    const m = await serverModules();
    const opened = await m.openDatabase(postgres ? { kind: 'postgres', ...postgres } : { kind: 'sqlite', file });
    let inProcess: Record<string, unknown>;
    try {
      const { db } = opened;
      const current = new Map(registers.map((r) => [r.number, r]));
      const device: ChartDevice = { id: deviceId, typeId, version, current };
      const rawChart = async (q: Query) => m.readSeries(db, deviceId, current, [PRESSURE], await m.erasNeeded(db, typeId, q.from, q.to), q);
      const rolledChart = async (q: Query) =>
        m.readChartSeries(db, device, [PRESSURE], await m.erasNeeded(db, typeId, q.from, q.to), q, Date.now(), retention);
      const rawYear = await timeIt(RAW_RUNS, () => rawChart(year));
      const rawMonth = await timeIt(RAW_RUNS, () => rawChart(month));
      const started = performance.now();
      const minutes = await m.rollUp(db, Date.now(), retention);
      const rollUpSeconds = round((performance.now() - started) / 1000);
      // PostgreSQL: what autovacuum does after such a load (the charts read the index alone once its pages are all-visible;
      // the marks the job deleted would otherwise be walked by every chart's look for minutes not rolled up yet).
      const vacuumStarted = performance.now();
      if (postgres)
        await onPostgres(postgres.url, (c) =>
          c.query(`vacuum analyze ${postgres.schema}.history_rollups, ${postgres.schema}.history_rollup_dirty`),
        );
      const vacuumSeconds = round((performance.now() - vacuumStarted) / 1000);
      const rolledYear = await timeIt(RUNS, () => rolledChart(year));
      const rolledMonth = await timeIt(RUNS, () => rolledChart(month));
      const rolledMonthConsole = await timeIt(RUNS, () => rolledChart(monthConsole));
      inProcess = {
        rawYear,
        rawMonth,
        rollUp: { minutes, seconds: rollUpSeconds, snapshotsPerSecond: Math.round(rows / rollUpSeconds), vacuumSeconds },
        rolledYear,
        rolledMonth,
        rolledMonthConsole,
        yearRatioP95: round(rawYear.p95Ms / rolledYear.p95Ms, 1),
        monthRatioP95: round(rawMonth.p95Ms / rolledMonth.p95Ms, 1),
      };
    } finally {
      await opened.close();
    }
    const storage = await storageOf(file, postgres);
    const server = await startServer(databaseEnv(postgres), dataDir);
    let http: Record<string, unknown>;
    try {
      const token = await signIn(server, 'demo_manager');
      const url = (q: Query) => `/devices/${BOX_ID}/1/series?registers=${PRESSURE}&from=${q.from}&to=${q.to}&points=${q.points}`;
      const figures = async (q: Query) => {
        const r = await timed(server, token, url(q), RUNS);
        const data = r.data as SeriesResult;
        return { p50Ms: r.p50Ms, p95Ms: r.p95Ms, bytes: r.bytes, level: data.level, points: data.series[0]?.buckets.length ?? 0 };
      };
      // The server's code warmed as the bench's was for the runs in process: a few rounds of each chart first.
      for (let i = 0; i < WARM_ROUNDS; i++) for (const q of [year, month, monthConsole]) await timed(server, token, url(q), 1);
      http = { year: await figures(year), month: await figures(month), monthConsole: await figures(monthConsole) };
    } finally {
      await server.stop();
    }
    return {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, ${postgres ? 'PostgreSQL' : 'SQLite'}`,
      days: DAYS,
      snapshots: rows,
      registersPerSnapshot: registers.length,
      writeSeconds,
      ...storage,
      inProcess,
      http,
    };
  } finally {
    // BENCH_KEEP=1 leaves the data folder for a look at the queries (its path on stderr).
    if (process.env.BENCH_KEEP === '1') process.stderr.write(`kept ${postgres ? postgres.schema : dataDir}\n`);
    else {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (postgres) await dropSchema(postgres.url, postgres.schema);
    }
  }
}
