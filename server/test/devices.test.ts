import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  type BoxCredentials,
  type DeviceDetail,
  type DeviceSummary,
  type RegisterDef,
  type SeriesResult,
  type ServerEvent,
  type TypeEditView,
  type WritePayload,
} from '@dms/contract';
import { answeringBox, connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, linkHelper, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure'); // writable, 0.40..1.30 MPa, 2 decimals
const LOAD_PRESSURE = reg('screw-compressor', 'load_pressure'); // writable: the test box rejects it
const UNLOAD_PRESSURE = reg('screw-compressor', 'unload_pressure'); // writable: the test box never answers it
const START_STOP = reg('screw-compressor', 'start_stop_command'); // enum, writable: the switch register
const FAULT_BITS = reg('screw-compressor', 'fault_bits');

/** A box that answers writes: acknowledges, rejects LOAD_PRESSURE, ignores UNLOAD_PRESSURE. */
const answeringCompressor = (port: number, b: BoxCredentials) =>
  answeringBox(port, b, 'screw-compressor', (w) =>
    w.register === UNLOAD_PRESSURE ? null : w.register === LOAD_PRESSURE ? { ok: false, reason: 'out-of-range' } : { ok: true },
  );

describe.each(dialects)('devices API on %s', (dialect) => {
  let t: TestApp;
  let boxes: BoxCredentials[];
  let manager: string;
  let helper: string;
  let market: string;
  let root: string;
  let box: { client: MqttClient; writes: WritePayload[] };
  /** When the known series starts. */
  let t0: number;
  const b0 = () => boxes[0] as BoxCredentials;
  const url = (suffix = '', b = b0()) => `/api/v2/devices/${b.boxId}/1${suffix}`;
  const write = (token: string, register: number, value: unknown) =>
    t.app.inject({
      method: 'POST',
      url: url(`/registers/${register}`),
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { value },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect, { WRITE_TIMEOUT_MS: '500' });
    boxes = await registerBoxes(t.app, 6001, 6003);
    [root, manager, helper, market] = (await Promise.all(
      ['demo_root', 'demo_manager', 'demo_helper', 'demo_market'].map((u) => login(t.app, u)),
    )) as [string, string, string, string];
    box = await answeringCompressor(t.app.mqttPort, b0());
    t0 = t.clock.now - 100_000;
    for (let i = 0; i < 10; i++)
      await send(box.client, b0().boxId, 'data', data(t0 + i * 1000, { '1': { [PRESSURE]: i + 1, [TARGET_PRESSURE]: 70 } }, i));
    await send(box.client, b0().boxId, 'data', data(t0 + 50_000, { '1': { [PRESSURE]: 70, [TARGET_PRESSURE]: 70, [START_STOP]: 0 } }, 11));
  });
  afterAll(async () => {
    await box.client.endAsync(true);
    await t.close();
  });

  it('lists only the devices a user sees; root sees all', async () => {
    const list = async (token: string) =>
      body(await t.app.inject({ method: 'GET', url: '/api/v2/devices?page_size=50', headers: bearer(token) })).data as {
        total: number;
        items: DeviceSummary[];
      };
    const mine = await list(manager);
    expect(mine.items.map((d) => [d.boxId, d.controller, d.status])).toEqual([[b0().boxId, 1, 'online']]);
    expect((await list(root)).total).toBe(1);
    expect((await list(market)).total).toBe(0);
    expect((await list(helper)).total).toBe(0);
    const online = await t.app.inject({ method: 'GET', url: '/api/v2/devices?status=online', headers: bearer(manager) });
    expect((body(online).data as { total: number }).total).toBe(1);
    const faults = await t.app.inject({ method: 'GET', url: '/api/v2/devices?status=fault', headers: bearer(manager) });
    expect((body(faults).data as { total: number }).total).toBe(0);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v2/devices?status=sleeping', headers: bearer(manager) });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(40001);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/devices' })).statusCode).toBe(401);
  });

  it('refuses a device the user may not see (403), an unknown one (404) and a bad box id (exact message)', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(), headers: bearer(helper) });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 40300, message: 'You do not have permission to do this.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/devices/6003/1', headers: bearer(root) })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v2/devices/abc/1', headers: bearer(root) });
    expect(body(bad)).toMatchObject({ code: 40001, message: 'Please fill in boxId with a positive integer' });
  });

  it('downsamples history into min/max/avg buckets of a known series', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: url(`/series?registers=${PRESSURE}&from=${t0}&to=${t0 + 10_000}&points=2`),
      headers: bearer(manager),
    });
    const s = body(res).data as SeriesResult;
    expect(s.bucketMs).toBe(5000);
    expect(s.series).toEqual([
      {
        register: PRESSURE,
        buckets: [
          { t: t0, min: 1, max: 5, avg: 3, n: 5 },
          { t: t0 + 5000, min: 6, max: 10, avg: 8, n: 5 },
        ],
      },
    ]);
    const all = await t.app.inject({
      method: 'GET',
      url: url(`/series?registers=${PRESSURE},${TARGET_PRESSURE}&from=${t0}&to=${t0 + 60_000}&points=4000`),
      headers: bearer(manager),
    });
    const full = body(all).data as SeriesResult;
    expect(full.series[0]?.buckets).toHaveLength(11);
    expect(full.series[1]?.buckets.every((b) => b.min === 70 && b.max === 70)).toBe(true);
    const backwards = await t.app.inject({
      method: 'GET',
      url: url(`/series?registers=${PRESSURE}&from=${t0}&to=${t0}`),
      headers: { ...bearer(manager), 'accept-language': 'en' },
    });
    expect(body(backwards)).toMatchObject({ code: 40001, message: 'The end of the time range must be after its start' });
    const badRegs = await t.app.inject({ method: 'GET', url: url(`/series?registers=a,b&from=1&to=2`), headers: bearer(manager) });
    expect(body(badRegs).message).toBe('Registers must be a comma-separated list of at most 20 register numbers');
    const tooMany = await t.app.inject({
      method: 'GET',
      url: url(`/series?registers=1&from=1&to=2&points=4001`),
      headers: bearer(manager),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('writes a register: acknowledged, rejected by the box, timed out; each in the operation log', async () => {
    const ok = await write(manager, TARGET_PRESSURE, 0.75);
    expect(body(ok)).toMatchObject({ code: 20000, data: { outcome: 'acknowledged', reason: null, oldValue: 0.7, newValue: 0.75 } });
    expect(box.writes.at(-1)).toMatchObject({ v: 1, controller: 1, register: TARGET_PRESSURE, value: 75 });
    const rejected = await write(manager, LOAD_PRESSURE, 0.8);
    expect(body(rejected).data).toMatchObject({ outcome: 'rejected', reason: 'out-of-range' });
    const timedOut = await write(manager, UNLOAD_PRESSURE, 0.9);
    expect(body(timedOut).data).toMatchObject({ outcome: 'timed_out' });
    const log = await t.app.inject({ method: 'GET', url: '/api/v2/datalog/operation-log?action=device.write', headers: bearer(manager) });
    const entries = (body(log).data as { items: Array<{ target: string; old_value: string | null; new_value: string; outcome: string }> })
      .items;
    expect(entries.map((e) => [e.target, e.old_value, e.new_value, e.outcome]).reverse()).toEqual([
      [`${b0().boxId}/1 #${TARGET_PRESSURE} target_pressure`, '0.7', '0.75 (acknowledged)', 'ok'],
      [`${b0().boxId}/1 #${LOAD_PRESSURE} load_pressure`, null, '0.8 (rejected: out-of-range)', 'failed'],
      [`${b0().boxId}/1 #${UNLOAD_PRESSURE} unload_pressure`, null, '0.9 (timed_out)', 'failed'],
    ]);
  });

  it('checks a write against the register map before sending anything', async () => {
    const sent = box.writes.length;
    expect(body(await write(manager, PRESSURE, 1))).toMatchObject({ code: 40001, message: `Register ${PRESSURE} cannot be written.` });
    expect(body(await write(manager, 12345, 1))).toMatchObject({
      code: 40001,
      message: "Register 12345 is not in this device's register map.",
    });
    expect(body(await write(manager, TARGET_PRESSURE, 2))).toMatchObject({
      code: 40001,
      message: 'The value must be between 0.4 and 1.3.',
    });
    expect(body(await write(manager, TARGET_PRESSURE, 0.755))).toMatchObject({
      code: 40001,
      message: 'The value may have at most 2 decimal places.',
    });
    expect(body(await write(manager, START_STOP, 9))).toMatchObject({
      code: 40001,
      message: 'The value is not one of the options of this register.',
    });
    expect(body(await write(manager, TARGET_PRESSURE, 'high'))).toMatchObject({
      code: 40001,
      message: 'Please fill in value with a number',
    });
    expect(box.writes.length).toBe(sent);
    expect((await t.app.inject({ method: 'POST', url: url(`/registers/${TARGET_PRESSURE}`), payload: { value: 1 } })).statusCode).toBe(401);
    const offline = await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/6003/1/registers/1`,
      headers: bearer(root),
      payload: { value: 1 },
    });
    expect(offline.statusCode).toBe(404);
  });

  it('lets a helper with the switch right write the start/stop register only; refuses others', async () => {
    const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', b0().boxId).executeTakeFirstOrThrow();
    expect(body(await write(helper, START_STOP, 1))).toMatchObject({ code: 40300 });
    await linkHelper(t, device.id, { canSwitch: true });
    const detail = body(await t.app.inject({ method: 'GET', url: url(), headers: bearer(helper) })).data as DeviceDetail;
    expect(detail).toMatchObject({ canWrite: false, canSwitch: true });
    expect(body(await write(helper, START_STOP, 1)).data).toMatchObject({ outcome: 'acknowledged' });
    expect(body(await write(helper, TARGET_PRESSURE, 0.8))).toMatchObject({
      code: 40300,
      message: "You may not change this device's settings.",
    });
  });

  it("the switch role is the map's: moved by root to another register, the helper's switch right follows it at once", async () => {
    const typeId = t.app.ingest.deviceAt(b0().boxId, 1)?.type?.id ?? 0;
    const api = (method: 'GET' | 'PUT', payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `/api/v2/controller-types/${typeId}${method === 'GET' ? '/edit' : ''}`, headers: bearer(root), payload });
    /** Saves the map with the switch role on `register` alone. */
    const switchOn = async (register: number) => {
      const view = body(await api('GET')).data as TypeEditView;
      const registers = view.registers.map(({ role: _role, ...r }): RegisterDef => (r.number === register ? { ...r, role: 'switch' } : r));
      expect(body(await api('PUT', { name: view.name, kind: view.kind, version: view.version, registers }))).toMatchObject({ code: 20000 });
    };
    await switchOn(TARGET_PRESSURE);
    try {
      await eventually(async () => {
        expect(body(await write(helper, TARGET_PRESSURE, 0.8)).data).toMatchObject({ outcome: 'acknowledged' });
      });
      expect(body(await write(helper, START_STOP, 1))).toMatchObject({
        code: 40300,
        message: "You may not change this device's settings.",
      });
    } finally {
      await switchOn(START_STOP);
    }
    await eventually(async () => {
      expect(body(await write(helper, START_STOP, 1)).data).toMatchObject({ outcome: 'acknowledged' });
    });
  });

  it('refuses a write to a box that is not connected', async () => {
    const b = boxes[1] as BoxCredentials;
    const c = await connectBox(t.app.mqttPort, b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await c.endAsync();
    await new Promise((r) => setTimeout(r, 100));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/devices/${b.boxId}/1/registers/${TARGET_PRESSURE}`,
      headers: bearer(manager),
      payload: { value: 0.8 },
    });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 40902, message: 'The device is offline; nothing can be sent to it now.' });
  });

  describe('live push', () => {
    let base: string;
    beforeAll(async () => {
      base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    });

    /** A WebSocket and every event it received. */
    async function socket(): Promise<{ ws: WebSocket; events: ServerEvent[]; next: (type: ServerEvent['type']) => Promise<ServerEvent> }> {
      const ws = new WebSocket(`${base}/api/v2/ws`);
      const events: ServerEvent[] = [];
      const waiters: Array<() => void> = [];
      ws.on('message', (d: Buffer) => {
        events.push(JSON.parse(d.toString()) as ServerEvent);
        waiters.splice(0).forEach((w) => {
          w();
        });
      });
      await new Promise((r) => ws.once('open', r));
      let seen = 0;
      const next = async (type: ServerEvent['type']) => {
        for (;;) {
          const found = events.slice(seen).findIndex((e) => e.type === type);
          if (found >= 0) {
            seen += found + 1;
            return events[seen - 1] as ServerEvent;
          }
          await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => {
              reject(new Error(`no ${type} event; got ${JSON.stringify(events)}`));
            }, 5000);
            waiters.push(() => {
              clearTimeout(timer);
              resolve();
            });
          });
        }
      };
      return { ws, events, next };
    }

    it('authenticates with the token, pushes values and status of subscribed devices, and notifications', async () => {
      const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', b0().boxId).executeTakeFirstOrThrow();
      const s = await socket();
      // Sent back to back, as a console does: the subscription waits for the sign-in check.
      s.ws.send(JSON.stringify({ type: 'auth', token: manager }));
      s.ws.send(JSON.stringify({ type: 'subscribe', devices: [device.id] }));
      expect(await s.next('ready')).toMatchObject({ type: 'ready' });
      expect(await s.next('subscribed')).toEqual({ type: 'subscribed', devices: [device.id] });
      const ts = t.clock.now;
      await send(box.client, b0().boxId, 'data', data(ts, { '1': { [PRESSURE]: 71, [FAULT_BITS]: 1 } }, 100));
      expect(await s.next('values')).toEqual({ type: 'values', device: device.id, ts, values: { [PRESSURE]: 71, [FAULT_BITS]: 1 } });
      expect(await s.next('status')).toMatchObject({ type: 'status', device: device.id, from: 'online', to: 'online_fault' });
      expect(await s.next('notification')).toMatchObject({
        type: 'notification',
        device: device.id,
        kind: 'fault',
        status: 'online_fault',
        boxId: b0().boxId,
        controller: 1,
      });
      s.ws.close();
    });

    it('sends the current state of each device on subscribe, so a change just before it is not missed', async () => {
      const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', b0().boxId).executeTakeFirstOrThrow();
      const ts = t.clock.now + 1;
      // Published before the subscription: only the state event can bring it.
      await send(box.client, b0().boxId, 'data', data(ts, { '1': { [PRESSURE]: 66, [FAULT_BITS]: 0 } }, 101));
      await eventually(() => {
        expect(t.app.ingest.device(device.id)?.latestTs).toBe(ts);
      });
      const s = await socket();
      s.ws.send(JSON.stringify({ type: 'auth', token: manager }));
      s.ws.send(JSON.stringify({ type: 'subscribe', devices: [device.id] }));
      const state = await s.next('state');
      expect(state).toMatchObject({ type: 'state', device: device.id, status: 'online', ts });
      expect((state as Extract<ServerEvent, { type: 'state' }>).values).toMatchObject({ [PRESSURE]: 66, [FAULT_BITS]: 0 });
      expect(await s.next('subscribed')).toEqual({ type: 'subscribed', devices: [device.id] });
      s.ws.close();
    });

    it('refuses a device the user may not see, a bad token, and messages before auth', async () => {
      const device = await t.app.db.selectFrom('devices').select('id').where('box_id', '=', b0().boxId).executeTakeFirstOrThrow();
      const s = await socket();
      s.ws.send(JSON.stringify({ type: 'auth', token: market }));
      await s.next('ready');
      s.ws.send(JSON.stringify({ type: 'subscribe', devices: [device.id] }));
      expect(await s.next('error')).toMatchObject({ code: 40300, devices: [device.id] });
      expect(await s.next('subscribed')).toEqual({ type: 'subscribed', devices: [] });
      s.ws.close();

      const early = await socket();
      early.ws.send(JSON.stringify({ type: 'subscribe', devices: [device.id] }));
      expect(await early.next('error')).toMatchObject({ code: 50008 });
      const forged = await socket();
      const closed = new Promise<number>((r) =>
        forged.ws.once('close', (code) => {
          r(code);
        }),
      );
      forged.ws.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
      expect(await forged.next('error')).toMatchObject({ code: 50008 });
      expect(await closed).toBe(4401);
      const junk = await socket();
      junk.ws.send('{{{');
      expect(await junk.next('error')).toMatchObject({ code: 40001 });
      junk.ws.close();
    });
  });
});
