import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, DeviceDetail, UnregisteredBoxRow } from '@dms/contract';
import { decodeValues } from '../src/ingest/codec.js';
import { saveLastSeen } from '../src/ingest/repository.js';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, insertDevice, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const RUN_STATE = reg('screw-compressor', 'run_state');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const ALERT_BITS = reg('screw-compressor', 'alert_bits');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TEMPERATURE = reg('screw-compressor', 'discharge_temperature');
const OIL_TEMPERATURE = reg('screw-compressor', 'oil_temperature');
const PLC_RUN_HOURS = reg('generic-plc', 'running_hours');

describe.each(dialects)('boxes report in (embedded broker) on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let boxes: BoxCredentials[];
  let root: string;
  let manager: string;
  const clients: MqttClient[] = [];
  const connect = async (box: BoxCredentials, opts: Parameters<typeof connectBox>[2] = {}) => {
    const c = await connectBox(port, box, opts);
    clients.push(c);
    return c;
  };
  const detail = async (boxId: number, controller = 1, token = manager) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/devices/${boxId}/${controller}`, headers: bearer(token) });
    return { status: res.statusCode, body: body(res), device: body(res).data as DeviceDetail };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { HEARTBEAT_TIMEOUT_S: '0.6', WRITE_TIMEOUT_MS: '400' });
    port = t.app.mqttPort;
    boxes = await registerBoxes(t.app, 5001, 5008);
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  });
  afterAll(async () => t.close());

  const box = (i: number) => boxes[i] as BoxCredentials;

  it('a registered box connects; its hello creates its devices; a snapshot is stored before it is acknowledged', async () => {
    const b = box(0);
    const c = await connect(b);
    await send(
      c,
      b.boxId,
      'hello',
      hello([
        { index: 1, type: 'screw-compressor' },
        { index: 2, type: 'generic-plc' },
      ]),
    );
    const ts = t.clock.now - 1000;
    await send(c, b.boxId, 'data', data(ts, { '1': { [PRESSURE]: 72, [RUN_STATE]: 1 }, '2': { [PLC_RUN_HOURS]: 1234 } }));
    // PUBACK came back: the row must already be there.
    const rows = await t.app.db
      .selectFrom('history')
      .innerJoin('devices', 'devices.id', 'history.device_id')
      .select(['devices.controller', 'history.ts', 'history.vals'])
      .where('devices.box_id', '=', b.boxId)
      .orderBy('devices.controller')
      .execute();
    expect(rows.map((r) => [r.controller, r.ts])).toEqual([
      [1, ts],
      [2, ts],
    ]);
    const first = rows[0];
    if (!first) throw new Error('no history row');
    expect(Object.fromEntries(decodeValues(first.vals))).toEqual({ [RUN_STATE]: 1, [PRESSURE]: 72 });
    const d = await detail(b.boxId);
    expect(d.status).toBe(200);
    expect(d.device).toMatchObject({
      boxId: b.boxId,
      controller: 1,
      typeCode: 'screw-compressor',
      status: 'online',
      runStatus: 'normal',
      canWrite: true,
    });
    expect(d.device.latest).toEqual({ ts, values: { [RUN_STATE]: 1, [PRESSURE]: 72 } });
    const boxRow = await t.app.db.selectFrom('boxes').selectAll().where('box_id', '=', b.boxId).executeTakeFirstOrThrow();
    await eventually(async () => {
      const fresh = await t.app.db
        .selectFrom('boxes')
        .select(['firmware', 'iccid', 'signal'])
        .where('box_id', '=', b.boxId)
        .executeTakeFirstOrThrow();
      expect(fresh).toEqual({ firmware: '2.4.1', iccid: '89860012345678901234', signal: -71 });
    });
    expect(boxRow.ip).toBe('127.0.0.1');
  });

  it('an unregistered box and a wrong password are refused and recorded; root sees them as unregistered', async () => {
    await expect(connectBox(port, { boxId: 999_001, password: 'whatever' })).rejects.toThrow(/Not authorized|not authorized/i);
    await expect(connectBox(port, { boxId: box(1).boxId, password: 'wrong-secret' })).rejects.toThrow(/authorized/i);
    await expect(connectBox(port, box(1), { clientId: 'someone-else' })).rejects.toThrow(/authorized/i);
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/unregistered', headers: bearer(root) });
    const items = (body(res).data as { items: UnregisteredBoxRow[] }).items;
    expect(items.find((i) => i.boxId === 999_001)).toMatchObject({
      reason: 'unregistered',
      attempts: 1,
      status: 'unregistered',
      ip: '127.0.0.1',
    });
    expect(items.find((i) => i.boxId === box(1).boxId && i.reason === 'bad-password')).toBeTruthy();
    const forbidden = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/unregistered', headers: bearer(manager) });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/unregistered' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('fault and alert bits drive the status, open and close fault records with their snapshot, and notify the owner', async () => {
    const b = box(2);
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const t0 = t.clock.now - 10_000;
    await send(c, b.boxId, 'data', data(t0, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0, [ALERT_BITS]: 0 } }, 1));
    await send(c, b.boxId, 'data', data(t0 + 1000, { '1': { [PRESSURE]: 71, [FAULT_BITS]: 0, [ALERT_BITS]: 0b10 } }, 2));
    expect((await detail(b.boxId)).device).toMatchObject({ status: 'online_alert', runStatus: 'warning' });
    await send(c, b.boxId, 'data', data(t0 + 2000, { '1': { [PRESSURE]: 40, [FAULT_BITS]: 0b1, [ALERT_BITS]: 0b10 } }, 3));
    expect((await detail(b.boxId)).device).toMatchObject({ status: 'online_fault', runStatus: 'fault' });
    await send(c, b.boxId, 'data', data(t0 + 3000, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0, [ALERT_BITS]: 0 } }, 4));
    const d = await detail(b.boxId);
    expect(d.device.status).toBe('online');
    await t.app.ingest.drain();
    const records = await t.app.db
      .selectFrom('fault_records')
      .selectAll()
      .where('device_id', '=', d.device.id)
      .orderBy('started_at')
      .execute();
    expect(records.map((r) => [r.kind, r.register, r.bit, r.started_at, r.ended_at])).toEqual([
      ['alert', ALERT_BITS, 1, t0 + 1000, t0 + 3000],
      ['fault', FAULT_BITS, 0, t0 + 2000, t0 + 3000],
    ]);
    const fault = records[1];
    if (!fault) throw new Error('no fault record');
    expect(decodeValues(fault.snapshot).get(PRESSURE)).toBe(40);
    await t.app.notify.creator.idle();
    const notes = await t.app.db
      .selectFrom('notifications as n')
      .innerJoin('notification_recipients as r', 'r.notification_id', 'n.id')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['n.type', 'u.username'])
      .where('n.device_id', '=', d.device.id)
      // Root, admin and limited_admin are told of every device too (server/test/notifications.test.ts).
      .where('u.username', 'like', 'demo_manager%')
      .orderBy('n.id')
      .execute();
    expect(notes).toEqual([
      { type: 'alert', username: 'demo_manager' },
      { type: 'fault_alert', username: 'demo_manager' },
      { type: 'recover', username: 'demo_manager' },
    ]);
    const transitions = d.device.transitions.map((x) => `${x.from}>${x.to}`).reverse();
    expect(transitions).toEqual(['online>online_alert', 'online_alert>online_fault', 'online_fault>online']);
  });

  it('goes offline on its last will, and after the heartbeat timeout when silent; comes back on its next message', async () => {
    const b = box(3);
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    expect((await detail(b.boxId)).device.status).toBe('online');
    c.stream.destroy(); // no DISCONNECT: the broker publishes the will
    await eventually(async () => {
      expect((await detail(b.boxId)).device.status).toBe('offline');
    });
    const again = await connect(b);
    await eventually(async () => {
      expect((await detail(b.boxId)).device.status).toBe('online');
    });
    // Silent past the server's timeout (0.6 s on the test clock) but not past three of the 10 s report intervals its
    // hello said: still online. Past those, offline.
    t.clock.now += 1000;
    await t.app.ingest.drain();
    await new Promise((r) => setTimeout(r, 500));
    expect((await detail(b.boxId)).device.status).toBe('online');
    t.clock.now += 30_000;
    await eventually(async () => {
      expect((await detail(b.boxId)).device.status).toBe('offline');
    });
    await send(again, b.boxId, 'data', data(t.clock.now, { '1': { [PRESSURE]: 70 } }));
    expect((await detail(b.boxId)).device.status).toBe('online');
    await t.app.ingest.drain();
    const log = await t.app.db.selectFrom('box_connection_log').select('event').where('box_id', '=', b.boxId).orderBy('id').execute();
    expect(log.map((l) => l.event)).toEqual(['connect', 'will', 'connect', 'timeout']);
  });

  it('records an IP change when a box connects from another address', async () => {
    const b = box(4);
    const first = await connect(b, { localAddress: '127.0.0.1' });
    await first.endAsync();
    await connect(b, { localAddress: '127.0.0.2' });
    await t.app.ingest.drain();
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/boxes/ip-log?boxId=${b.boxId}`, headers: bearer(root) });
    const items = (body(res).data as { items: Array<{ sourceIp: string; destinationIp: string }> }).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ boxId: b.boxId, sourceIp: '127.0.0.1', destinationIp: '127.0.0.2' });
  });

  it("takes a device another instance sharing the database created first: the box's hello still goes through", async () => {
    const [b] = await registerBoxes(t.app, 5020, 5020);
    if (!b) throw new Error('no box');
    const { owner_id } = await t.app.db.selectFrom('boxes').select('owner_id').where('box_id', '=', b.boxId).executeTakeFirstOrThrow();
    // The box said hello to another instance first (a move, a balancer): its device is a row this one does not hold.
    const id = await insertDevice(t, { box_id: b.boxId, controller: 1, model: '', status: 'offline', fault: 0, alert: 0, owner_id });
    const c = await connect(b);
    await send(c, b.boxId, 'hello', { ...hello([{ index: 1, type: 'screw-compressor' }]), server: 'dms2.example.com:1883' });
    await t.app.ingest.drain();
    await eventually(async () => {
      const row = await t.app.db.selectFrom('boxes').select('dialed').where('box_id', '=', b.boxId).executeTakeFirstOrThrow();
      expect(row.dialed).toBe('dms2.example.com:1883');
    });
    const devices = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', b.boxId).execute();
    expect(devices.map((d) => d.id)).toEqual([id]);
    expect(t.app.ingest.box(b.boxId)?.devices.get(1)?.id).toBe(id);
  });

  it('keeps running through bad input: each kind is counted and dropped; good values of a snapshot are kept', async () => {
    const b = box(5);
    const c = await connect(b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const before = t.app.ingest.stats.snapshot().drops;
    await send(c, b.boxId, 'data', '{not json');
    await send(c, b.boxId, 'data', '[1,2,3]');
    await send(c, b.boxId, 'data', JSON.stringify({ v: 99, seq: 1, ts: t.clock.now, c: {} }));
    await send(c, b.boxId, 'data', JSON.stringify({ v: 1, seq: 'x', ts: t.clock.now, c: {} }));
    await send(c, b.boxId, 'data', 'x'.repeat(65_600));
    await send(
      c,
      b.boxId,
      'data',
      data(t.clock.now - 500, { '1': { [PRESSURE]: 65, [TEMPERATURE]: -5, [OIL_TEMPERATURE]: 1.5, 12345: 1 } }),
    );
    const after = t.app.ingest.stats.snapshot().drops;
    expect(after['not-json'] - before['not-json']).toBe(1);
    expect(after['bad-shape'] - before['bad-shape']).toBe(2);
    expect(after['bad-version'] - before['bad-version']).toBe(1);
    expect(after['too-large'] - before['too-large']).toBe(1);
    expect(after['bad-value'] - before['bad-value']).toBe(2);
    expect(after['unknown-register'] - before['unknown-register']).toBe(1);
    expect((await detail(b.boxId)).device.latest.values).toEqual({ [PRESSURE]: 65 });
  });

  it('rate-limits a flooding box and goes on serving the others', async () => {
    const b = box(6);
    const c = await connect(b);
    const before = t.app.ingest.stats.snapshot().drops['rate-limited'];
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(c, b.boxId, 'event', { v: 1, ts: t.clock.now, kind: 'boot', detail: String(i) })),
    );
    expect(t.app.ingest.stats.snapshot().drops['rate-limited'] - before).toBeGreaterThan(100);
    const other = await connect(box(7));
    await send(other, box(7).boxId, 'hello', hello([{ index: 1, type: 'maglev-blower' }]));
    expect((await detail(box(7).boxId)).device.typeCode).toBe('maglev-blower');
  });

  it('restores latest values and status after a restart', async () => {
    const before = await detail(box(0).boxId);
    await t.app.ingest.drain();
    const { buildApp } = await import('../src/app.js');
    await t.app.close();
    t.app = await buildApp(t.config, { logger: false, now: () => t.clock.now });
    port = t.app.mqttPort;
    root = await login(t.app, 'demo_root');
    manager = await login(t.app, 'demo_manager');
    const after = await detail(box(0).boxId);
    expect(after.device.latest).toEqual(before.device.latest);
    expect(after.device.status).toBe(before.device.status);
  });

  it('a server (and broker) restart changes no status of boxes that come back; one that does not goes offline after the timeout', async () => {
    const [a, b] = (await registerBoxes(t.app, 5009, 5010)) as [BoxCredentials, BoxCredentials];
    const ca = await connectBox(port, a, { reconnectPeriod: 100 });
    clients.push(ca);
    ca.on('error', () => undefined);
    await send(ca, a.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const cb = await connect(b);
    cb.on('error', () => undefined);
    await send(cb, b.boxId, 'hello', hello([{ index: 1, type: 'maglev-blower' }]));
    expect([(await detail(a.boxId)).device.status, (await detail(b.boxId)).device.status]).toEqual(['online', 'online']);
    const { buildApp } = await import('../src/app.js');
    await t.app.close();
    t.app = await buildApp({ ...t.config, mqtt: { ...t.config.mqtt, port } }, { logger: false, now: () => t.clock.now });
    manager = await login(t.app, 'demo_manager');
    expect([(await detail(a.boxId)).device.status, (await detail(b.boxId)).device.status]).toEqual(['online', 'online']);
    await eventually(() => {
      expect(ca.connected).toBe(true);
    });
    // Time passes in steps shorter than the boxes' timeout (three of the 10 s intervals their hellos said), A reporting
    // at each: only B falls silent.
    for (let i = 0; i < 4; i++) {
      t.clock.now += 10_000;
      await send(ca, a.boxId, 'data', data(t.clock.now, { '1': { [PRESSURE]: 70 } }, i));
    }
    await eventually(async () => {
      expect((await detail(b.boxId)).device.status).toBe('offline');
    });
    expect((await detail(a.boxId)).device.status).toBe('online');
    const transitions = async (boxId: number) => (await detail(boxId)).device.transitions.map((x) => `${x.from}>${x.to}`).reverse();
    expect(await transitions(a.boxId)).toEqual([]);
    expect(await transitions(b.boxId)).toEqual(['online>offline']);
  });

  it("gives a device the type its box's hello names when the hello comes right after the controller's first data", async () => {
    const [b] = (await registerBoxes(t.app, 5011, 5011)) as [BoxCredentials];
    const c = await connect(b);
    // Sent together: the snapshot's new device is being stored as the hello is followed (several instances may even
    // handle the two in the other order).
    await Promise.all([
      send(c, b.boxId, 'data', data(t.clock.now, { '3': { [PRESSURE]: 70 } })),
      send(c, b.boxId, 'hello', hello([{ index: 3, type: 'screw-compressor' }])),
    ]);
    await eventually(() => {
      expect(t.app.ingest.deviceAt(b.boxId, 3)?.typeCode).toBe('screw-compressor');
    });
    await t.app.ingest.drain();
    const row = await t.app.db.selectFrom('devices').select('type_code').where('box_id', '=', b.boxId).executeTakeFirstOrThrow();
    expect(row.type_code).toBe('screw-compressor');
  });

  it("writes boxes' and their devices' last-seen times in bulk, each its own", async () => {
    const ids = [box(0).boxId, box(1).boxId];
    const times = [t.clock.now - 5000, t.clock.now - 7000];
    await saveLastSeen(t.app.db, [
      { boxId: ids[0] ?? 0, lastSeen: times[0] ?? 0 },
      { boxId: ids[1] ?? 0, lastSeen: times[1] ?? 0 },
      { boxId: 999_999_999, lastSeen: 1 },
    ]);
    const boxes = await t.app.db.selectFrom('boxes').select(['box_id', 'last_seen']).where('box_id', 'in', ids).orderBy('box_id').execute();
    expect(boxes.map((b) => [b.box_id, Number(b.last_seen)])).toEqual([
      [ids[0], times[0]],
      [ids[1], times[1]],
    ]);
    const devices = await t.app.db
      .selectFrom('devices')
      .select('last_seen')
      .where('box_id', '=', ids[0] ?? 0)
      .execute();
    expect(devices.length).toBeGreaterThan(0);
    for (const d of devices) expect(Number(d.last_seen)).toBe(times[0]);
  });

  it('deletes history past the retention (HISTORY_RETENTION_DAYS), keeping the rest', async () => {
    const device = t.app.ingest.deviceAt(box(0).boxId, 1);
    if (!device) throw new Error('no device');
    const old = t.clock.now - 400 * 86_400_000;
    await t.app.db
      .insertInto('history')
      .values({ device_id: device.id, ts: old, vals: Buffer.from([0, 1, 0, 2]) })
      .execute();
    const before = await t.app.db.selectFrom('history').select('ts').where('device_id', '=', device.id).execute();
    expect(await t.app.ingest.prune()).toBe(1);
    const after = await t.app.db.selectFrom('history').select('ts').where('device_id', '=', device.id).execute();
    expect(after.map((r) => r.ts)).toEqual(before.map((r) => r.ts).filter((ts) => ts !== old));
  });
});
