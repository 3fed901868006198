import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dropSchema, root, startCluster, type Cluster } from '../../scripts/cluster/lib.mjs';
import { round } from './measure.js';
import { psqlNumber } from './postgres.js';

/**
 * `npm run bench -- cluster-fleet` (issue 26; docs/scaling.md "A million boxes"): a fleet at the demo's report rate
 * (BENCH_BOXES simulated boxes, one compressor each, a snapshot every BENCH_INTERVAL s) on a cluster of BENCH_INSTANCES
 * instances behind HAProxy, for BENCH_SECONDS once every box has reported: the CPU each part used (servers, Mosquitto,
 * Redis, HAProxy, PostgreSQL's processes, the simulator), the servers' memory, and the snapshots stored a second
 * against those sent. The per-box figures it gives are what docs/scaling.md's sizing table is built from.
 */

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOXES = Number(process.env.BENCH_BOXES ?? 5000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const INTERVAL = Number(process.env.BENCH_INTERVAL ?? 10);
const FIRST_BOX = 800_001;
const TICK = 100; // clock ticks a second (/proc/<pid>/stat)

/** A process's /proc stat fields after its name: [3] its parent, [11]-[14] user, system, children's user and system. */
function statOf(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) of a process, and its resident memory in MiB. */
function usage(pid: number): { cpu: number; rssMiB: number } {
  const fields = statOf(pid);
  if (!fields) return { cpu: 0, rssMiB: 0 };
  return { cpu: (Number(fields[11]) + Number(fields[12])) / TICK, rssMiB: (Number(fields[21]) * 4096) / 1024 / 1024 };
}

/**
 * PostgreSQL's CPU seconds: its postmaster's own and that of the backends that ended (its children's, as the kernel
 * keeps them), and every live backend's. Backends come and go, so summing the live ones alone loses the ended ones.
 */
function postgresCpu(): number {
  const pids = spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((l) => l !== '')
    .map(Number);
  let cpu = 0;
  for (const pid of pids) {
    const f = statOf(pid);
    if (!f) continue;
    cpu += (Number(f[11]) + Number(f[12])) / TICK;
    // The postmaster (its parent is not PostgreSQL): what its ended backends used.
    if (!pids.includes(Number(f[1]))) cpu += (Number(f[13]) + Number(f[14])) / TICK;
  }
  return cpu;
}

function stored(schema: string): number {
  return psqlNumber(
    DATABASE_URL,
    schema,
    `select count(*) from history h join devices d on d.id = h.device_id where d.box_id >= ${FIRST_BOX}`,
  );
}

export async function benchClusterFleet(): Promise<Record<string, unknown>> {
  const schema = 'bench_cluster_fleet';
  dropSchema(DATABASE_URL, schema);
  const cluster: Cluster = await startCluster({ instances: INSTANCES, schema, databaseUrl: DATABASE_URL });
  const credentials = path.join(cluster.dir, 'fleet.json');
  const simulator = spawn(
    process.execPath,
    [
      path.join(root, 'simulator/dist/cli.js'),
      '--boxes',
      String(BOXES),
      '--first-box-id',
      String(FIRST_BOX),
      '--interval',
      String(INTERVAL),
      '--url',
      cluster.mqttUrl,
      '--api',
      cluster.url,
      '--credentials',
      credentials,
      '--connect-rate',
      '1000',
      '--fault-rate',
      '0',
      '--offline-rate',
      '0',
      '--ip-change-rate',
      '0',
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    // Every box registered, connected and reporting: each has a device with values.
    const reporting = () =>
      psqlNumber(
        DATABASE_URL,
        schema,
        `select count(*) from device_latest l join devices d on d.id = l.device_id where d.box_id >= ${FIRST_BOX}`,
      );
    const readyBy = Date.now() + 15 * 60_000;
    while (reporting() < BOXES && Date.now() < readyBy) await new Promise((r) => setTimeout(r, 2000));
    await new Promise((r) => setTimeout(r, INTERVAL * 1000));
    const parts: Record<string, number[]> = {
      servers: cluster.servers.map((s) => s.pid ?? 0),
      mosquitto: [cluster.broker.pid ?? 0],
      redis: [cluster.redis.pid ?? 0],
      haproxy: [cluster.haproxy.pid ?? 0],
      simulator: [simulator.pid ?? 0],
    };
    const cpuOf = (): Record<string, number> => ({
      ...Object.fromEntries(Object.entries(parts).map(([k, pids]) => [k, pids.reduce((n, p) => n + usage(p).cpu, 0)])),
      postgres: postgresCpu(),
    });
    const before = { cpu: cpuOf(), rows: stored(schema), at: Date.now() };
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const after = { cpu: cpuOf(), rows: stored(schema), at: Date.now() };
    const seconds = (after.at - before.at) / 1000;
    const cores = Object.fromEntries(
      Object.keys(after.cpu).map((k) => [k, round(((after.cpu[k] ?? 0) - (before.cpu[k] ?? 0)) / seconds, 3)]),
    );
    const storedPerSecond = (after.rows - before.rows) / seconds;
    return {
      boxes: BOXES,
      instances: INSTANCES,
      intervalS: INTERVAL,
      seconds: round(seconds, 1),
      reporting: reporting(),
      snapshotsExpectedPerSecond: round(BOXES / INTERVAL, 0),
      snapshotsStoredPerSecond: round(storedPerSecond, 0),
      cores,
      serverRssMiB: cluster.servers.map((s) => round(usage(s.pid ?? 0).rssMiB, 0)),
      coresPer10kBoxes: Object.fromEntries(Object.entries(cores).map(([k, c]) => [k, round((c * 10_000) / BOXES, 3)])),
    };
  } finally {
    simulator.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await cluster.stop();
    dropSchema(DATABASE_URL, schema);
  }
}
