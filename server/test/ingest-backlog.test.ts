import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upTopic, type BoxCredentials } from '@dms/contract';
import { IngestBacklog } from '../src/ingest/backlog.js';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { buildTestApp, type TestApp } from './helper.js';
import { MOSQUITTO, mosquittoAnswers } from './machine-mosquitto.js';
import { reg } from './registers.js';

const PRESSURE = reg('screw-compressor', 'discharge_pressure');

describe('the ingest backlog', () => {
  it('admits while the ceiling allows, then in arrival order as room is released', async () => {
    const b = new IngestBacklog(100);
    expect(b.admit(60)).toBeNull();
    const order: string[] = [];
    const second = b.admit(50);
    const third = b.admit(10);
    // A later small message does not pass one waiting before it.
    expect(second).not.toBeNull();
    expect(third).not.toBeNull();
    void second?.then(() => order.push('second'));
    void third?.then(() => order.push('third'));
    expect(b).toMatchObject({ bytes: 60, messages: 1, waiting: 2, waits: 2 });
    b.release(60);
    await Promise.resolve();
    expect(order).toEqual(['second', 'third']);
    expect(b).toMatchObject({ bytes: 60, messages: 2, waiting: 0, peakBytes: 60 });
    b.release(50);
    b.release(10);
    expect(b).toMatchObject({ bytes: 0, messages: 0 });
  });

  it('always admits one message when nothing is held, however large', () => {
    const b = new IngestBacklog(100);
    expect(b.admit(500)).toBeNull();
    expect(b.admit(1)).not.toBeNull();
    b.release(500);
    expect(b).toMatchObject({ bytes: 1, messages: 1, waiting: 0 });
  });

  it('tells when there is room to read on (an external broker)', async () => {
    const b = new IngestBacklog(100);
    expect(b.room()).toBeNull();
    expect(b.admit(100)).toBeNull();
    let roomy = false;
    void b.room()?.then(() => (roomy = true));
    await Promise.resolve();
    expect(roomy).toBe(false);
    b.release(100);
    await Promise.resolve();
    expect(roomy).toBe(true);
    expect(b).toMatchObject({ bytes: 0, messages: 0, waiting: 0 });
  });
});

const CEILING = 64 * 1024;
/** Each snapshot padded to 15 KB (JSON allows the trailing spaces): four fill the ceiling. */
const PADDED = 15_000;
const padded = (ts: number, value: number, seq: number) =>
  JSON.stringify(data(ts, { '1': { [PRESSURE]: value } }, seq)).padEnd(PADDED, ' ');

/** Samples the backlog every 2 ms while `work` runs: the most bytes held and the most messages waiting. */
async function watched(t: TestApp, work: () => Promise<unknown>) {
  const backlog = t.app.ingest.backlog;
  let peak = 0;
  let mostWaiting = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, backlog.bytes);
    mostWaiting = Math.max(mostWaiting, backlog.waiting);
  }, 2);
  const waitsBefore = backlog.waits;
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return { peak, mostWaiting, waits: backlog.waits - waitsBefore };
}

/** The history times stored for the boxes, as `box/ts`. */
async function storedOf(t: TestApp, boxIds: number[]) {
  const rows = await t.app.db
    .selectFrom('history')
    .innerJoin('devices', 'devices.id', 'history.device_id')
    .select(['devices.box_id', 'history.ts'])
    .where('devices.box_id', 'in', boxIds)
    .execute();
  return rows.map((r) => `${r.box_id}/${r.ts}`);
}

describe('boxes wait when ingest falls behind (embedded broker)', () => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    // Batches are written every 300 ms: messages pile up between them, as when the CPU is starved.
    t = await buildTestApp('sqlite', { INGEST_MAX_BACKLOG: '64KiB', HISTORY_FLUSH_MS: '300', BOX_RATE_LIMIT: '1000' });
    boxes = await registerBoxes(t.app, 7101, 7104);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await t.close();
  });

  it('holds the acknowledgements at the ceiling, loses nothing, and catches up', async () => {
    const backlog = t.app.ingest.backlog;
    const PER_BOX = 8;
    const t0 = t.clock.now - 60_000;
    for (const b of boxes) {
      const c = await connectBox(t.app.mqttPort, b);
      clients.push(c);
      await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    }
    // Every box sends all its snapshots at once (QoS 1, none waiting for the one before).
    const seen = await watched(t, () =>
      Promise.all(
        boxes.flatMap((b, i) =>
          Array.from({ length: PER_BOX }, (_, k) =>
            (clients[i] as MqttClient).publishAsync(upTopic(b.boxId, 'data'), padded(t0 + k * 1000, i * 100 + k, k), { qos: 1 }),
          ),
        ),
      ),
    );
    expect(seen.waits).toBeGreaterThan(0);
    expect(seen.mostWaiting).toBeGreaterThan(0);
    expect(Math.max(seen.peak, backlog.peakBytes)).toBeLessThanOrEqual(CEILING);
    // Every acknowledged snapshot is stored, once.
    const stored = await storedOf(
      t,
      boxes.map((b) => b.boxId),
    );
    expect(stored).toHaveLength(boxes.length * PER_BOX);
    expect(new Set(stored).size).toBe(boxes.length * PER_BOX);
    expect(backlog).toMatchObject({ bytes: 0, messages: 0, waiting: 0 });
  });
});

describe.skipIf(!mosquittoAnswers)('an external broker is read only as fast as ingest has room (Mosquitto)', () => {
  const run = `${process.pid}${Date.now().toString(36)}`;
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      MQTT_URL: `mqtt://${MOSQUITTO.host}:${MOSQUITTO.port}`,
      MQTT_SHARED_GROUP: 'none',
      MQTT_CLIENT_ID: `dms-backlog-${run}`,
      INGEST_MAX_BACKLOG: '64KiB',
      HISTORY_FLUSH_MS: '300',
    });
  });
  afterAll(async () => t.close());

  it('keeps the backlog under the ceiling while the broker delivers a burst, and stores all of it', async () => {
    const base = 4_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    const boxes = await registerBoxes(t.app, base, base + 1);
    const SENT = 16;
    const clients = await Promise.all(
      boxes.map((b) => mqtt.connectAsync({ ...MOSQUITTO, clientId: `box-${b.boxId}`, username: String(b.boxId), reconnectPeriod: 0 })),
    );
    try {
      await Promise.all(
        boxes.map((b, i) => send(clients[i] as MqttClient, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]))),
      );
      const t0 = t.clock.now - 60_000;
      const ids = boxes.map((b) => b.boxId);
      const seen = await watched(t, async () => {
        await Promise.all(
          boxes.flatMap((b, i) =>
            Array.from({ length: SENT }, (_, k) =>
              (clients[i] as MqttClient).publishAsync(upTopic(b.boxId, 'data'), padded(t0 + k * 1000, k, k), { qos: 1 }),
            ),
          ),
        );
        // Mosquitto acknowledged them to the boxes; the server takes them in as it has room.
        for (;;) {
          if ((await storedOf(t, ids)).length >= boxes.length * SENT) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      expect(seen.peak).toBeGreaterThan(0);
      expect(Math.max(seen.peak, t.app.ingest.backlog.peakBytes)).toBeLessThanOrEqual(CEILING);
      const stored = await storedOf(t, ids);
      expect(new Set(stored).size).toBe(boxes.length * SENT);
      expect(stored).toHaveLength(boxes.length * SENT);
    } finally {
      await Promise.all(clients.map((c) => c.endAsync(true)));
    }
  });
});
