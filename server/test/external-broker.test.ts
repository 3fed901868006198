import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downTopic, upTopic, type BoxCredentials, type WritePayload } from '@dms/contract';
import { buildApp } from '../src/app.js';
import { data, eventually, hello, registerBoxes } from './boxes.js';
import { bearer, body, buildTestApp, login, type TestApp } from './helper.js';
import { MOSQUITTO, mosquittoAnswers } from './machine-mosquitto.js';
import { reg } from './registers.js';

const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure');
const PLC_RUN_HOURS = reg('generic-plc', 'running_hours');

/** A box on Mosquitto (which lets anyone in: the server, not this broker, is what the test is about). */
const boxClient = (boxId: number) =>
  mqtt.connectAsync({ ...MOSQUITTO, clientId: `box-${boxId}`, username: String(boxId), reconnectPeriod: 0, clean: true });
const publish = (c: MqttClient, boxId: number, kind: 'hello' | 'data' | 'ack', payload: unknown) =>
  c.publishAsync(upTopic(boxId, kind), JSON.stringify(payload), { qos: 1 });

describe.skipIf(!mosquittoAnswers)('external broker (Mosquitto on 127.0.0.1:1883)', () => {
  const run = `${process.pid}${Date.now().toString(36)}`;
  const env = {
    MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`,
    MQTT_SHARED_GROUP: `g${run}`,
    MQTT_CLIENT_ID: `dms-a-${run}`,
    WRITE_TIMEOUT_MS: '2000',
  };
  let t: TestApp;
  let boxes: BoxCredentials[];
  const base = 3_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const stored = async (app: TestApp['app'], boxId: number) =>
    (
      await app.db
        .selectFrom('history')
        .innerJoin('devices', 'devices.id', 'history.device_id')
        .select('history.ts')
        .where('devices.box_id', '=', boxId)
        .orderBy('history.ts')
        .execute()
    ).map((r) => r.ts);

  beforeAll(async () => {
    t = await buildTestApp('sqlite', env);
    boxes = await registerBoxes(t.app, base, base + 9);
  });
  afterAll(async () => t.close());
  const box = (i: number) => (boxes[i] as BoxCredentials).boxId;

  it('stores what boxes publish through the broker, and sends writes down through it', async () => {
    const c = await boxClient(box(0));
    await c.subscribeAsync(`box/${box(0)}/down/#`, { qos: 1 });
    c.on('message', (_topic, payload) => {
      const w = JSON.parse(payload.toString()) as WritePayload;
      void publish(c, box(0), 'ack', { v: 1, id: w.id, ok: true });
    });
    await publish(c, box(0), 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    const ts = t.clock.now - 1000;
    await publish(c, box(0), 'data', data(ts, { '1': { [PRESSURE]: 72, [TARGET_PRESSURE]: 70 } }));
    await eventually(async () => {
      expect(await stored(t.app, box(0))).toEqual([ts]);
    });
    const manager = await login(t.app, 'demo_manager');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${box(0)}/1/registers/${TARGET_PRESSURE}`,
      headers: bearer(manager),
      payload: { value: 0.8 },
    });
    expect(body(res).data).toMatchObject({ outcome: 'acknowledged' });
    expect(downTopic(box(0), 'write')).toBe(`box/${box(0)}/down/write`);
    await c.endAsync();
  });

  it('records data from a box id that is not registered, and stores nothing of it', async () => {
    const stranger = base + 500;
    const c = await boxClient(stranger);
    await publish(c, stranger, 'data', data(t.clock.now, { '1': { 1: 1 } }));
    await c.endAsync();
    await eventually(async () => {
      const row = await t.app.db.selectFrom('unregistered_boxes').selectAll().where('box_id', '=', stranger).executeTakeFirst();
      expect(row).toMatchObject({ reason: 'unknown-box-data', attempts: 1 });
    });
  });

  it('gets, after a restart, what boxes sent while the server was down (persistent session)', async () => {
    const c = await boxClient(box(1));
    await publish(c, box(1), 'hello', hello([{ index: 1, type: 'generic-plc' }]));
    await eventually(() => {
      expect(t.app.ingest.deviceAt(box(1), 1)).toBeTruthy();
    });
    await t.app.close();
    const t0 = t.clock.now - 10_000;
    for (let i = 0; i < 5; i++) await publish(c, box(1), 'data', data(t0 + i, { '1': { [PLC_RUN_HOURS]: i } }, i));
    t.app = await buildApp(t.config, { logger: false, now: () => t.clock.now });
    await eventually(async () => {
      expect(await stored(t.app, box(1))).toEqual([t0, t0 + 1, t0 + 2, t0 + 3, t0 + 4]);
    });
    await c.endAsync();
  });

  it('splits the boxes between two server instances sharing a subscription', async () => {
    const second = await buildApp(
      { ...t.config, mqtt: { ...t.config.mqtt, clientId: `dms-b-${run}` } },
      { logger: false, now: () => t.clock.now },
    );
    try {
      const before = [t.app.ingest.stats.messages, second.ingest.stats.messages];
      const clients = await Promise.all([2, 3, 4, 5, 6, 7, 8, 9].map((i) => boxClient(box(i))));
      const ts = t.clock.now - 5000;
      await Promise.all(clients.map((c, i) => publish(c, box(i + 2), 'data', data(ts, { '1': { 80: i } }))));
      await Promise.all(clients.map((c, i) => publish(c, box(i + 2), 'data', data(ts + 1, { '1': { 80: i } }))));
      await eventually(async () => {
        const counts = await Promise.all([2, 3, 4, 5, 6, 7, 8, 9].map(async (i) => (await stored(t.app, box(i))).length));
        expect(counts).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
      });
      const first = t.app.ingest.stats.messages - (before[0] ?? 0);
      const other = second.ingest.stats.messages - (before[1] ?? 0);
      expect(first + other).toBe(16);
      expect(first).toBeGreaterThan(0);
      expect(other).toBeGreaterThan(0);
      await Promise.all(clients.map((c) => c.endAsync()));
    } finally {
      await second.close();
    }
  });

  it("answers the broker's auth and ACL questions (mosquitto-go-auth HTTP backend), only from allowed addresses", async () => {
    const b = boxes[0] as BoxCredentials;
    const ask = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    expect(
      (await ask('/api/v2/broker/auth', { username: String(b.boxId), password: b.password, clientid: `box-${b.boxId}` })).statusCode,
    ).toBe(200);
    expect((await ask('/api/v2/broker/auth', { username: String(b.boxId), password: 'nope', clientid: `box-${b.boxId}` })).statusCode).toBe(
      403,
    );
    expect((await ask('/api/v2/broker/acl', { username: String(b.boxId), topic: `box/${b.boxId}/up/data`, acc: 2 })).statusCode).toBe(200);
    expect((await ask('/api/v2/broker/acl', { username: String(b.boxId), topic: `box/${b.boxId + 1}/up/data`, acc: 2 })).statusCode).toBe(
      403,
    );
    expect((await ask('/api/v2/broker/acl', { username: String(b.boxId), topic: `box/${b.boxId}/down/write`, acc: 1 })).statusCode).toBe(
      200,
    );
    expect((await ask('/api/v2/broker/acl', { username: String(b.boxId), topic: 'box/+/down/#', acc: 1 })).statusCode).toBe(403);
    expect(
      (await ask('/api/v2/broker/auth', { username: String(b.boxId), password: b.password, clientid: `box-${b.boxId}` }, '10.1.2.3'))
        .statusCode,
    ).toBe(403);
  });
});
