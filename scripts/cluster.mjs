#!/usr/bin/env node
// `npm run cluster [-- --instances N --port P --boxes B --fresh]`: several server instances behind HAProxy, on the
// PostgreSQL of DATABASE_URL (default the machine's), with a Redis and a Mosquitto of their own, and B simulated boxes
// reporting through that broker. Stops everything on Ctrl-C. docs/scaling.md, "A cluster on one machine".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dropSchema, missingPrograms, root, startCluster } from './cluster/lib.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    boxes: { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(
    'npm run cluster -- [--instances N (2)] [--port P (8080)] [--boxes B (50)] [--fresh: drop the schema dms_cluster first]\n',
  );
  process.exit(0);
}
const missing = missingPrograms();
if (missing.length > 0) {
  process.stderr.write(`cluster: ${missing.join(', ')} not installed: apt-get install haproxy redis-server mosquitto\n`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const build = spawn(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if ((await new Promise((r) => build.on('exit', r))) !== 0) process.exit(1);
if (values.fresh) dropSchema(databaseUrl, 'dms_cluster');

const cluster = await startCluster({ instances: Number(values.instances), port: Number(values.port), databaseUrl });
const simulator = spawn(
  process.execPath,
  [
    path.join(root, 'simulator/dist/cli.js'),
    '--boxes',
    values.boxes,
    '--url',
    cluster.mqttUrl,
    '--api',
    cluster.url,
    '--credentials',
    path.join(cluster.dir, 'fleet.json'),
    '--quiet',
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
process.stdout.write(
  [
    `Console: ${cluster.url} (HAProxy, round robin) → ${cluster.servers.map((s) => `${s.name} 127.0.0.1:${s.port}`).join(', ')}`,
    `Broker: ${cluster.mqttUrl} (plain subscriptions: each instance handles the boxes it owns); Redis: redis://127.0.0.1:${cluster.redis.port}`,
    `Database: ${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')} schema dms_cluster; logs in ${cluster.dir}`,
    `${values.boxes} simulated boxes report through the broker. Sign in as demo_root / demo123456. Ctrl-C stops all.`,
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  simulator.kill('SIGTERM');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
