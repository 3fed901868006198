import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { downTopic, upTopic, type BoxCredentials, type WritePayload } from '@dms/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IngestRouter, KEEP_OTHERS_MS } from '../src/cluster/ingest-router.js';
import { hash32, RedisMembers, rendezvous, type Members } from '../src/cluster/members.js';
import type { RedisEventBus } from '../src/events/redis-bus.js';
import type { IngestService } from '../src/ingest/service.js';
import { data, eventually, hello, registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { MOSQUITTO, mosquittoAnswers } from './machine-mosquitto.js';
import { freePort } from './private-mosquitto.js';
import { available, PrivateRedis } from './private-redis.js';
import { reg } from './registers.js';

const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const quiet = { warn: () => undefined, info: () => undefined };
/** How long a step may take on a loaded machine (CI runs the server tests in parallel on two cores). */
const LOADED_MS = 20_000;

describe('which instance owns a key (rendezvous hashing)', () => {
  const keys = Array.from({ length: 3000 }, (_, i) => `box:${i}`);

  it('spreads keys evenly, and moves only the keys of an instance that goes', () => {
    const three = ['a', 'b', 'c'];
    const owners = keys.map((k) => rendezvous(three, k));
    for (const id of three) expect(owners.filter((o) => o === id).length).toBeGreaterThan(850);
    const two = ['a', 'c'];
    keys.forEach((k, i) => {
      const before = owners[i];
      const after = rendezvous(two, k);
      if (before !== 'b') expect(after).toBe(before);
      else expect(two).toContain(after);
    });
  });

  it('hashes the same text the same way everywhere', () => {
    expect(hash32('a|box:1')).toBe(hash32('a|box:1'));
    expect(hash32('a|box:1')).not.toBe(hash32('a|box:2'));
    expect(rendezvous(['only'], 'anything')).toBe('only');
  });
});

describe('a box taken over from an owner that died, with plain subscriptions', () => {
  it('is handled from what it sent since, however long Redis was away before its owner was seen gone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // This instance and one that died; the members' watched clock runs only while they can be read.
      let owner = 'dead';
      let watched = 0;
      const listeners: Array<(change: { came: string[]; went: string[] }) => void> = [];
      const members: Members = {
        self: 'here',
        live: () => ['dead', 'here'],
        ownerOf: () => owner,
        owns: () => owner === 'here',
        onChange: (l) => listeners.push(l),
        watchedTime: () => watched,
        close: () => Promise.resolve(),
      };
      const handled: string[] = [];
      const ingest = {
        joinCluster: () => undefined,
        owns: () => owner === 'here',
        receive: (_box: number, _kind: string, payload: Buffer) => Promise.resolve(void handled.push(payload.toString())),
        ownersChanged: () => Promise.resolve(owner === 'here' ? [7] : []),
      };
      const bus = { listen: () => Promise.resolve(), send: () => true, on: () => undefined };
      const log = { ...quiet, error: () => undefined };
      const router = new IngestRouter(ingest as unknown as IngestService, members, bus as unknown as RedisEventBus, 't:', log, false);
      await router.start();
      // The owner dies before storing '1'; Redis is away, then refilled, for 3 windows of the wall's clock, not the watched.
      await router.receive(7, 'data', Buffer.from('1'));
      watched += 1000;
      vi.setSystemTime(Date.now() + 3 * KEEP_OTHERS_MS);
      await router.receive(7, 'data', Buffer.from('2'));
      watched += 5000;
      await router.receive(7, 'data', Buffer.from('3'));
      expect(handled).toEqual([]);
      // Seen gone at last: everything its box sent since is handled here, in order.
      owner = 'here';
      for (const l of listeners) l({ came: [], went: ['dead'] });
      await new Promise((r) => setImmediate(r));
      expect(handled).toEqual(['1', '2', '3']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(available)('the live instances (Redis)', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('agree on the members and on every owner; one that closes is gone at the next beat; an outage drops nobody', async () => {
    const { Redis } = await import('ioredis');
    const clients = [0, 1].map(
      () => new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 100 }),
    );
    await Promise.all(clients.map((c) => new Promise((r) => c.once('ready', r))));
    const [a, b] = clients.map((c) => new RedisMembers(c, 'm:', quiet, { ttlMs: 3000, beatMs: 300 })) as [RedisMembers, RedisMembers];
    const changes: Array<{ came: string[]; went: string[] }> = [];
    a.onChange((c) => changes.push(c));
    try {
      await a.start();
      await b.start();
      await a.beat();
      expect(a.live()).toEqual([a.self, b.self].sort());
      expect(b.live()).toEqual(a.live());
      for (let i = 0; i < 50; i += 1) expect(a.ownerOf(`box:${i}`)).toBe(b.ownerOf(`box:${i}`));
      expect(changes).toEqual([{ came: [b.self], went: [] }]);
      // Redis away: each keeps whom it knew, so no key changes owner for an outage.
      await redis.stop();
      expect(await a.beat()).toBe(false);
      expect(a.live()).toHaveLength(2);
      await redis.start();
      await eventually(async () => {
        expect(await a.beat()).toBe(true);
      }, 8000);
      // Redis came back empty: b has not renewed since, and is kept for a TTL all the same.
      expect(a.live()).toHaveLength(2);
      await b.beat();
      await a.beat();
      expect(a.live()).toHaveLength(2);
      await b.close();
      await new Promise((r) => setTimeout(r, 3000));
      await a.beat();
      expect(a.live()).toEqual([a.self]);
      expect(a.owns('box:1')).toBe(true);
    } finally {
      await a.close();
      for (const c of clients) c.disconnect();
    }
  });

  it('watch on a clock that stops while Redis is away and while it refills: one that died is gone within a TTL and a beat of it', async () => {
    const { Redis } = await import('ioredis');
    const clients = [0, 1].map((): InstanceType<typeof Redis> => {
      const c = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => 100 });
      return c.on('error', () => undefined);
    });
    await Promise.all(clients.map((c) => new Promise((r) => c.once('ready', r))));
    const times = { ttlMs: 1500, beatMs: 300 };
    const [a, b] = clients.map((c) => new RedisMembers(c, 'w:', quiet, times)) as [RedisMembers, RedisMembers];
    try {
      await a.beat();
      await b.beat();
      await a.beat();
      expect(a.live()).toHaveLength(2);
      // b dies (renews no more), and Redis goes away before b's TTL is over, for longer than it.
      const died = a.watchedTime();
      await redis.stop();
      expect(await a.beat()).toBe(false);
      const stopped = a.watchedTime();
      await new Promise((r) => setTimeout(r, 2 * times.ttlMs));
      expect(a.watchedTime()).toBe(stopped);
      await redis.start();
      await eventually(async () => {
        expect(await a.beat()).toBe(true);
      }, 8000);
      // Back empty: b is kept for a TTL of the wall's clock, and the watched clock still stands.
      expect(a.live()).toHaveLength(2);
      expect(a.watchedTime()).toBe(stopped);
      await eventually(async () => {
        await a.beat();
        expect(a.live()).toEqual([a.self]);
      }, 4 * times.ttlMs);
      expect(a.watchedTime() - died).toBeLessThanOrEqual(times.ttlMs + times.beatMs);
      expect(a.watchedTime()).toBeGreaterThanOrEqual(stopped);
    } finally {
      await a.close();
      await b.close();
      for (const c of clients) c.disconnect();
    }
  });
});

const dialects = await testDialects();

describe.runIf(available && mosquittoAnswers && dialects.includes('postgres'))(
  'two instances behind one external broker (shared subscription), one Redis and one database',
  { timeout: 90_000 },
  () => {
    const run = `${process.pid}${Date.now().toString(36)}`;
    let redis: PrivateRedis;
    let a: TestApp;
    let b: TestApp;
    let boxes: BoxCredentials[];
    const clients: MqttClient[] = [];
    const base = 4_000_000 + Math.floor(Math.random() * 100_000) * 20;

    const boxClient = async (boxId: number) => {
      const c = await mqtt.connectAsync({ ...MOSQUITTO, clientId: `box-${boxId}-${run}`, username: String(boxId), reconnectPeriod: 0 });
      clients.push(c);
      return c;
    };
    const publish = (c: MqttClient, boxId: number, kind: 'hello' | 'data' | 'ack', payload: unknown) =>
      c.publishAsync(upTopic(boxId, kind), JSON.stringify(payload), { qos: 1 });
    const deviceOf = async (boxId: number) =>
      a.app.db.selectFrom('devices').select('id').where('box_id', '=', boxId).where('controller', '=', 1).executeTakeFirstOrThrow();
    /** What an instance holds of a device, for a failure's message. */
    const seen = (t: TestApp, id: number) => {
      const d = t.app.ingest.device(id);
      return `${t === a ? 'a' : 'b'}${d && t.app.ingest.owns(d.boxId) ? ' (owner)' : ''}: ${d?.status ?? 'unknown'} ${d?.typeCode ?? 'no type'} ${[...(d?.latest ?? [])].join(';')} members ${t.app.members.live().length}`;
    };
    /** Renews an instance and reads the others now, not at its next beat. */
    const beat = async (t: TestApp) => {
      const members = t.app.members;
      if (!(members instanceof RedisMembers)) throw new Error('REDIS_URL did not give the app the live instances in Redis');
      await members.beat();
    };
    const ownerOf = (boxId: number) => (a.app.ingest.owns(boxId) ? a : b);
    const otherOf = (boxId: number) => (a.app.ingest.owns(boxId) ? b : a);

    beforeAll(async () => {
      redis = new PrivateRedis(await freePort());
      await redis.start();
      const env = {
        REDIS_URL: redis.url,
        REDIS_PREFIX: `c${run}:`,
        MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`,
        MQTT_SHARED_GROUP: `g${run}`,
        WRITE_TIMEOUT_MS: '3000',
      };
      a = await buildTestApp('postgres', { ...env, MQTT_CLIENT_ID: `dms-a-${run}` });
      const schema = a.config.database.kind === 'postgres' ? (a.config.database.schema ?? '') : '';
      b = await buildTestApp('postgres', { ...env, MQTT_CLIENT_ID: `dms-b-${run}`, DATABASE_SCHEMA: schema }, { seed: false });
      await beat(a);
      expect(a.app.members.live()).toHaveLength(2);
      boxes = await registerBoxes(a.app, base, base + 7);
      // Both instances split what the boxes send, and both know every box.
      await eventually(() => {
        expect(b.app.ingest.box(base + 7)).toBeDefined();
      });
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
      await b.app.close().catch(() => undefined);
      await a.close();
      await redis.stop();
    });

    it("handles each box's messages on its owner, stores each snapshot once, and both instances answer the same", async () => {
      const owners = boxes.map((x) => (ownerOf(x.boxId) === a ? 'a' : 'b'));
      expect(owners).toContain('a');
      expect(owners).toContain('b');
      const t0 = a.clock.now - 60_000;
      for (const [i, x] of boxes.entries()) {
        const c = await boxClient(x.boxId);
        await publish(c, x.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
        for (let k = 0; k < 4; k += 1) await publish(c, x.boxId, 'data', data(t0 + k * 1000, { '1': { [PRESSURE]: 60 + i + k } }, k + 1));
      }
      for (const [i, x] of boxes.entries()) {
        const device = await eventually(() => deviceOf(x.boxId));
        await eventually(async () => {
          const rows = await a.app.db.selectFrom('history').select('ts').where('device_id', '=', device.id).orderBy('ts').execute();
          expect(rows.map((r) => r.ts)).toEqual([0, 1, 2, 3].map((k) => t0 + k * 1000));
        }, LOADED_MS);
        for (const t of [a, b])
          await eventually(() => {
            expect(t.app.ingest.device(device.id)?.latest.get(PRESSURE)).toBe(60 + i + 3);
            expect(t.app.ingest.box(x.boxId)?.online).toBe(true);
          }, LOADED_MS);
      }
      const routers = [a, b].map((t) => t.app.ingestRouter?.stats);
      // The broker handed messages to both; each instance handed some to the other, which handled them.
      expect(routers.every((s) => s !== undefined && s.forwarded > 0 && s.handledForOthers > 0)).toBe(true);
      expect(routers.every((s) => (s?.batchesApplied ?? 0) > 0)).toBe(true);
    });

    it('opens one fault record for a fault the broker handed to either instance, and both show the device in fault', async () => {
      const x = boxes[0] as BoxCredentials;
      const device = await deviceOf(x.boxId);
      const c = clients[0] as MqttClient;
      const t1 = a.clock.now - 30_000;
      for (let k = 0; k < 6; k += 1)
        await publish(c, x.boxId, 'data', data(t1 + k * 1000, { '1': { [PRESSURE]: 50, [FAULT_BITS]: 1 } }, 10 + k));
      for (const t of [a, b])
        await eventually(() => {
          expect(t.app.ingest.device(device.id)?.status, seen(t, device.id)).toBe('online_fault');
        }, LOADED_MS);
      for (let k = 6; k < 9; k += 1)
        await publish(c, x.boxId, 'data', data(t1 + k * 1000, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0 } }, 10 + k));
      for (const t of [a, b])
        await eventually(() => {
          expect(t.app.ingest.device(device.id)?.status).toBe('online');
        }, LOADED_MS);
      await eventually(async () => {
        // The broker hands the snapshots to either instance, so the owner may get them out of their order: one record
        // all the same, opened by a snapshot in fault and closed by one without.
        const records = await a.app.db
          .selectFrom('fault_records')
          .select(['started_at', 'ended_at'])
          .where('device_id', '=', device.id)
          .execute();
        expect(records).toHaveLength(1);
        expect(records[0]?.started_at).toBeLessThan(t1 + 6000);
        expect(records[0]?.ended_at).toBeGreaterThanOrEqual(t1 + 6000);
      }, LOADED_MS);
    });

    it('acknowledges a register write sent through the instance that does not own the box (the ack reaches the owner)', async () => {
      const x = boxes.find((y) => ownerOf(y.boxId) === a) as BoxCredentials;
      const c = clients[boxes.indexOf(x)] as MqttClient;
      await c.subscribeAsync(downTopic(x.boxId, 'write'), { qos: 1 });
      c.on('message', (_topic, payload) => {
        const w = JSON.parse(payload.toString()) as WritePayload;
        void publish(c, x.boxId, 'ack', { v: 1, id: w.id, ok: true });
      });
      const other = otherOf(x.boxId);
      const manager = await login(other.app, 'demo_manager');
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/v2/devices/${x.boxId}/1/registers/${TARGET_PRESSURE}`,
        headers: bearer(manager),
        payload: { value: 0.8 },
      });
      const device = await deviceOf(x.boxId);
      expect(body(res).data, `${res.body} ${seen(a, device.id)} ${seen(b, device.id)}`).toMatchObject({ outcome: 'acknowledged' });
    });

    it("pushes a box's new values to a console on the instance that does not own it", async () => {
      const x = boxes[1] as BoxCredentials;
      const device = await deviceOf(x.boxId);
      const other = otherOf(x.boxId);
      const token = await login(other.app, 'demo_root');
      const url = (await other.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      const ws = new WebSocket(`${url}/api/v2/ws`);
      const got: Array<{ type: string; device?: number; values?: Record<string, number> }> = [];
      ws.on('message', (d: Buffer) => got.push(JSON.parse(d.toString()) as (typeof got)[number]));
      try {
        await new Promise((r) => ws.once('open', r));
        ws.send(JSON.stringify({ type: 'auth', token }));
        await eventually(() => {
          expect(got.some((m) => m.type === 'ready')).toBe(true);
        });
        ws.send(JSON.stringify({ type: 'subscribe', devices: [device.id] }));
        await eventually(() => {
          expect(got.some((m) => m.type === 'subscribed')).toBe(true);
        });
        await publish(clients[1] as MqttClient, x.boxId, 'data', data(a.clock.now - 1000, { '1': { [PRESSURE]: 99 } }, 40));
        await eventually(() => {
          expect(got.find((m) => m.type === 'values')?.values?.[PRESSURE]).toBe(99);
        }, LOADED_MS);
      } finally {
        ws.terminate();
      }
    });

    it('catches up after Redis restarts: what waited for another owner is stored, and the instance that did not see a fault shows it', async () => {
      const x = boxes[3] as BoxCredentials;
      const device = await deviceOf(x.boxId);
      const c = clients[3] as MqttClient;
      await redis.stop();
      const t3 = a.clock.now + 1000;
      for (let k = 0; k < 4; k += 1)
        await publish(c, x.boxId, 'data', data(t3 + k * 1000, { '1': { [PRESSURE]: 55, [FAULT_BITS]: 1 } }, 60 + k));
      await redis.start();
      await eventually(async () => {
        const rows = await a.app.db.selectFrom('history').select('ts').where('device_id', '=', device.id).where('ts', '>=', t3).execute();
        expect(rows).toHaveLength(4);
      }, 20_000);
      for (const t of [a, b])
        await eventually(() => {
          expect(t.app.ingest.device(device.id)?.status, seen(t, device.id)).toBe('online_fault');
        }, LOADED_MS);
      expect(a.app.members.live()).toHaveLength(2);
    });

    it('takes over the boxes of an instance that leaves: their snapshots are stored, and none is acknowledged unstored', async () => {
      const x = boxes.find((y) => ownerOf(y.boxId) === b) as BoxCredentials;
      const device = await deviceOf(x.boxId);
      await b.app.close();
      // Redis restarted empty a moment ago: a member that has not renewed since is kept for a TTL (10 s).
      await eventually(async () => {
        await beat(a);
        expect(a.app.members.live()).toEqual([a.app.members.self]);
      }, 15_000);
      expect(a.app.ingest.owns(x.boxId)).toBe(true);
      const c = clients[boxes.indexOf(x)] as MqttClient;
      // After the snapshots of the test before (the box may be the same).
      const t2 = a.clock.now + 10_000;
      await publish(c, x.boxId, 'data', data(t2, { '1': { [PRESSURE]: 77 } }, 50));
      await eventually(() => {
        expect(a.app.ingest.device(device.id)?.latest.get(PRESSURE)).toBe(77);
      }, LOADED_MS);
      await a.app.ingest.drain();
      const rows = await a.app.db.selectFrom('history').select('ts').where('device_id', '=', device.id).where('ts', '=', t2).execute();
      expect(rows).toHaveLength(1);
    });
  },
);
