import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { boxClientId, upTopic, type BoxCredentials } from '@dms/contract';
import { buildApp } from '../src/app.js';
import { forgetsSharedSubscriptions, reconnectDelay } from '../src/ingest/broker/external.js';
import { data, eventually, hello, registerBoxes } from './boxes.js';
import { body, buildTestApp, type TestApp } from './helper.js';
import { reg } from './registers.js';

/**
 * The server on an external broker that stops and starts again: a private Mosquitto on a free port, with its own
 * config and persistence folder, stopped by its own process id (SIGTERM: it writes its sessions and queues to disk).
 */

const MOSQUITTO = '/usr/sbin/mosquitto';
const available = fs.existsSync(MOSQUITTO);
if (!available && process.env.CI === 'true') throw new Error(`${MOSQUITTO} is required in CI`);

/**
 * Mosquitto before 2.0.12 keeps a durable client's session over a restart but forgets its shared subscriptions
 * ("Fix $share subscriptions not being recovered for durable clients that reconnect", 2.0.12): what boxes publish
 * between its start and the server's new SUBSCRIBE reaches nobody. The no-loss test runs with a shared subscription
 * where the broker keeps it, and with a plain one (MQTT_SHARED_GROUP=none, the documented setting) where it does not.
 */
function mosquittoVersion(): [number, number, number] {
  if (!available) return [0, 0, 0];
  // `mosquitto -h` prints its version and usage, and exits 3.
  const out = spawnSync(MOSQUITTO, ['-h'], { encoding: 'utf8' }).stdout;
  const m = /version (\d+)\.(\d+)\.(\d+)/.exec(out);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
}
const [major, minor, patch] = mosquittoVersion();
const keepsSharedSubscriptions = major > 2 || (major === 2 && (minor > 0 || patch >= 12));

const RUN_HOURS = reg('generic-plc', 'running_hours');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => {
        resolve(port);
      });
    });
  });
}

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => {
      resolve(false);
    });
  });

/** A private Mosquitto: persistent, anonymous, on 127.0.0.1:port; start() and stop() by its own process. */
class PrivateMosquitto {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-mosquitto-'));
  private child: ChildProcess | null = null;
  private output = '';

  constructor(readonly port: number) {
    const conf = [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${this.dir}/`,
      'max_queued_messages 1000000',
      'max_queued_bytes 0',
      // Run as root (CI containers), Mosquitto would switch to the `mosquitto` user, who may not write this folder.
      `user ${os.userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
    ];
    fs.writeFileSync(path.join(this.dir, 'mosquitto.conf'), `${conf.join('\n')}\n`);
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(MOSQUITTO, ['-c', path.join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    });
    this.child = child;
    const until = Date.now() + 10_000;
    while (!(await answers(this.port))) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`mosquitto did not start: ${this.output}`);
      await sleep(25);
    }
  }

  /** SIGTERM to its own process id, and wait until it has exited (it saves its sessions first). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  async restart(downMs: number): Promise<void> {
    await this.stop();
    await sleep(downMs);
    await this.start();
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A box on the private broker (anonymous there): QoS 1, reconnecting every 100 ms. */
async function boxClient(url: string, boxId: number): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { clientId: boxClientId(boxId), reconnectPeriod: 100, connectTimeout: 2000 });
  client.on('error', () => undefined); // the broker's restarts reset connections; mqtt.js reconnects by itself
  return client;
}
const publish = (c: MqttClient, boxId: number, kind: 'hello' | 'data', payload: unknown) =>
  c.publishAsync(upTopic(boxId, kind), JSON.stringify(payload), { qos: 1 });

/** Keeps the test clock on the wall clock (heartbeat timeouts and the server log's times follow it). */
function followWallClock(t: TestApp): () => void {
  const timer = setInterval(() => {
    t.clock.now = Date.now();
  }, 20);
  return () => {
    clearInterval(timer);
  };
}

async function health(t: TestApp): Promise<{ statusCode: number; broker: unknown }> {
  const res = await t.app.inject({ url: '/api/v2/health' });
  return { statusCode: res.statusCode, broker: (body(res).data as { parts?: { broker?: unknown } } | undefined)?.parts?.broker };
}

const brokerLogEntries = async (t: TestApp) =>
  (
    await t.app.db.selectFrom('server_log').select(['level', 'message']).where('message', 'like', 'MQTT broker%').orderBy('id').execute()
  ).map((r) => `${r.level}: ${r.message.startsWith('MQTT broker connection lost') ? 'lost' : 'restored'}`);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('reconnecting to an external broker', () => {
  it('waits with backoff: from 0.5-1 s, doubling, never over 30 s, at a random point of the upper half', () => {
    const lowest = (attempt: number) => reconnectDelay(attempt, () => 0);
    const highest = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 50, 10_000].map((a) => [lowest(a), highest(a)])).toEqual([
      [500, 1000],
      [1000, 2000],
      [2000, 4000],
      [4000, 8000],
      [8000, 16_000],
      [15_000, 30_000],
      [15_000, 30_000],
      [15_000, 30_000],
      [15_000, 30_000],
    ]);
    expect(reconnectDelay(2, () => 0.5)).toBe(3000);
  });

  it.each([
    ['mosquitto version 2.0.11', true],
    ['mosquitto version 1.6.9', true],
    ['mosquitto version 2.0.12', false],
    ['mosquitto version 2.0.18', false],
    ['mosquitto version 2.1.0', false],
    ['VerneMQ 1.13', false],
  ])('knows whether %s forgets shared subscriptions on restart: %s', (version, forgets) => {
    expect(forgetsSharedSubscriptions(version)).toBe(forgets);
  });
});

describe.skipIf(!available)('an external broker that restarts (private Mosquitto)', () => {
  it(`loses and doubles no acknowledged snapshot: broker restarted twice, server once, under load (${
    keepsSharedSubscriptions ? 'shared subscription' : 'plain subscription: this Mosquitto forgets shared ones'
  })`, async () => {
    const broker = new PrivateMosquitto(await freePort());
    cleanups.push(() => broker.dispose());
    await broker.start();
    const run = `${process.pid}${Date.now().toString(36)}`;
    const t = await buildTestApp('sqlite', {
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `dms-restart-${run}`,
      MQTT_SHARED_GROUP: keepsSharedSubscriptions ? `g${run}` : 'none',
    });
    cleanups.push(() => t.close());
    cleanups.push(followWallClock(t));
    const boxes = await registerBoxes(t.app, 7001, 7005);

    const acked: Array<{ boxId: number; ts: number }> = [];
    const clients: MqttClient[] = [];
    let sending = true;
    const t0 = Date.now() - 3_600_000;
    const loops = boxes.map(async (b: BoxCredentials, i) => {
      const client = await boxClient(broker.url, b.boxId);
      clients.push(client);
      await publish(client, b.boxId, 'hello', hello([{ index: 1, type: 'generic-plc' }]));
      const pending: Array<Promise<void>> = [];
      for (let seq = 0; sending; seq++) {
        const ts = t0 + seq * 10 + i;
        // Counted only once the broker's PUBACK arrives; one cut off by a restart is resent by mqtt.js on reconnect.
        pending.push(
          publish(client, b.boxId, 'data', data(ts, { '1': { [RUN_HOURS]: seq % 65_536 } }, seq)).then(
            () => void acked.push({ boxId: b.boxId, ts }),
            () => undefined,
          ),
        );
        await sleep(20);
      }
      await Promise.race([Promise.all(pending), sleep(10_000)]);
    });
    const grown = async (n: number) => {
      const target = acked.length + n;
      const limit = Date.now() + 30_000;
      while (acked.length < target && Date.now() < limit) await sleep(25);
      expect(acked.length).toBeGreaterThanOrEqual(target);
    };
    const serverHearsBroker = () =>
      eventually(async () => {
        expect(await health(t)).toEqual({ statusCode: 200, broker: 'up' });
      }, 15_000);

    await grown(100);
    // Down long enough that the server's and the boxes' first reconnect attempts fail.
    await broker.restart(1500);
    await serverHearsBroker();
    await grown(100);

    await t.app.close();
    await grown(50); // the broker acknowledges and queues these for the server's session
    t.app = await buildApp(t.config, { logger: false, now: () => t.clock.now });
    await serverHearsBroker();
    await grown(100);

    await broker.restart(1500);
    await serverHearsBroker();
    await grown(100);
    sending = false;
    await Promise.all(loops);
    await Promise.all(clients.map((c) => c.endAsync(true)));

    const history = async () =>
      (
        await t.app.db
          .selectFrom('history')
          .innerJoin('devices', 'devices.id', 'history.device_id')
          .select(['devices.box_id as boxId', 'history.ts'])
          .execute()
      ).map((r) => `${r.boxId}:${r.ts}`);
    const rows = await eventually(async () => {
      const stored = await history();
      const have = new Set(stored);
      expect(acked.filter((a) => !have.has(`${a.boxId}:${a.ts}`))).toEqual([]);
      return stored;
    }, 20_000);
    expect(acked.length).toBeGreaterThan(500);
    expect(rows.length).toBe(new Set(rows).size);
    // Two outages, each in the server log once when lost and once when restored (the server's own restart is neither).
    expect(await brokerLogEntries(t)).toEqual(['warn: lost', 'info: restored', 'warn: lost', 'info: restored']);
  }, 90_000);

  it("stores a box's whole queue after the server's outage: the per-box rate limit is the embedded broker's edge, not this one's", async () => {
    const broker = new PrivateMosquitto(await freePort());
    cleanups.push(() => broker.dispose());
    await broker.start();
    const run = `${process.pid}${Date.now().toString(36)}`;
    const t = await buildTestApp('sqlite', { MQTT_URL: broker.url, MQTT_CLIENT_ID: `dms-queue-${run}`, BOX_RATE_LIMIT: '20' });
    cleanups.push(() => t.close());
    cleanups.push(followWallClock(t));
    const [box] = await registerBoxes(t.app, 7201, 7201);
    if (!box) throw new Error('no box');
    const client = await boxClient(broker.url, box.boxId);
    cleanups.push(() => client.endAsync(true));
    await publish(client, box.boxId, 'hello', hello([{ index: 1, type: 'generic-plc' }]));
    await eventually(() => {
      expect(t.app.ingest.deviceAt(box.boxId, 1)).toBeDefined();
    });

    // The server is away while the box sends 300 snapshots, far over 20 a second: the broker acknowledges and queues them.
    await t.app.close();
    const t0 = Date.now() - 3_600_000;
    const sent = Array.from({ length: 300 }, (_, seq) => t0 + seq * 1000);
    await Promise.all(sent.map((ts, seq) => publish(client, box.boxId, 'data', data(ts, { '1': { [RUN_HOURS]: seq } }, seq + 1))));
    t.app = await buildApp(t.config, { logger: false, now: () => t.clock.now });

    const stored = await eventually(async () => {
      const rows = await t.app.db
        .selectFrom('history')
        .select('ts')
        .where('device_id', '=', t.app.ingest.deviceAt(box.boxId, 1)?.id ?? 0)
        .execute();
      expect(rows.length).toBe(sent.length);
      return rows.map((r) => r.ts);
    }, 20_000);
    expect(new Set(stored)).toEqual(new Set(sent));
    expect(t.app.ingest.stats.drops['rate-limited']).toBe(0);
  }, 60_000);

  it('rebuilds box status from what arrives after the reconnect (and subscribes again: a shared subscription too)', async () => {
    const broker = new PrivateMosquitto(await freePort());
    cleanups.push(() => broker.dispose());
    await broker.start();
    const run = `${process.pid}${Date.now().toString(36)}`;
    const t = await buildTestApp('sqlite', {
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `dms-status-${run}`,
      MQTT_SHARED_GROUP: `s${run}`,
      HEARTBEAT_TIMEOUT_S: '2',
    });
    cleanups.push(() => t.close());
    cleanups.push(followWallClock(t));
    const [a, b] = await registerBoxes(t.app, 7101, 7102);
    if (!a || !b) throw new Error('no boxes');
    const reporting = await boxClient(broker.url, a.boxId);
    const silent = await boxClient(broker.url, b.boxId);
    cleanups.push(async () => {
      await reporting.endAsync(true);
      await silent.endAsync(true);
    });
    let ts = Date.now() - 60_000;
    const state = { reporting: true };
    const loop = (async () => {
      while (state.reporting) {
        ts += 1;
        await Promise.race([publish(reporting, a.boxId, 'data', data(ts, { '1': { [RUN_HOURS]: 1 } })).catch(() => undefined), sleep(300)]);
        await sleep(200);
      }
    })();
    cleanups.push(async () => {
      state.reporting = false;
      await loop;
    });
    await publish(silent, b.boxId, 'data', data(Date.now() - 60_000, { '1': { [RUN_HOURS]: 1 } }));
    await eventually(() => {
      expect([t.app.ingest.box(a.boxId)?.online, t.app.ingest.box(b.boxId)?.online]).toEqual([true, true]);
    });

    // B stops while the broker is down; A goes on once the broker is back.
    await broker.stop();
    await silent.endAsync(true);
    await sleep(1500);
    await broker.start();
    await eventually(async () => {
      expect(await health(t)).toEqual({ statusCode: 200, broker: 'up' });
    }, 15_000);
    const afterReconnect = ts;
    await eventually(() => {
      expect(t.app.ingest.box(a.boxId)?.online).toBe(true);
      expect(t.app.ingest.device(t.app.ingest.deviceAt(a.boxId, 1)?.id ?? 0)?.latestTs).toBeGreaterThan(afterReconnect);
      expect(t.app.ingest.box(b.boxId)?.online).toBe(false);
      expect(t.app.ingest.deviceAt(b.boxId, 1)?.status).toBe('offline');
    }, 15_000);
    expect(t.app.ingest.deviceAt(a.boxId, 1)?.status).toBe('online');
  }, 60_000);

  it('starts while the broker is down, says so, and connects when it comes up', async () => {
    const broker = new PrivateMosquitto(await freePort());
    cleanups.push(() => broker.dispose());
    const run = `${process.pid}${Date.now().toString(36)}`;
    const t = await buildTestApp('sqlite', { MQTT_URL: broker.url, MQTT_CLIENT_ID: `dms-late-${run}`, MQTT_SHARED_GROUP: `l${run}` });
    cleanups.push(() => t.close());
    cleanups.push(followWallClock(t));
    const [box] = await registerBoxes(t.app, 7201, 7201);
    if (!box) throw new Error('no box');

    const down = await t.app.inject({ url: '/api/v2/health' });
    expect(down.statusCode).toBe(503);
    expect(body(down)).toMatchObject({ code: 50300, data: { status: 'down', parts: { database: 'up', broker: 'down' } } });
    expect(t.app.brokerStatus()).toEqual({ mode: 'external', connected: false });
    expect(await brokerLogEntries(t)).toEqual(['warn: lost']);

    await broker.start();
    const started = Date.now();
    await eventually(async () => {
      expect(await health(t)).toEqual({ statusCode: 200, broker: 'up' });
    }, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await brokerLogEntries(t)).toEqual(['warn: lost', 'info: restored']);

    const client = await boxClient(broker.url, box.boxId);
    cleanups.push(() => client.endAsync(true));
    const ts = Date.now() - 1000;
    await publish(client, box.boxId, 'data', data(ts, { '1': { [RUN_HOURS]: 7 } }));
    await eventually(async () => {
      const rows = await t.app.db
        .selectFrom('history')
        .innerJoin('devices', 'devices.id', 'history.device_id')
        .select('history.ts')
        .where('devices.box_id', '=', box.boxId)
        .execute();
      expect(rows.map((r) => r.ts)).toEqual([ts]);
    });
  }, 60_000);
});

afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
