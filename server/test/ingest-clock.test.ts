import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, DeviceDetail, IngestStats } from '@dms/contract';
import { buildApp } from '../src/app.js';
import { decodeValues, encodeValues } from '../src/ingest/codec.js';
import { connectBox, data, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SKEW_MS = 300_000;

/** Issue 10 point 2: a box clock far ahead must not freeze a device, not even one a database already holds. */
describe.each(dialects)('a box clock ahead of the server (CLOCK_SKEW_S) on %s', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  let manager: string;
  const clients: MqttClient[] = [];
  const box = (i: number) => boxes[i] as BoxCredentials;
  const connect = async (b: BoxCredentials) => {
    const c = await connectBox(t.app.mqttPort, b);
    clients.push(c);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    return c;
  };
  const detail = async (boxId: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/devices/${boxId}/1`, headers: bearer(manager) });
    return body(res).data as DeviceDetail;
  };
  const history = async (deviceId: number) =>
    (await t.app.db.selectFrom('history').select(['ts', 'box_ts', 'vals']).where('device_id', '=', deviceId).orderBy('ts').execute()).map(
      (r) => ({ ts: r.ts, boxTs: r.box_ts, values: Object.fromEntries(decodeValues(r.vals)) }),
    );
  const stats = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/boxes/ingest-stats', headers: bearer(await login(t.app, 'demo_root')) });
    return body(res).data as IngestStats;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { CLOCK_SKEW_S: String(SKEW_MS / 1000) });
    boxes = await registerBoxes(t.app, 7001, 7004);
    manager = await login(t.app, 'demo_manager');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => undefined)));
  });
  afterAll(async () => t.close());

  it('stores a snapshot stamped beyond the skew at its receive time, keeps and counts it; the next snapshots still update the device', async () => {
    const b = box(0);
    const c = await connect(b);
    const received = t.clock.now;
    const before = (await stats()).clockAdjusted;
    // One hour ahead (within the 24 h the server used to trust), then 3 days ahead (beyond them).
    await send(c, b.boxId, 'data', data(received + HOUR, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0 } }, 1));
    t.clock.now += 10_000;
    await send(c, b.boxId, 'data', data(received + 3 * DAY, { '1': { [PRESSURE]: 71, [FAULT_BITS]: 0 } }, 2));
    // A resend of the first (QoS 1 after a reconnect) is not stored a second time.
    await send(c, b.boxId, 'data', data(received + HOUR, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0 } }, 1));
    const device = await detail(b.boxId);
    expect(await history(device.id)).toEqual([
      { ts: received, boxTs: received + HOUR, values: { [PRESSURE]: 70, [FAULT_BITS]: 0 } },
      { ts: received + 10_000, boxTs: received + 3 * DAY, values: { [PRESSURE]: 71, [FAULT_BITS]: 0 } },
    ]);
    expect((await stats()).clockAdjusted - before).toBe(3);

    // The box's clock is put right: its snapshots are taken at their time again, and a fault is seen.
    t.clock.now += 10_000;
    const ts = t.clock.now;
    await send(c, b.boxId, 'data', data(ts, { '1': { [PRESSURE]: 40, [FAULT_BITS]: 1 } }, 3));
    const after = await detail(b.boxId);
    expect(after.latest).toEqual({ ts, values: { [PRESSURE]: 40, [FAULT_BITS]: 1 } });
    expect(after.status).toBe('online_fault');
    await t.app.ingest.drain();
    const records = await t.app.db
      .selectFrom('fault_records')
      .select(['register', 'started_at'])
      .where('device_id', '=', after.id)
      .execute();
    expect(records).toEqual([{ register: FAULT_BITS, started_at: ts }]);
  });

  it('trusts a time up to the skew ahead, and stores it as the box stamped it', async () => {
    const b = box(1);
    const c = await connect(b);
    const before = (await stats()).clockAdjusted;
    const ts = t.clock.now + SKEW_MS - 1000;
    await send(c, b.boxId, 'data', data(ts, { '1': { [PRESSURE]: 66 } }));
    const device = await detail(b.boxId);
    expect(await history(device.id)).toEqual([{ ts, boxTs: null, values: { [PRESSURE]: 66 } }]);
    expect(device.latest).toEqual({ ts, values: { [PRESSURE]: 66 } });
    expect((await stats()).clockAdjusted).toBe(before);
    // The server's clock is set back an hour: that latest time is now beyond the skew, and holds the values no longer.
    t.clock.now -= HOUR;
    const back = t.clock.now;
    await send(c, b.boxId, 'data', data(back, { '1': { [PRESSURE]: 67 } }, 2));
    t.clock.now += HOUR;
    expect((await detail(b.boxId)).latest).toEqual({ ts: back, values: { [PRESSURE]: 67 } });
  });

  it('refuses and counts a snapshot older than the retention (HISTORY_RETENTION_DAYS)', async () => {
    const b = box(2);
    const c = await connect(b);
    const fresh = t.clock.now - 1000;
    await send(c, b.boxId, 'data', data(fresh, { '1': { [PRESSURE]: 50 } }, 1));
    const before = (await stats()).drops['too-old'] ?? 0;
    await send(c, b.boxId, 'data', data(t.clock.now - 366 * DAY, { '1': { [PRESSURE]: 51 } }, 2));
    expect(((await stats()).drops['too-old'] ?? 0) - before).toBe(1);
    const device = await detail(b.boxId);
    expect((await history(device.id)).map((r) => r.ts)).toEqual([fresh]);
    expect(device.latest).toEqual({ ts: fresh, values: { [PRESSURE]: 50 } });
  });

  it('repairs a database a clock far ahead poisoned before: at start the future is re-stamped, values kept, and the device is live again', async () => {
    const b = box(3);
    const c = await connect(b);
    const t0 = t.clock.now;
    await send(c, b.boxId, 'data', data(t0 - 1000, { '1': { [PRESSURE]: 60, [FAULT_BITS]: 0 } }, 1));
    await t.app.ingest.drain();
    const id = (await detail(b.boxId)).id;
    // What the server used to store for a box 10 hours ahead: history, the latest values and a fault record in the future.
    const future = [t0 + 10 * HOUR, t0 + 10 * HOUR + 10_000];
    const poisoned = new Map([
      [PRESSURE, 81],
      [FAULT_BITS, 0],
    ]);
    await t.app.db
      .insertInto('history')
      .values([
        {
          device_id: id,
          ts: future[0] as number,
          vals: encodeValues(
            new Map([
              [PRESSURE, 80],
              [FAULT_BITS, 1],
            ]),
          ),
        },
        { device_id: id, ts: future[1] as number, vals: encodeValues(poisoned) },
      ])
      .execute();
    await t.app.db
      .updateTable('device_latest')
      .set({ ts: future[1] as number, vals: encodeValues(poisoned) })
      .where('device_id', '=', id)
      .execute();
    await t.app.db
      .insertInto('fault_records')
      .values({
        device_id: id,
        kind: 'fault',
        register: FAULT_BITS,
        bit: 0,
        started_at: future[0] as number,
        ended_at: future[1] as number,
        snapshot: Buffer.alloc(0),
      })
      .execute();
    await c.endAsync();

    await t.app.close();
    t.clock.now += 5000;
    const restart = t.clock.now;
    t.app = await buildApp(t.config, { logger: false, now: () => t.clock.now });
    manager = await login(t.app, 'demo_manager');

    // Re-stamped in their order to the last milliseconds before the start, the box's times kept; the values kept.
    expect(await history(id)).toEqual([
      { ts: t0 - 1000, boxTs: null, values: { [PRESSURE]: 60, [FAULT_BITS]: 0 } },
      { ts: restart - 1, boxTs: future[0], values: { [PRESSURE]: 80, [FAULT_BITS]: 1 } },
      { ts: restart, boxTs: future[1], values: { [PRESSURE]: 81, [FAULT_BITS]: 0 } },
    ]);
    expect((await detail(b.boxId)).latest).toEqual({ ts: restart, values: { [PRESSURE]: 81, [FAULT_BITS]: 0 } });
    const records = await t.app.db.selectFrom('fault_records').select(['started_at', 'ended_at']).where('device_id', '=', id).execute();
    expect(records).toEqual([{ started_at: restart - 1, ended_at: restart }]);

    // A box with a right clock reports: its values are the device's latest, and a fault bit is a fault again.
    const again = await connect(b);
    t.clock.now += 10_000;
    const ts = t.clock.now;
    await send(again, b.boxId, 'data', data(ts, { '1': { [PRESSURE]: 30, [FAULT_BITS]: 1 } }, 2));
    const device = await detail(b.boxId);
    expect(device.latest).toEqual({ ts, values: { [PRESSURE]: 30, [FAULT_BITS]: 1 } });
    expect(device.status).toBe('online_fault');
    await t.app.ingest.drain();
    const open = await t.app.db
      .selectFrom('fault_records')
      .select('started_at')
      .where('device_id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
    expect(open).toEqual([{ started_at: ts }]);
  });
});
