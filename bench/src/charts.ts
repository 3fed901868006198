import fs from 'node:fs';
import os from 'node:os';
import type { ChartDetail, FleetStopStatus, StopStatusResult, UtilisationResult } from '@dms/contract';
import { api, seedDevice, timed, type Register } from './history-fixture.js';
import { round, signIn } from './measure.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench -- charts`: the stop-status chart over stored history (issue 21). One screw compressor holds 30 days
 * of snapshots at 10 s (259,200 steps less the box's absences: every 7th hour it is away for 20 minutes), its run
 * state loaded 40 minutes an hour, unloaded 15, stopped 5. Then over HTTP as its manager: the 30-day timeline (target
 * p95 < 100 ms; its first read after the start, when no day is kept yet, apart), one day's, utilisation per day over
 * 31 days, and the large screen's sum for the day; p50/p95 over BENCH_RUNS runs (default 30) after two warm-ups. The
 * totals are checked to sum to the window.
 */
const DAYS = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BOX_ID = 900_002;
const RUN_STATE = 40001;

const minuteOf = (i: number) => Math.floor(i / 6) % 60;
function runStateAt(reg: Register, i: number): number {
  if (reg.number !== RUN_STATE) return reg.format === 'number' ? 100 + (reg.number % 50) : 0;
  const m = minuteOf(i);
  return m < 40 ? 2 : m < 55 ? 3 : 0;
}
const away = (i: number) => Math.floor(i / 360) % 7 === 3 && minuteOf(i) < 20;

export async function benchCharts(): Promise<Record<string, unknown>> {
  const seeded = await seedDevice(BOX_ID, DAYS, runStateAt, away);
  const { dataDir, typeId, from, end } = seeded;
  try {
    const server = await startServer({}, dataDir);
    try {
      const root = await signIn(server, 'demo_root');
      const chart = (
        await api(server, root, '/charts', {
          method: 'POST',
          body: JSON.stringify({
            name: 'Bench run and stop',
            typeId,
            definition: {
              kind: 'stop-status',
              states: [
                { state: 'faulted', when: { kind: 'band', register: RUN_STATE, inside: true, low: 5, high: 6 } },
                { state: 'loaded', when: { kind: 'compare', register: RUN_STATE, op: '=', value: 2 } },
                { state: 'unloaded', when: { kind: 'band', register: RUN_STATE, inside: true, low: 3, high: 4 } },
              ],
              gapS: 60,
            },
          }),
        })
      ).data as ChartDetail;
      await api(server, root, `/controller-types/${typeId}/charts`, {
        method: 'PUT',
        body: JSON.stringify({ charts: ['history-curves', 'kline'], definitions: [chart.id] }),
      });
      const token = await signIn(server, 'demo_manager');
      const base = `/charts/${chart.id}`;
      const device = `${BOX_ID}/1`;
      const monthUrl = `${base}/stop-status/${device}?from=${from}&to=${end}`;
      // The first read after a start: every day of the month read from the snapshots (the reader keeps none yet).
      const cold = (await api(server, token, monthUrl)).ms;
      const month = await timed(server, token, monthUrl, RUNS);
      const day = await timed(server, token, `${base}/stop-status/${device}?from=${end - 86_400_000}&to=${end}`, RUNS);
      const perDay = await timed(server, token, `${base}/utilisation/${device}?from=${end - 31 * 86_400_000}&days=31`, RUNS);
      const fleet = await timed(server, token, `/charts/fleet-stop-status?from=${end - 86_400_000}`, RUNS);
      const monthData = month.data as StopStatusResult;
      const sum = Object.values(monthData.totals).reduce((n, ms) => n + ms, 0);
      if (sum !== monthData.to - monthData.from)
        throw new Error(`the totals sum to ${sum}, not the window ${monthData.to - monthData.from}`);
      const figures = (r: Awaited<ReturnType<typeof timed>>) => ({ p50Ms: r.p50Ms, p95Ms: r.p95Ms, maxMs: r.maxMs, bytes: r.bytes });
      const hours = (ms: number) => round(ms / 3_600_000, 1);
      return {
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, SQLite`,
        snapshots: seeded.rows,
        writeSeconds: seeded.writeSeconds,
        runs: RUNS,
        stopStatus30d: {
          coldMs: round(cold),
          ...figures(month),
          segments: monthData.segments.length,
          merged: monthData.merged,
          hours: Object.fromEntries(Object.entries(monthData.totals).map(([k, v]) => [k, hours(v)])),
          utilisation: round(monthData.utilisation * 100, 1),
        },
        stopStatus1d: { ...figures(day), segments: (day.data as StopStatusResult).segments.length },
        utilisation31d: { ...figures(perDay), days: (perDay.data as UtilisationResult).days.length },
        fleetToday: { ...figures(fleet), devices: (fleet.data as FleetStopStatus).devices },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
