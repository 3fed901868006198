import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { HistoryPage, KlineResult, SeriesResult } from '@dms/contract';
import { seedDevice, STEP_MS, timed as timedCall, writeHistory, type Register } from './history-fixture.js';
import { quantile, round, signIn, timedRuns } from './measure.js';
import { root, startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- history-chart`: one device holding 30 days of snapshots at 10 s resolution (259,200 rows of the
 * screw compressor's ~50 registers, packed as the ingest stores them), written straight into the SQLite file
 * before the server starts. Then, against the running server over HTTP: the 30-day series of one register at
 * points=4000 (the history chart), the same with four registers, the first and a deep page of the history table
 * over the 30 days (with its total), and the 30 daily candles. p50/p95 over BENCH_RUNS runs (default 30) after
 * two warm-up calls; bytes are the answer's body as sent. Then, with the server stopped, in this process on the
 * same file: the server's `readSeries` (the database-side register scan) without HTTP, and COUNT over the 30 days
 * on the primary key, then over 366 days (336 more days written first: 3.16 million snapshots, about 800 MB), then
 * both again with an added index on (device_id, ts), and that index's size.
 */
const DAYS = 30;
/** The range the history count is also measured over (the longest a query may cover). */
const YEAR_DAYS = 366;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BOX_ID = 900_001;
const PRESSURE = 40002;
const CHART_REGISTERS = [40002, 40003, 40004, 40007];

/** p50/p95/max of RUNS timed calls after two warm-ups; the last answer. */
const timed = (server: RunningServer, token: string, url: string) => timedCall(server, token, url, RUNS);

/** p50/p95 of RUNS timed runs of `f` after two warm-ups. */
async function timeIt(f: () => unknown) {
  const run = async () => {
    const started = performance.now();
    await f();
    return { ms: performance.now() - started };
  };
  const { samples } = await timedRuns(run, 2, RUNS);
  const at = (q: number) => quantile(samples, q, 2);
  return { p50Ms: at(0.5), p95Ms: at(0.95) };
}

interface ServerModules {
  openDatabase: (database: { kind: 'sqlite'; file: string }) => Promise<{ db: unknown; close: () => Promise<void> }>;
  readSeries: (
    db: unknown,
    deviceId: number,
    current: ReadonlyMap<number, Register>,
    numbers: readonly number[],
    eras: readonly never[],
    q: { from: number; to: number; points: number },
  ) => Promise<SeriesResult>;
}

/** The built server's own database opening and series reader, loaded at run time from server/dist. */
async function serverModules(): Promise<ServerModules> {
  const database = (await import(path.join(root, 'server/dist/db/database.js'))) as Pick<ServerModules, 'openDatabase'>;
  const series = (await import(path.join(root, 'server/dist/modules/devices/series.js'))) as Pick<ServerModules, 'readSeries'>;
  return { openDatabase: database.openDatabase, readSeries: series.readSeries };
}

export async function benchHistoryChart(): Promise<Record<string, unknown>> {
  const { dataDir, deviceId, registers: sorted, from, end, rows, writeSeconds } = await seedDevice(BOX_ID, DAYS);
  try {
    // 3. The server on that file.
    const server = await startServer({}, dataDir);
    let stopped = false;
    try {
      const token = await signIn(server, 'demo_manager');
      const device = `/devices/${BOX_ID}/1`;
      const history = `/history/${BOX_ID}/1`;
      const series = await timed(server, token, `${device}/series?registers=${PRESSURE}&from=${from}&to=${end}&points=4000`);
      const series4 = await timed(
        server,
        token,
        `${device}/series?registers=${CHART_REGISTERS.join(',')}&from=${from}&to=${end}&points=4000`,
      );
      const page = await timed(
        server,
        token,
        `${history}?from=${from}&to=${end}&page=1&page_size=50&registers=${CHART_REGISTERS.join(',')}`,
      );
      const deepPage = await timed(
        server,
        token,
        `${history}?from=${from}&to=${end}&page=2500&page_size=50&registers=${CHART_REGISTERS.join(',')}`,
      );
      const kline = await timed(server, token, `${history}/kline?register=${PRESSURE}&period=day&from=${from}&to=${end}`);
      const day = await timed(server, token, `${history}?from=${end - 86_400_000}&to=${end}&page=1&page_size=50`);
      const figures = (r: Awaited<ReturnType<typeof timed>>) => ({ p50Ms: r.p50Ms, p95Ms: r.p95Ms, maxMs: r.maxMs, bytes: r.bytes });
      const seriesData = series.data as SeriesResult;
      const series4Data = series4.data as SeriesResult;
      const pageData = page.data as HistoryPage;
      const deepPageData = deepPage.data as HistoryPage;
      const dayData = day.data as HistoryPage;
      const klineData = kline.data as KlineResult;
      await server.stop();
      stopped = true;

      // 4. Without HTTP, on the same file: the server's series reader, and the range count with and without an index.
      const { openDatabase, readSeries } = await serverModules();
      const opened = await openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'dms.sqlite') });
      let inProcess: Record<string, unknown>;
      try {
        const current = new Map(sorted.map((r) => [r.number, r]));
        const q = { from, to: end, points: 4000 };
        const one = await timeIt(() => readSeries(opened.db, deviceId, current, [PRESSURE], [], q));
        const four = await timeIt(() => readSeries(opened.db, deviceId, current, CHART_REGISTERS, [], q));
        inProcess = { readSeriesOneRegister: one, readSeriesFourRegisters: four };
      } finally {
        await opened.close();
      }
      const raw = new Database(path.join(dataDir, 'dms.sqlite'));
      try {
        const count = (a: number, b: number) =>
          raw.prepare('select count(*) as n from history where device_id = ? and ts >= ? and ts < ?').get(deviceId, a, b);
        const count30dOnPrimaryKey = await timeIt(() => count(from, end));
        // A year: 336 more days before the 30.
        const yearFrom = end - YEAR_DAYS * 86_400_000;
        const more = ((YEAR_DAYS - DAYS) * 86_400_000) / STEP_MS;
        writeHistory(raw, deviceId, sorted, yearFrom, -more, more);
        raw.pragma('wal_checkpoint(TRUNCATE)');
        const countYearOnPrimaryKey = await timeIt(() => count(yearFrom, end));
        const before = fs.statSync(path.join(dataDir, 'dms.sqlite')).size;
        raw.exec('create index bench_history_ts on history (device_id, ts)');
        raw.pragma('wal_checkpoint(TRUNCATE)');
        const indexBytes = fs.statSync(path.join(dataDir, 'dms.sqlite')).size - before;
        const count30dOnIndex = await timeIt(() => count(from, end));
        const countYearOnIndex = await timeIt(() => count(yearFrom, end));
        inProcess = {
          ...inProcess,
          count30dOnPrimaryKey,
          count30dOnIndex,
          yearSnapshots: rows + more,
          countYearOnPrimaryKey,
          countYearOnIndex,
          indexBytesPerSnapshot: round(indexBytes / (rows + more), 1),
        };
      } finally {
        raw.close();
      }
      return {
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, SQLite`,
        snapshots: rows,
        registersPerSnapshot: sorted.length,
        writeSeconds: round(writeSeconds),
        runs: RUNS,
        series30dOneRegister: {
          ...figures(series),
          pointsPerSeries: seriesData.series[0]?.buckets.length ?? 0,
          bucketMs: seriesData.bucketMs,
        },
        series30dFourRegisters: { ...figures(series4), pointsPerSeries: series4Data.series.map((s) => s.buckets.length) },
        historyPage1Of30d: { ...figures(page), total: pageData.total, items: pageData.items.length },
        historyPage2500Of30d: { ...figures(deepPage), items: deepPageData.items.length },
        historyPage1Of1d: { ...figures(day), total: dayData.total },
        kline30dDay: { ...figures(kline), candles: klineData.candles.length },
        inProcess,
      };
    } finally {
      if (!stopped) await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
