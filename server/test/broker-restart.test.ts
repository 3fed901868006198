import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type BoxCredentials } from '@dms/contract';
import { buildApp } from '../src/app.js';
import { forgetsSharedSubscriptions, reconnectDelay } from '../src/ingest/broker/external.js';
import { data, eventually, hello, registerBoxes } from './boxes.js';
import { body, buildTestApp } from './helper.js';
import {
  available,
  keepsSharedSubscriptions,
  RUN_HOURS,
  sleep,
  freePort,
  boxClient,
  publish,
  followWallClock,
  health,
  brokerLogEntries,
  PrivateMosquitto,
} from './private-mosquitto.js';

/**
 * The server on an external broker that stops and starts again: a private Mosquitto on a free port, with its own
 * config and persistence folder, stopped by its own process id (SIGTERM: it writes its sessions and queues to disk).
 */

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
