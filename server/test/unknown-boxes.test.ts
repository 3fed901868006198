import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, IngestStats, UnregisteredBoxRow } from '@dms/contract';
import { addressKey, CONNECT_THROTTLE_LIMITS, ConnectThrottle } from '../src/ingest/box-auth.js';
import { startEmbeddedBroker, type RunningBroker } from '../src/ingest/broker/embedded.js';
import { UNREGISTERED_KEEP } from '../src/ingest/repository.js';
import { connectBox, registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

describe('ConnectThrottle and the addresses it counts by', () => {
  it('holds back the refusals of one address 0, 0, 0, then 1 s, 2 s, 4 s… up to 30 s, and forgets after a quiet period', () => {
    const throttle = new ConnectThrottle();
    const at = 1_000_000;
    const delays = Array.from({ length: 11 }, (_, i) => throttle.refused('10.0.0.1', at + i * 1000));
    expect(delays).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    // Another address has its own count.
    expect(throttle.refused('10.0.0.2', at + 11_000)).toBe(0);
    // Quiet for the whole period: counted from nothing again.
    expect(throttle.refused('10.0.0.1', at + 10_000 + CONNECT_THROTTLE_LIMITS.quietMs)).toBe(0);
  });

  it('remembers a bounded number of addresses, the most recently refused', () => {
    const throttle = new ConnectThrottle({ ...CONNECT_THROTTLE_LIMITS, free: 0, maxAddresses: 100 });
    for (let i = 0; i < 5000; i += 1) throttle.refused(`10.1.${i >> 8}.${i & 255}`, 1000 + i);
    expect(throttle.size).toBe(100);
    // The newest is still counted (second refusal: 2 s); the oldest was forgotten (first again: 1 s).
    expect(throttle.refused('10.1.19.135', 10_000)).toBe(2000);
    expect(throttle.refused('10.1.0.0', 10_000)).toBe(1000);
  });

  it('counts IPv4 addresses one by one and IPv6 ones by their /64', () => {
    expect(addressKey('10.0.0.7')).toBe('10.0.0.7');
    expect(addressKey('::ffff:10.0.0.7')).toBe('10.0.0.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('')).toBe('');
  });
});

describe.each(dialects)('strangers cannot grow the server state (%s)', (dialect) => {
  let t: TestApp;
  let root: string;
  let boxes: BoxCredentials[];
  const clients: MqttClient[] = [];
  const refused = () => t.app.ingest.stats.snapshot().refused;
  /** A CONNECT with credentials nobody registered, as the broker passes it on. */
  const stranger = (n: number, ip: string) => {
    t.clock.now += 1;
    return t.app.ingest.authenticate({ clientId: `stranger-${n}`, username: String(n), password: 'guess', ip });
  };
  const rows = () => t.app.db.selectFrom('unregistered_boxes').selectAll().execute();
  const listed = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/unregistered?page=1&page_size=10', headers: bearer(root) });
    return body(res).data as { total: number; items: UnregisteredBoxRow[] };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    root = await login(t.app, 'demo_root');
    boxes = await registerBoxes(t.app, 6201, 6203);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  });
  afterAll(async () => t.close());

  it('2,000 CONNECTs with new ids from many addresses leave the newest 1,000 rows; the registration list shows the newest', async () => {
    const before = refused();
    // 100 at a time, as a flood would come.
    for (let i = 0; i < 2000; i += 100) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, j) => stranger(800_000 + i + j, `10.${(i + j) >> 8}.${(i + j) & 255}.1`)),
      );
      expect(answers.every((a) => a === null)).toBe(true);
    }
    const all = await rows();
    expect(all).toHaveLength(UNREGISTERED_KEEP);
    expect(Math.min(...all.map((r) => Number(r.username)))).toBe(801_000);
    expect(refused().badCredentials - before.badCredentials).toBe(2000);
    expect(refused().notRecorded - before.notRecorded).toBe(0);

    // An installer's new box trying now is at the top of the list root reads.
    const installer = { boxId: 777_001, password: 'not-yet-registered' };
    await expect(connectBox(t.app.mqttPort, installer)).rejects.toThrow(/authorized/i);
    const page = await listed();
    expect(page.total).toBe(UNREGISTERED_KEEP);
    expect(page.items[0]).toMatchObject({ boxId: 777_001, clientId: 'box-777001', ip: '127.0.0.1', reason: 'unregistered' });
    expect(page.items[1]).toMatchObject({ boxId: 801_999 });
    expect(await rows()).toHaveLength(UNREGISTERED_KEEP);
  });

  it('one address adds at most 10 rows a minute (the rest counted); its known ids are still counted as attempts', async () => {
    const ip = '10.250.0.1';
    const before = refused();
    for (let n = 0; n < 30; n += 1) await stranger(900_000 + n, ip);
    const mine = () => rows().then((all) => all.filter((r) => r.ip === ip));
    expect((await mine()).map((r) => Number(r.username)).sort()).toEqual(Array.from({ length: 10 }, (_, n) => 900_000 + n));
    expect(refused().notRecorded - before.notRecorded).toBe(20);
    expect(refused().badCredentials - before.badCredentials).toBe(30);
    // Over its rate, a box already recorded still gets its attempt counted.
    await stranger(900_003, ip);
    expect((await mine()).find((r) => r.username === '900003')?.attempts).toBe(2);
    // The same /64 is one address.
    for (let n = 0; n < 8; n += 1) await stranger(910_000 + n, '2001:db8:7:7::1');
    for (let n = 0; n < 8; n += 1) await stranger(920_000 + n, '2001:db8:7:7::2');
    expect((await rows()).filter((r) => r.ip.startsWith('2001:db8:7:7::'))).toHaveLength(10);
    // A minute later the address may add again.
    t.clock.now += 60_000;
    for (let n = 30; n < 45; n += 1) await stranger(900_000 + n, ip);
    expect(await mine()).toHaveLength(20);
  });

  describe('bad passwords at the embedded broker', () => {
    let broker: RunningBroker;
    const delays: number[] = [];
    const clock = { now: 5_000_000 };
    beforeAll(async () => {
      // A broker of the test's own, with the delays recorded instead of waited and a clock of its own.
      broker = await startEmbeddedBroker(
        t.app.ingest,
        {
          port: 0,
          host: '127.0.0.1',
          delay: (ms) => {
            delays.push(ms);
            return Promise.resolve();
          },
          now: () => clock.now,
        },
        t.app.log,
      );
    });
    afterAll(async () => broker.close());

    const box = (i: number) => boxes[i] as BoxCredentials;
    const connect = async (b: BoxCredentials, localAddress: string, password?: string) => {
      const c = await connectBox(broker.port, b, { localAddress, ...(password ? { password } : {}) });
      clients.push(c);
      return c;
    };

    it('are refused later and later from one address, and counted; a good box connects at once, from anywhere', async () => {
      const before: IngestStats['refused'] = refused();
      for (let i = 0; i < 9; i += 1) {
        clock.now += 1000;
        await expect(connect(box(0), '127.0.0.2', 'wrong-secret')).rejects.toThrow(/authorized/i);
      }
      expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
      expect(refused().badCredentials - before.badCredentials).toBe(9);
      expect(refused().delayed - before.delayed).toBe(6);
      // Recorded once, with every attempt.
      const row = (await rows()).find((r) => r.client_id === 'box-6201' && r.reason === 'bad-password');
      expect(row).toMatchObject({ ip: '127.0.0.2', attempts: 9 });

      // A good box from another address, and even from the failing one, is not held back.
      const good = await connect(box(1), '127.0.0.3');
      expect(good.connected).toBe(true);
      expect((await connect(box(2), '127.0.0.2')).connected).toBe(true);
      expect(delays).toHaveLength(6);
      // Another address starts from nothing.
      await expect(connect(box(0), '127.0.0.4', 'wrong-secret')).rejects.toThrow(/authorized/i);
      expect(delays).toHaveLength(6);
      // After a quiet period the failing address starts from nothing too.
      clock.now += CONNECT_THROTTLE_LIMITS.quietMs;
      await expect(connect(box(0), '127.0.0.2', 'wrong-secret')).rejects.toThrow(/authorized/i);
      expect(delays).toHaveLength(6);
    });
  });
});
