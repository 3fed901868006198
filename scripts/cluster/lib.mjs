// Several server instances behind HAProxy, with Redis and an MQTT broker of their own and one PostgreSQL database:
// what `npm run cluster` starts (scripts/cluster.mjs) and what `npm run test:cluster` (e2e/cluster/) kills and
// restarts. docs/scaling.md, "A cluster on one machine".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's programs the cluster runs (apt-get install haproxy redis-server mosquitto). */
export const PROGRAMS = { haproxy: '/usr/sbin/haproxy', redis: '/usr/bin/redis-server', mosquitto: '/usr/sbin/mosquitto' };

/** The programs missing on this machine. */
export function missingPrograms() {
  return Object.entries(PROGRAMS)
    .filter(([, file]) => !fs.existsSync(file))
    .map(([name]) => name);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Whether something answers on 127.0.0.1:port. */
export function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** Waits until `check` answers true (every 100 ms), at most `ms`; throws `what` then. */
export async function until(check, ms, what) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

/**
 * A process of the cluster: started, killed (any signal) and started again with the same command. Its output goes to
 * `<dir>/<name>.log`.
 */
class Member {
  constructor(name, dir, command, args, env, port) {
    Object.assign(this, { name, dir, command, args, env, port, child: null });
    this.logFile = path.join(dir, `${name}.log`);
  }

  async start(readyMs = 30_000) {
    const log = fs.openSync(this.logFile, 'a');
    this.child = spawn(this.command, this.args, { cwd: root, env: { ...process.env, ...this.env }, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    const child = this.child;
    await until(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${this.name} exited: see ${this.logFile}`);
        return this.ready();
      },
      readyMs,
      `${this.name} to answer on ${this.port}`,
    );
  }

  ready() {
    return answers(this.port);
  }

  /** Its process id while it runs. */
  get pid() {
    return this.child?.pid;
  }

  /** Sends `signal` and waits until it exited (SIGKILL after 15 s). */
  async stop(signal = 'SIGTERM') {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }

  async restart(signal = 'SIGTERM') {
    await this.stop(signal);
    await this.start();
  }
}

/** A server instance: ready when /api/v2/health answers 200. */
class Instance extends Member {
  async ready() {
    try {
      const res = await fetch(`http://127.0.0.1:${this.port}/api/v2/health`);
      return res.status === 200;
    } catch {
      return false;
    }
  }
}

function haproxyConfig(port, instances) {
  return [
    'global',
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A live-push WebSocket is a tunnel once upgraded: it may stay quiet for long.
    '  timeout tunnel 1h',
    '  option http-server-close',
    // A call that finds its instance dead (before the health check marks it down) is tried on another.
    '  retries 3',
    '  option redispatch',
    'frontend console',
    `  bind 127.0.0.1:${port}`,
    '  default_backend servers',
    'backend servers',
    // No stickiness: any instance answers any call, and a console's socket reconnects to any of them.
    '  balance roundrobin',
    '  option httpchk GET /api/v2/health',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions',
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    '',
  ].join('\n');
}

function mosquittoConfig(port, dir) {
  return [
    `listener ${port} 127.0.0.1`,
    // Boxes are let in by the broker here; a production broker asks the server (docs/box-protocol.md, mosquitto-go-auth).
    'allow_anonymous true',
    // What the broker acknowledged to a box survives its restart: its queues are saved when it stops.
    'persistence true',
    `persistence_location ${dir}/`,
    'max_queued_messages 1000000',
    'max_queued_bytes 0',
    'max_inflight_messages 100',
    `user ${os.userInfo().username}`,
    'log_dest stderr',
    'log_type error',
    'log_type warning',
    '',
  ].join('\n');
}

/**
 * Starts the cluster: Redis and Mosquitto (private, on free ports), `instances` server instances on the database
 * (the first alone first: it migrates and seeds the demo people), then HAProxy on `port`. Answers its parts, and
 * `stop()`.
 */
export async function startCluster({
  instances = 2,
  port = 0,
  databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  schema = 'dms_cluster',
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-cluster-')),
  env = {},
} = {}) {
  const missing = missingPrograms();
  if (missing.length > 0) throw new Error(`missing: ${missing.join(', ')} (apt-get install haproxy redis-server mosquitto)`);
  fs.mkdirSync(dir, { recursive: true });
  const [redisPort, mqttPort, balancerPort] = [await freePort(), await freePort(), port || (await freePort())];
  fs.writeFileSync(path.join(dir, 'mosquitto.conf'), mosquittoConfig(mqttPort, dir));
  const redis = new Member(
    'redis',
    dir,
    PROGRAMS.redis,
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {},
    redisPort,
  );
  const broker = new Member('mosquitto', dir, PROGRAMS.mosquitto, ['-c', path.join(dir, 'mosquitto.conf')], {}, mqttPort);
  const servers = [];
  const started = [];
  const stopAll = async () => {
    for (const m of started.reverse()) await m.stop();
  };
  const start = async (member, readyMs) => {
    started.push(member);
    try {
      await member.start(readyMs);
    } catch (err) {
      await stopAll();
      throw err;
    }
  };
  await start(redis);
  await start(broker);
  for (let i = 1; i <= instances; i += 1) {
    const httpPort = await freePort();
    servers.push(
      new Instance(
        `server${i}`,
        dir,
        process.execPath,
        // CLUSTER_NODE_ARGS: node's own options for the servers (a profile: `--cpu-prof --cpu-prof-dir=…`).
        [...(process.env.CLUSTER_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(root, 'server/dist/main.js')],
        {
          HOST: '127.0.0.1',
          PORT: String(httpPort),
          METRICS_PORT: String(await freePort()),
          DATA_DIR: path.join(dir, `server${i}`),
          DATABASE_URL: databaseUrl,
          DATABASE_SCHEMA: schema,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          REDIS_PREFIX: `${schema}:`,
          MQTT_URL: `mqtt://127.0.0.1:${mqttPort}`,
          // Plain subscriptions: every instance hears every box and handles those it owns (docs/scaling.md: Debian's
          // Mosquitto 2.0.11 forgets shared subscriptions over its restart, and queues a dead member's share).
          MQTT_SHARED_GROUP: 'none',
          MQTT_CLIENT_ID: `dms-server${i}`,
          LOG_LEVEL: 'warn',
          ...env,
        },
        httpPort,
      ),
    );
  }
  // The first migrates the schema and seeds it; the others then find it ready.
  for (const s of servers) await start(s, 120_000);
  fs.writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig(balancerPort, servers));
  const haproxy = new Member('haproxy', dir, PROGRAMS.haproxy, ['-db', '-f', path.join(dir, 'haproxy.cfg')], {}, balancerPort);
  await start(haproxy);
  return {
    dir,
    url: `http://127.0.0.1:${balancerPort}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    redis,
    broker,
    servers,
    haproxy,
    stop: stopAll,
  };
}

/** Drops the cluster's schema (a fresh start next time). */
export function dropSchema(databaseUrl, schema) {
  const psql = spawnSync('psql', [databaseUrl, '-q', '-c', `drop schema if exists "${schema}" cascade`], { encoding: 'utf8' });
  if (psql.status !== 0) throw new Error(`psql: ${psql.stderr}`);
}
