import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import type { ServerEvent } from '@dms/contract';
import { round, signIn } from './measure.js';
import { root, startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- ingest` (or `npm run bench:ingest`): the data plane under load, the simulator in its own
 * process. Figures: sustained snapshots/s and register values/s, server CPU µs per value, publish-to-WebSocket
 * p50/p99 at half the target load, memory per idle connected box with many boxes, stored bytes per value.
 * Sizes: BENCH_IDLE_BOXES (default 10000), BENCH_STEP_S (default 20).
 */
const CONTROLLERS = 2; // two controllers of ~50 registers: ~100 values per snapshot
const STEP_S = Number(process.env.BENCH_STEP_S ?? 20);
const IDLE_BOXES = Number(process.env.BENCH_IDLE_BOXES ?? 10_000);
const SIM = path.join(root, 'simulator/dist/cli.js');
const TICKS = 100; // clock ticks per second of /proc/<pid>/stat on Linux

export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

export function rssBytes(pid: number): number {
  const line =
    fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? '';
  return Number(/(\d+)/.exec(line)?.[1] ?? 0) * 1024;
}

export async function api<T>(server: RunningServer, token: string, url: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v2${url}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

interface Stats {
  messages: number;
  snapshots: number;
  values: number;
  connectedBoxes: number;
  drops: Record<string, number>;
}

export function simulate(server: RunningServer, args: string[]): ChildProcess {
  const child = spawn(
    process.execPath,
    [
      SIM,
      '--url',
      `mqtt://127.0.0.1:${server.mqttPort}`,
      '--api',
      server.url,
      '--fault-rate',
      '0',
      '--alert-rate',
      '0',
      '--offline-rate',
      '0',
      '--ip-change-rate',
      '0',
      '--quiet',
      '--seed',
      'bench',
      ...args,
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return child;
}

export interface Fleet {
  boxes: number;
  controllers: number;
  /** Seconds between reports. */
  interval: number;
  firstBoxId: number;
  /** The credentials file (the simulator registers the boxes when it lacks them). */
  credentials: string;
  /** Connections a second. */
  connectRate: number;
}

export const fleetArgs = (f: Fleet) => [
  '--boxes',
  String(f.boxes),
  '--controllers',
  String(f.controllers),
  '--interval',
  String(f.interval),
  '--first-box-id',
  String(f.firstBoxId),
  '--credentials',
  f.credentials,
  '--connect-rate',
  String(f.connectRate),
];

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
}

export async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Simulates `boxes` boxes of CONTROLLERS controllers reporting every `interval` s; resolves once all are connected. */
export async function connectedFleet(
  server: RunningServer,
  token: string,
  boxes: number,
  interval: number,
  firstBoxId: number,
  credentials: string,
) {
  const sim = simulate(server, fleetArgs({ boxes, controllers: CONTROLLERS, interval, firstBoxId, credentials, connectRate: 500 }));
  try {
    await waitFor(
      async () => (await api<Stats>(server, token, '/boxes/ingest-stats')).connectedBoxes >= boxes,
      120_000,
      `${boxes} boxes to connect`,
    );
  } catch (err) {
    await stop(sim);
    throw err;
  }
  return sim;
}

/** One load step: `boxes` boxes reporting every `interval` s for STEP_S seconds, measured after a warm-up. */
export async function step(server: RunningServer, token: string, boxes: number, interval: number, firstBoxId: number, credentials: string) {
  const sim = await connectedFleet(server, token, boxes, interval, firstBoxId, credentials);
  try {
    await new Promise((r) => setTimeout(r, 3000)); // warm-up
    const pid = server.child.pid ?? 0;
    const s0 = await api<Stats>(server, token, '/boxes/ingest-stats');
    const c0 = cpuMs(pid);
    const s0Sim = cpuMs(sim.pid ?? 0);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, STEP_S * 1000));
    const s1 = await api<Stats>(server, token, '/boxes/ingest-stats');
    const c1 = cpuMs(pid);
    const seconds = (performance.now() - t0) / 1000;
    const values = s1.values - s0.values;
    return {
      offeredSnapshotsPerS: round(boxes / interval),
      snapshotsPerS: round((s1.snapshots - s0.snapshots) / seconds),
      valuesPerS: round(values / seconds, 0),
      serverCpuPercent: round(((c1 - c0) / 1000 / seconds) * 100),
      simulatorCpuPercent: round(((cpuMs(sim.pid ?? 0) - s0Sim) / 1000 / seconds) * 100),
      cpuMicrosPerValue: round(((c1 - c0) * 1000) / Math.max(1, values), 2),
      rateLimited: s1.drops['rate-limited'] ?? 0,
    };
  } finally {
    await stop(sim);
  }
}

/** Publish-to-WebSocket latency: a client watching 100 devices measures now − snapshot time for each pushed value. */
async function latency(server: RunningServer, token: string, boxes: number, interval: number, firstBoxId: number, credentials: string) {
  const sim = await connectedFleet(server, token, boxes, interval, firstBoxId, credentials);
  try {
    const devices = await api<{ items: Array<{ id: number }> }>(server, token, `/devices?page_size=100`);
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v2/ws`);
    const samples: number[] = [];
    let measuring = false;
    ws.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      if (event.type === 'values' && measuring) samples.push(Date.now() - event.ts);
    });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'subscribe', devices: devices.items.map((d) => d.id) }));
    await new Promise((r) => setTimeout(r, 3000));
    measuring = true;
    await new Promise((r) => setTimeout(r, STEP_S * 1000));
    ws.close();
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN;
    return { samples: samples.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: samples.at(-1) ?? NaN };
  } finally {
    await stop(sim);
  }
}

export async function benchIngest(): Promise<Record<string, unknown>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-ingest-'));
  const credentials = path.join(work, 'fleet.json');
  const server = await startServer({ BOX_RATE_LIMIT: '1000', LOGIN_LIMIT_PER_ADDRESS: '100000' });
  const token = await signIn(server, 'demo_root');
  const steps = [];
  try {
    // Throughput: 200 boxes × 2 controllers (~100 values a snapshot), faster and faster.
    for (const interval of [0.8, 0.4, 0.27, 0.2, 0.16]) {
      const result = await step(server, token, 200, interval, 200_001, credentials);
      steps.push(result);
      process.stderr.write(`ingest step: ${JSON.stringify(result)}\n`);
      // Past what the machine sustains: the server (or the simulator beside it on the same two cores) falls behind.
      if (result.snapshotsPerS < 0.85 * result.offeredSnapshotsPerS) break;
    }
    const half = await latency(server, token, 200, 0.8, 200_001, credentials);
    process.stderr.write(`latency at half load: ${JSON.stringify(half)}\n`);
    await server.stop();
    const db = new Database(path.join(server.dataDir, 'dms.sqlite'));
    db.pragma('wal_checkpoint(TRUNCATE)');
    const { n: values } = db.prepare('select sum(length(vals)) / 4 as n from history').get() as { n: number };
    let historyBytes: number;
    try {
      historyBytes = (db.prepare("select sum(pgsize) as b from dbstat where name = 'history'").get() as { b: number }).b;
    } catch {
      historyBytes = fs.statSync(path.join(server.dataDir, 'dms.sqlite')).size;
    }
    db.close();

    // Memory: IDLE_BOXES boxes connected and silent (one report an hour).
    const idleServer = await startServer({ BOX_RATE_LIMIT: '1000', LOGIN_LIMIT_PER_ADDRESS: '100000' });
    const idleToken = await signIn(idleServer, 'demo_root');
    const pid = idleServer.child.pid ?? 0;
    const idleCredentials = path.join(work, 'idle.json');
    // Register first (the simulator does it when the file lacks them), then measure before connecting.
    const idleFleet = { boxes: IDLE_BOXES, controllers: 1, interval: 3600, firstBoxId: 500_001, credentials: idleCredentials };
    const register = simulate(idleServer, [...fleetArgs({ ...idleFleet, connectRate: 1 }), '--duration', '1']);
    await new Promise((r) => register.once('exit', r));
    await new Promise((r) => setTimeout(r, 3000));
    const rssBefore = rssBytes(pid);
    const idle = simulate(idleServer, fleetArgs({ ...idleFleet, connectRate: 1000 }));
    let connected = 0;
    try {
      await waitFor(
        async () => (connected = (await api<Stats>(idleServer, idleToken, '/boxes/ingest-stats')).connectedBoxes) >= IDLE_BOXES,
        300_000,
        `${IDLE_BOXES} idle boxes`,
      );
      await new Promise((r) => setTimeout(r, 10_000));
      const rssAfter = rssBytes(pid);
      const best = steps.reduce((a, b) => (b.valuesPerS > a.valuesPerS ? b : a));
      return {
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, SQLite`,
        steps,
        sustainedValuesPerS: best.valuesPerS,
        sustainedSnapshotsPerS: best.snapshotsPerS,
        cpuMicrosPerValue: best.cpuMicrosPerValue,
        latencyAtHalfLoad: half,
        idleBoxes: connected,
        kbPerIdleBox: round((rssAfter - rssBefore) / connected / 1024, 1),
        serverRssMbWithIdleBoxes: round(rssAfter / 2 ** 20, 0),
        storedValues: values,
        bytesPerStoredValue: round(historyBytes / Math.max(1, values), 2),
      };
    } finally {
      await stop(idle);
      await idleServer.stop();
    }
  } finally {
    if (server.child.exitCode === null) await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
