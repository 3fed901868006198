import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { REALTIME_CLOSE_SESSION_ENDED } from '@dms/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvents } from '../src/events/bus.js';
import { BUS_MESSAGE_MAX_BYTES, reconnectDelay, RedisEventBus } from '../src/events/redis-bus.js';
import { connectBox, registerBoxes } from './boxes.js';
import { bearer, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { freePort, sleep } from './private-mosquitto.js';
import { available, PrivateRedis } from './private-redis.js';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

/** Waits until `check` holds (every 20 ms, at most `ms`). */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

describe.runIf(available)('the event bus across instances (Redis pub/sub)', () => {
  const redis = { server: null as PrivateRedis | null };
  const buses: RedisEventBus[] = [];
  let prefix = 0;
  const twoBuses = async () => {
    prefix += 1;
    const [a, b] = [0, 1].map(() => new RedisEventBus(redis.server?.url ?? '', `t${prefix}:`, quiet)) as [RedisEventBus, RedisEventBus];
    for (const bus of [a, b]) {
      bus.share('templateChanged', 'liveToRole');
      bus.start();
      buses.push(bus);
    }
    await Promise.all([a.ready(), b.ready()]);
    return { a, b };
  };
  const heard = <K extends keyof DomainEvents>(bus: RedisEventBus, type: K) => {
    const events: Array<DomainEvents[K]> = [];
    bus.on(type, (e) => events.push(e));
    return events;
  };

  beforeAll(async () => {
    redis.server = new PrivateRedis(await freePort());
    await redis.server.start();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await redis.server?.stop();
  });

  it('sends an event an area shares to every instance, heard once on each; the others stay where they were published', async () => {
    const { a, b } = await twoBuses();
    const onA = heard(a, 'templateChanged');
    const onB = heard(b, 'templateChanged');
    const transitionsOnB = heard(b, 'boxHello');
    a.publish('templateChanged', { templateId: 7 });
    // Where it is published it is heard at once, as on the in-process bus.
    expect(onA).toEqual([{ templateId: 7 }]);
    await until(() => onB.length === 1);
    a.publish('boxHello', { boxId: 1, iccid: '8986', time: 1 });
    b.publish('templateChanged', { templateId: 8 });
    await until(() => onA.length === 2);
    await sleep(100);
    expect(onA).toEqual([{ templateId: 7 }, { templateId: 8 }]);
    expect(onB).toEqual([{ templateId: 7 }, { templateId: 8 }]);
    expect(transitionsOnB).toEqual([]);
    expect(a.stats).toMatchObject({ mode: 'redis', connected: true, sent: 1, received: 1, dropped: 0 });
  });

  it('keeps what a listener publishes while hearing a shared event on its instance (each instance derives its own, once)', async () => {
    const { a, b } = await twoBuses();
    // On each instance a template change becomes a live event for root's consoles there.
    for (const bus of [a, b])
      bus.on('templateChanged', () => {
        bus.publish('liveToRole', { role: 'root', event: { type: 'rollouts', ids: [1] } });
      });
    const liveOnA = heard(a, 'liveToRole');
    const liveOnB = heard(b, 'liveToRole');
    a.publish('templateChanged', { templateId: 1 });
    await until(() => liveOnB.length === 1);
    await sleep(150);
    expect(liveOnA).toHaveLength(1);
    expect(liveOnB).toHaveLength(1);
  });

  it('refuses messages on its channel that are not its own kind, counted by reason', async () => {
    const { a, b } = await twoBuses();
    const onB = heard(b, 'templateChanged');
    const raw = new Redis(redis.server?.url ?? '');
    try {
      const channel = `t${prefix}:bus`;
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ type: 'templateChanged', event: { templateId: 1 } }));
      await raw.publish(channel, JSON.stringify({ from: 'x', type: 'boxHello', event: { boxId: 1 } }));
      await raw.publish(channel, JSON.stringify({ from: 'x', type: 'templateChanged', event: 5 }));
      await raw.publish(channel, 'x'.repeat(BUS_MESSAGE_MAX_BYTES + 1));
      await until(() => Object.values(b.stats.refused).reduce((s, n) => s + n, 0) === 5);
      expect(b.stats.refused).toEqual({ not_json: 1, malformed: 2, unshared_type: 1, too_large: 1 });
      expect(onB).toEqual([]);
      // A message of the bus's own kind from another instance is still heard.
      a.publish('templateChanged', { templateId: 2 });
      await until(() => onB.length === 1);
    } finally {
      raw.disconnect();
    }
  });

  it('drops (and counts) what it cannot send while Redis is away, reconnects, tells its caches, and carries events again', async () => {
    const { a, b } = await twoBuses();
    const onB = heard(b, 'templateChanged');
    const onA = heard(a, 'templateChanged');
    const resumedOnB = heard(b, 'busResumed');
    await redis.server?.stop();
    await until(() => !a.stats.connected && !b.stats.connected);
    a.publish('templateChanged', { templateId: 3 });
    expect(onA).toEqual([{ templateId: 3 }]);
    expect(a.stats.dropped).toBe(1);
    await sleep(300);
    await redis.server?.start();
    await Promise.all([a.ready(), b.ready()]);
    await until(() => resumedOnB.length === 1);
    expect(b.stats.resumed).toBe(1);
    a.publish('templateChanged', { templateId: 4 });
    await until(() => onB.length === 1);
    expect(onB).toEqual([{ templateId: 4 }]);
  });

  it('waits longer between reconnections, up to 5 s, and never gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 1000].map(reconnectDelay)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000]);
  });
});

const dialects = await testDialects();

describe.runIf(available && dialects.includes('postgres'))('two instances on one database and one Redis', () => {
  const redis = { server: null as PrivateRedis | null };
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis.server = new PrivateRedis(await freePort());
    await redis.server.start();
    const shared = { REDIS_URL: redis.server.url, REDIS_PREFIX: 'two:', LOGIN_LIMIT_PER_USERNAME: '5' };
    a = await buildTestApp('postgres', shared);
    const schema = a.config.database.kind === 'postgres' ? (a.config.database.schema ?? '') : '';
    b = await buildTestApp('postgres', { ...shared, DATABASE_SCHEMA: schema, LOGIN_LIMIT_PER_USERNAME: '5' }, { seed: false });
    await Promise.all(
      [a, b].map((t) => {
        if (!(t.app.bus instanceof RedisEventBus)) throw new Error('REDIS_URL did not give the app the bus across instances');
        return t.app.bus.ready();
      }),
    );
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redis.server?.stop();
  });

  it('lets a box registered on one instance connect to the other at once (its registry heard the registration)', async () => {
    const [box] = await registerBoxes(a.app, 880001, 880001);
    if (!box) throw new Error('no box');
    let connected = false;
    await until(async () => {
      try {
        const client = await connectBox(b.app.mqttPort, box);
        await client.endAsync();
        connected = true;
      } catch {
        connected = false;
      }
      return connected;
    });
    expect(connected).toBe(true);
  });

  it('counts failed sign-ins on both instances together: an address guessing through the balancer is refused after five', async () => {
    const signIn = (t: TestApp, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/user/login',
        payload: { username: 'demo_manager', password: `guess-${i}` },
        headers: { 'accept-language': 'en' },
        remoteAddress: '10.77.0.1',
      });
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await signIn(i % 2 ? b : a, i));
    expect(answers.map((r) => r.json<{ code: number }>().code)).toEqual([40002, 40002, 40002, 40002, 40002, 42900]);
    expect(answers[5]?.json<{ message: string }>().message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ seconds\.$/);
  });

  it("closes a session's live socket on the other instance as it signs out on one, with the spec's message", async () => {
    const token = await login(a.app, 'demo_root');
    const base = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const ws = new WebSocket(`${base}/api/v2/ws`);
    const messages: Array<{ type: string; message?: string }> = [];
    ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString()) as { type: string; message?: string }));
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    try {
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ type: 'auth', token }));
      await until(() => messages.some((m) => m.type === 'ready'));
      const out = await a.app.inject({ method: 'GET', url: '/api/v2/user/logout', headers: { ...bearer(token), 'accept-language': 'en' } });
      expect(out.json<{ code: number }>().code).toBe(20000);
      expect(await closed).toBe(REALTIME_CLOSE_SESSION_ENDED);
      expect(messages.at(-1)).toMatchObject({ type: 'error', message: 'Your session was ended. Please sign in again.' });
    } finally {
      ws.terminate();
    }
  });
});
