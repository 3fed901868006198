import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, FleetSummary, MapPoint } from '@dms/contract';
import { BUILTIN_TYPES } from '@dms/seed';
import { connectBox, registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, userIds, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const H = 3_600_000;
const MIN = 60_000;
const FAULT_BITS = reg('screw-compressor', 'fault_bits');

describe.each(dialects)('fleet figures and map on %s', (dialect) => {
  let t: TestApp;
  let client: MqttClient;
  let root: string;
  let manager: string;
  let helper: string;
  let now: number;
  const ids = new Map<string, number>();
  const get = (token: string | null, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v2/fleet/${url}`, headers: { ...(token ? bearer(token) : {}), 'accept-language': 'en' } });
  const summary = async (token: string, since: number) => body(await get(token, `summary?since=${since}`)).data as FleetSummary;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    now = t.clock.now;
    const boxes = await registerBoxes(t.app, 7401, 7402);
    await registerBoxes(t.app, 7501, 7501, 'demo_end_user');
    client = await connectBox(t.app.mqttPort, boxes[0] as BoxCredentials);
    const uid = await userIds(t);
    const devices = [
      {
        key: 'A',
        box_id: 7401,
        controller: 1,
        model: 'SC-75',
        status: 'online_fault',
        province: 'Jiangsu',
        city: 'Suzhou',
        lng: 120.6,
        lat: 31.3,
        owner: 'demo_manager',
      },
      {
        key: 'B',
        box_id: 7401,
        controller: 2,
        model: 'MB-200',
        status: 'online',
        province: 'Zhejiang',
        city: 'Hangzhou',
        lng: null,
        lat: null,
        owner: 'demo_manager',
      },
      {
        key: 'C',
        box_id: 7402,
        controller: 1,
        model: '',
        status: 'offline',
        province: '',
        city: '',
        lng: null,
        lat: null,
        owner: 'demo_manager',
      },
      {
        key: 'D',
        box_id: 7501,
        controller: 1,
        model: 'SC-75',
        status: 'online_alert',
        province: 'Guangdong',
        city: 'Shenzhen',
        lng: 114.1,
        lat: 22.5,
        owner: 'demo_end_user',
      },
    ];
    for (const { key, owner, ...d } of devices) {
      ids.set(key, await insertDevice(t, { ...d, owner_id: uid(owner), fault: 0, alert: 0 }, now));
    }
    const id = (k: string) => ids.get(k) ?? 0;
    // Provisioned devices have their type (its register map names the fault bits).
    const screw = await t.app.db
      .selectFrom('controller_types')
      .select('id')
      .where('code', '=', 'screw-compressor')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('devices')
      .set({ type_id: screw.id })
      .where('id', 'in', [id('A'), id('C')])
      .execute();
    const record = (k: string, kind: 'fault' | 'alert', at: number) => ({
      device_id: id(k),
      kind,
      register: FAULT_BITS,
      bit: 0,
      started_at: at,
      ended_at: null,
      snapshot: Buffer.alloc(0),
    });
    await t.app.db
      .insertInto('fault_records')
      .values([
        record('A', 'fault', now - 10 * MIN),
        record('A', 'alert', now - 30 * MIN),
        record('A', 'fault', now - 2 * H - MIN),
        record('A', 'fault', now - 40 * 24 * H),
        record('B', 'fault', now - 5 * 24 * H),
        record('C', 'fault', now - 6 * 24 * H),
        record('D', 'fault', now - 5 * MIN),
      ])
      .execute();
    const log = (k: string, from: string, to: string, at: number) => ({ device_id: id(k), from_status: from, to_status: to, time: at });
    await t.app.db
      .insertInto('device_status_log')
      .values([
        log('A', 'online', 'offline', now - 3 * H),
        log('A', 'offline', 'online', now - 90 * MIN),
        log('A', 'online', 'online_fault', now - 10 * MIN),
        log('C', 'online', 'offline_alert', now - 20 * MIN),
        log('C', 'offline_alert', 'offline', now - 15 * MIN),
        log('D', 'unregistered', 'online', now - 5 * H),
        log('B', 'online', 'offline', now - 30 * H),
      ])
      .execute();
    [root, manager, helper] = (await Promise.all(['demo_root', 'demo_manager', 'demo_helper'].map((u) => login(t.app, u)))) as [
      string,
      string,
      string,
    ];
  });
  afterAll(async () => {
    await client.endAsync(true);
    await t.close();
  });

  it("sums up the user's fleet: counts, online rate, boxes, today's records, models and latest transitions", async () => {
    const s = await summary(manager, now - H);
    expect(s.counts).toEqual({
      all: 3,
      online: 1,
      offline: 1,
      online_alert: 0,
      offline_alert: 0,
      online_fault: 1,
      offline_fault: 0,
      unregistered: 0,
    });
    expect(s.onlineRate).toBeCloseTo(2 / 3);
    expect(s.boxes).toEqual({ total: 2, online: 1 });
    expect([s.faultsToday, s.alertsToday]).toEqual([1, 1]);
    expect(s.faultyModels).toEqual([
      { model: 'SC-75', faults: 2 },
      { model: 'MB-200', faults: 1 },
      { model: 'screw-compressor', faults: 1 },
    ]);
    expect(s.transitions.map((x) => [x.boxId, x.controller, x.from, x.to])).toEqual([
      [7401, 1, 'online', 'online_fault'],
      [7402, 1, 'offline_alert', 'offline'],
      [7402, 1, 'online', 'offline_alert'],
      [7401, 1, 'offline', 'online'],
      [7401, 1, 'online', 'offline'],
      [7401, 2, 'online', 'offline'],
    ]);
    expect(s.transitions[0]).toMatchObject({ deviceId: ids.get('A'), company: 'Test Co', time: now - 10 * MIN });
    // A change into fault or alert names the faults and alerts active then, newest first, at most three.
    const names = (i: number) => s.transitions[i]?.faults?.map((f) => [f.kind, f.name.en]);
    const bit0 = BUILTIN_TYPES.find((x) => x.code === 'screw-compressor')?.registers.find((r) => r.number === FAULT_BITS)?.bits?.[0]?.name;
    expect(bit0?.en).toBeTruthy();
    expect(names(0)).toEqual([
      ['fault', bit0?.en],
      ['alert', bit0?.en],
      ['fault', bit0?.en],
    ]);
    expect(s.transitions[0]?.faults?.[0]?.name).toEqual(bit0);
    expect(names(2)).toEqual([['fault', bit0?.en]]);
    // Other changes carry none.
    expect(s.transitions.filter((x) => x.faults !== undefined)).toHaveLength(2);
  });

  it('counts the last 24 hours in 25 hourly buckets, oldest first', async () => {
    const s = await summary(manager, now - H);
    const first = Math.floor(now / H) * H - 24 * H;
    expect(s.hours).toHaveLength(25);
    expect(s.hours.map((h) => h.t)).toEqual(Array.from({ length: 25 }, (_, i) => first + i * H));
    const at = (ts: number) => Math.floor((ts - first) / H);
    const expected = Array.from({ length: 25 }, (_, i) => ({ t: first + i * H, faults: 0, alerts: 0, offline: 0, online: 0 }));
    const bump = (ts: number, k: 'faults' | 'alerts' | 'offline' | 'online') => {
      const h = expected[at(ts)];
      if (h) h[k] += 1;
    };
    bump(now - 10 * MIN, 'faults');
    bump(now - 2 * H - MIN, 'faults');
    bump(now - 30 * MIN, 'alerts');
    bump(now - 3 * H, 'offline');
    bump(now - 20 * MIN, 'offline');
    bump(now - 90 * MIN, 'online');
    expect(s.hours).toEqual(expected);
    expect(s.hours.reduce((n, h) => n + h.faults + h.alerts + h.offline + h.online, 0)).toBe(6);
  });

  it('shows root every device and a user without devices nothing', async () => {
    const all = await summary(root, now - H);
    expect(all.counts.all).toBe(4);
    expect([all.faultsToday, all.alertsToday]).toEqual([2, 1]);
    expect(all.faultyModels[0]).toEqual({ model: 'SC-75', faults: 3 });
    expect(all.boxes).toEqual({ total: 3, online: 1 });
    const none = await summary(helper, 0);
    expect(none).toMatchObject({
      counts: { all: 0 },
      onlineRate: 0,
      boxes: { total: 0, online: 0 },
      faultsToday: 0,
      faultyModels: [],
      transitions: [],
    });
    expect(none.hours.every((h) => h.faults + h.alerts + h.offline + h.online === 0)).toBe(true);
  });

  it('puts the devices the user sees on the map, optionally of one status or group', async () => {
    const sc = await t.app.db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('devices')
      .set({ type_id: sc.id })
      .where('id', '=', ids.get('A') ?? 0)
      .execute();
    const points = body(await get(manager, 'map')).data as MapPoint[];
    // The kind says which detail page a point links to; null while the device's type is unknown.
    expect(points.map((p) => p.kind)).toEqual(['compressor', null, 'compressor']);
    expect(points.map((p) => [p.boxId, p.controller, p.status, p.company, p.model, p.province, p.city, p.lng, p.lat])).toEqual([
      [7401, 1, 'online_fault', 'Test Co', 'SC-75', 'Jiangsu', 'Suzhou', 120.6, 31.3],
      [7401, 2, 'online', 'Test Co', 'MB-200', 'Zhejiang', 'Hangzhou', null, null],
      [7402, 1, 'offline', 'Test Co', 'screw-compressor', '', '', null, null],
    ]);
    expect((body(await get(manager, 'map?status=fault')).data as MapPoint[]).map((p) => p.id)).toEqual([ids.get('A')]);
    expect((body(await get(root, 'map')).data as MapPoint[]).length).toBe(4);
    expect(body(await get(helper, 'map')).data).toEqual([]);
  });

  it('refuses bad input with its message and anyone not signed in', async () => {
    expect(body(await get(manager, 'summary?since=yesterday'))).toMatchObject({
      code: 40001,
      message: 'Please fill in since with a number',
    });
    expect(body(await get(manager, 'summary'))).toMatchObject({ code: 40001, message: 'Please fill in since with a number' });
    const bad = await get(manager, 'map?status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(40001);
    expect((await get(null, `summary?since=${now}`)).statusCode).toBe(401);
    expect((await get(null, 'map')).statusCode).toBe(401);
  });
});
