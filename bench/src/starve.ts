import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssBytes } from './ingest.js';
import { freePort, round } from './measure.js';
import { saturate } from './saturate.js';
import { root } from './server-process.js';

/**
 * `npm run bench -- starve` (issue 25, the bounded backlog): the saturation run (saturate.ts) with the server starved
 * of CPU. For STARVE_SECONDS (default 300) one busy loop per core runs beside it at the same priority, while the
 * generator keeps SAT_WINDOW (default 64) snapshots in flight per box, far more than the starved server stores; then
 * the hogs stop and the run goes on for STARVE_AFTER_SECONDS (default 60). The server runs with
 * INGEST_MAX_BACKLOG=STARVE_BACKLOG (default 2MiB) and its metrics are read every second: the backlog's bytes and
 * waiting messages, the values stored, its RSS. Figures: values a second while starved and after, the most the
 * backlog held against its ceiling, RSS, and (from saturate.ts) snapshots acknowledged against stored.
 */
const HOG_SECONDS = Number(process.env.STARVE_SECONDS ?? 300);
const AFTER_SECONDS = Number(process.env.STARVE_AFTER_SECONDS ?? 60);
const BACKLOG = process.env.STARVE_BACKLOG ?? '2MiB';

interface Sample {
  t: number;
  values: number;
  backlogBytes: number;
  waiting: number;
  rss: number;
}

/** One sample of the server's metrics: `name value` lines without labels. */
async function scrape(port: number): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(dms_\w+) ([\d.e+-]+)$/.exec(line);
    if (m?.[1] && m[2]) out.set(m[1], Number(m[2]));
  }
  return out;
}

function rate(samples: Sample[], from: number, to: number): number {
  const inside = samples.filter((s) => s.t >= from && s.t <= to);
  const first = inside[0];
  const last = inside.at(-1);
  if (!first || !last || last.t === first.t) return 0;
  return (last.values - first.values) / (last.t - first.t);
}

export async function benchStarve(): Promise<Record<string, unknown>> {
  process.env.SAT_SECONDS ??= String(HOG_SECONDS + AFTER_SECONDS);
  process.env.SAT_WINDOW ??= '64';
  process.env.SAT_BOXES ??= '200';
  const metricsPort = await freePort();
  return saturate({
    env: { INGEST_MAX_BACKLOG: BACKLOG, METRICS_PORT: String(metricsPort) },
    start(pid) {
      const started = performance.now() / 1000;
      const hogs: ChildProcess[] = os.cpus().map(() =>
        spawn(process.execPath, ['-e', `const end = Date.now() + ${HOG_SECONDS * 1000}; while (Date.now() < end) {}`], {
          stdio: 'ignore',
        }),
      );
      const samples: Sample[] = [];
      let ceiling = 0;
      const timer = setInterval(() => {
        void scrape(metricsPort)
          .then((m) => {
            ceiling = m.get('dms_ingest_backlog_max_bytes') ?? ceiling;
            samples.push({
              t: performance.now() / 1000 - started,
              values: m.get('dms_ingest_values_total') ?? 0,
              backlogBytes: m.get('dms_ingest_backlog_bytes') ?? 0,
              waiting: m.get('dms_ingest_backlog_waiting') ?? 0,
              rss: rssBytes(pid),
            });
          })
          .catch(() => undefined);
      }, 1000);
      return {
        stop() {
          clearInterval(timer);
          for (const h of hogs) h.kill();
          const csv = path.join(root, `bench/results/starve-${new Date().toISOString().replaceAll(':', '-')}.csv`);
          fs.mkdirSync(path.dirname(csv), { recursive: true });
          fs.writeFileSync(
            csv,
            [
              't,values,backlogBytes,waiting,rssBytes',
              ...samples.map((s) => `${round(s.t, 1)},${s.values},${s.backlogBytes},${s.waiting},${s.rss}`),
            ].join('\n'),
          );
          const during = samples.filter((s) => s.t <= HOG_SECONDS);
          const after = samples.filter((s) => s.t > HOG_SECONDS + 5);
          const max = (list: Sample[], pick: (s: Sample) => number) => list.reduce((m, s) => Math.max(m, pick(s)), 0);
          const mb = (bytes: number) => round(bytes / 2 ** 20, 1);
          return Promise.resolve({
            starve: {
              hogs: hogs.length,
              seconds: HOG_SECONDS,
              backlogCeilingMb: mb(ceiling),
              valuesPerS: { starved: round(rate(samples, 5, HOG_SECONDS), 0), after: round(rate(samples, HOG_SECONDS + 5, Infinity), 0) },
              backlogMaxMb: { starved: mb(max(during, (s) => s.backlogBytes)), after: mb(max(after, (s) => s.backlogBytes)) },
              waitingMax: { starved: max(during, (s) => s.waiting), atEnd: samples.at(-1)?.waiting ?? null },
              rssMaxMb: { starved: mb(max(during, (s) => s.rss)), after: mb(max(after, (s) => s.rss)) },
              samples: path.relative(root, csv),
            },
          });
        },
      };
    },
  });
}
