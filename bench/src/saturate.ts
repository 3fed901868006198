import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { cpuMs, fleetArgs, rssBytes, simulate } from './ingest.js';
import { round } from './measure.js';
import { dropSchema, LOCAL_PG_URL, onPostgres } from './postgres.js';
import { root, startServer } from './server-process.js';

/**
 * `npm run bench -- saturate` (issue 25): the server's ingest at its limit, on the embedded defaults (SQLite, the
 * embedded broker), with a load generator that costs almost nothing (bench/src/saturate-gen.ts: pre-encoded snapshots,
 * SAT_WINDOW QoS 1 publishes in flight per box, no simulation) in its own process on the same machine. Boxes are
 * registered by the simulator first (its `--duration 1`), then the generator runs for SAT_SECONDS. Figures: values a
 * second acknowledged, the server's and the generator's CPU (µs a value, cores), the server's RSS, and, from the
 * database once the server has stopped, the snapshots stored against those acknowledged (lost = acknowledged − stored).
 * Sizes: SAT_BOXES (default 100), SAT_WINDOW (16), SAT_SECONDS (20), SAT_CONTROLLERS (2). `SAT_DATABASE=postgres` runs
 * the server on PostgreSQL (SAT_PG_URL, default the local `test` database, in a schema of its own, dropped after) and
 * adds the CPU of every PostgreSQL process of the machine (`databaseCpuCores`). A CPU profile of the server:
 * `BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/results"` (server-process.ts passes them to node), summed by
 * `node scripts/profile-top.mjs <file>`.
 */
const FIRST_BOX = 950_001;
const GEN = path.join(root, 'bench/dist/saturate-gen.js');

interface Generated {
  boxes: number;
  window: number;
  seconds: number;
  sent: number;
  acked: number;
  /** Acknowledged within the run's seconds (the rest were in flight when it stopped). */
  ackedInTime: number;
  failed: number;
  valuesPerSnapshot: number;
  cpuMs: number;
}

/** Something to run beside the generator (starve.ts): started as the generator starts, its figures joined to the result. */
export interface Beside {
  env: Record<string, string>;
  start(serverPid: number): { stop(): Promise<Record<string, unknown>> };
}

export function benchSaturate(): Promise<Record<string, unknown>> {
  return saturate();
}

export async function saturate(beside?: Beside): Promise<Record<string, unknown>> {
  // Read here: starve.ts sets its own defaults before it calls.
  const BOXES = Number(process.env.SAT_BOXES ?? 100);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-saturate-'));
  // SAT_DATABASE=postgres: the server on PostgreSQL (SAT_PG_URL, the local `test` database by default), in a schema of its own.
  const pgSchema = process.env.SAT_DATABASE === 'postgres' ? `bench_sat_${Date.now().toString(36)}` : null;
  const server = await startServer({
    BOX_RATE_LIMIT: '10000',
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    ...(pgSchema ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: pgSchema } : {}),
    ...beside?.env,
  });
  try {
    const credentials = path.join(work, 'boxes.json');
    const register = simulate(server, [
      ...fleetArgs({ boxes: BOXES, controllers: 1, interval: 3600, firstBoxId: FIRST_BOX, credentials, connectRate: 1000 }),
      '--duration',
      '1',
    ]);
    await new Promise((r) => register.once('exit', r));
    await new Promise((r) => setTimeout(r, 2000));

    const pid = server.child.pid ?? 0;
    // The generator's snapshots are stamped from 40 × SAT_SECONDS before it starts: older than the simulator's one.
    const before = Date.now() - 60_000;
    let c0 = 0;
    let c1 = 0;
    let dbCpu0 = 0;
    let dbCpu1 = 0;
    const rss0 = rssBytes(pid);
    let rssMax = rss0;
    const sampler = setInterval(() => {
      rssMax = Math.max(rssMax, rssBytes(pid));
    }, 500);
    const besideRun = beside?.start(pid);
    const gen = spawn(process.execPath, [GEN], {
      env: { ...process.env, SAT_URL: `mqtt://127.0.0.1:${server.mqttPort}`, SAT_CREDENTIALS: credentials },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    gen.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (c0 === 0 && out.includes('"phase":"start"')) [c0, dbCpu0] = [cpuMs(pid), postgresCpuMs()];
      if (c1 === 0 && out.includes('"phase":"stop"')) [c1, dbCpu1] = [cpuMs(pid), postgresCpuMs()];
    });
    await new Promise((r) => gen.once('exit', r));
    clearInterval(sampler);
    const besideFigures = await besideRun?.stop();
    const serverCpuMs = c1 - c0;
    const g = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Generated;
    await server.stop();

    // What was stored, against what was acknowledged: the generator's snapshots of each box's first controller.
    const stored = await storedSnapshots(server.dataDir, pgSchema, [FIRST_BOX, FIRST_BOX + BOXES, before]);
    const values = g.ackedInTime * g.valuesPerSnapshot;
    return {
      database: pgSchema ? 'postgres' : 'sqlite',
      ...(pgSchema ? { databaseCpuCores: round((dbCpu1 - dbCpu0) / 1000 / g.seconds, 2) } : {}),
      boxes: g.boxes,
      window: g.window,
      seconds: round(g.seconds, 1),
      valuesPerSnapshot: g.valuesPerSnapshot,
      snapshotsAcknowledged: g.acked,
      snapshotsStored: stored,
      lost: g.acked - stored,
      failed: g.failed,
      valuesPerS: round(values / g.seconds, 0),
      serverCpuCores: round(serverCpuMs / 1000 / g.seconds, 2),
      serverCpuMicrosPerValue: round((serverCpuMs * 1000) / Math.max(1, values), 2),
      generatorCpuCores: round(g.cpuMs / 1000 / g.seconds, 2),
      generatorCpuMicrosPerValue: round((g.cpuMs * 1000) / Math.max(1, values), 2),
      serverRssMb: { start: round(rss0 / 2 ** 20, 0), max: round(rssMax / 2 ** 20, 0) },
      ...besideFigures,
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    if (pgSchema) await dropSchema(PG_URL, pgSchema);
  }
}

const PG_URL = process.env.SAT_PG_URL ?? LOCAL_PG_URL;

/** CPU time (ms) of every PostgreSQL process of this machine: the database's share of the work. */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/** The history rows of boxes [low, high) before `before`, on the first controller: what was stored of the generator's. */
async function storedSnapshots(dataDir: string, pgSchema: string | null, [low, high, before]: [number, number, number]): Promise<number> {
  const query =
    'select count(*) as n from history h join devices d on d.id = h.device_id where d.box_id >= $1 and d.box_id < $2 and d.controller = 1 and h.ts < $3';
  if (pgSchema)
    return onPostgres(PG_URL, async (c) => {
      await c.query(`set search_path = ${pgSchema}`);
      return Number((await c.query<{ n: string }>(query, [low, high, before])).rows[0]?.n ?? 0);
    });
  const db = new Database(path.join(dataDir, 'dms.sqlite'), { readonly: true });
  try {
    return (db.prepare(query.replace(/\$\d/g, '?')).get(low, high, before) as { n: number }).n;
  } finally {
    db.close();
  }
}
