import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BoxCredentials, FleetSummary, ServerEvent } from '@dms/contract';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, linkHelper, login, testDialects, userIds, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
const ALERT_BITS = reg('screw-compressor', 'alert_bits');
const PRESSURE = reg('screw-compressor', 'discharge_pressure');

type Transition = Extract<ServerEvent, { type: 'transition' }>;
interface Row {
  id: number;
  status: string;
  activeFaults: Array<{ name: string; register: number }>;
}

/**
 * Issue 18, sections 1 and 2, as the attack reproduced them, through MQTT, HTTP and the live push: the faults of a
 * device hidden from superiors reach none of them (list, summary and its counts, fault records, live fleet events),
 * while its status still does; and a template that withholds a bits register withholds the faults decoded from it.
 */
describe.each(dialects)('who sees which faults, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const clients: MqttClient[] = [];
  let hidden: BoxCredentials;
  let shared: BoxCredentials;
  const tokens = new Map<string, string>();
  const sockets: WebSocket[] = [];
  const watched = new Map<string, ServerEvent[]>();

  const get = async (user: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: bearer(tokens.get(user) ?? '') });
    return { status: res.statusCode, body: body(res) };
  };
  const row = async (user: string, boxId: number): Promise<Row | undefined> =>
    ((await get(user, `/devices?q=${boxId}`)).body.data as { items: Row[] }).items[0];
  const summary = async (user: string) => (await get(user, `/fleet/summary?since=${t.clock.now - 3_600_000}`)).body.data as FleetSummary;
  const records = async (user: string) =>
    (
      (await get(user, `/history/fault-records?from=${t.clock.now - 3_600_000}&to=${t.clock.now + 60_000}&page_size=100`)).body.data as {
        total: number;
        items: Array<{ boxId: number; register: number; kind: string }>;
      }
    ).items;

  async function watch(user: string): Promise<void> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    sockets.push(ws);
    const events: ServerEvent[] = [];
    watched.set(user, events);
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: tokens.get(user) }));
    ws.send(JSON.stringify({ type: 'watchFleet' }));
    ws.send(JSON.stringify({ type: 'subscribe', devices: [] }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'subscribed')).toBe(true);
    });
  }
  const transitionsOf = (user: string, device: number) =>
    (watched.get(user) ?? []).filter((e): e is Transition => e.type === 'transition' && e.device === device);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (const u of ['demo_root', 'demo_manager', 'demo_submanager', 'demo_helper']) tokens.set(u, await login(t.app, u));
    [hidden, shared] = (await registerBoxes(t.app, 7651, 7652)) as [BoxCredentials, BoxCredentials];
    const uid = await userIds(t);
    const devices: number[] = [];
    for (const b of [hidden, shared]) {
      const c = await connectBox(t.app.mqttPort, b);
      await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
      await eventually(() => {
        expect(t.app.ingest.deviceAt(b.boxId, 1)?.status).toBe('online');
      });
      devices.push(t.app.ingest.deviceAt(b.boxId, 1)?.id ?? 0);
      clients.push(c);
    }
    const [hiddenId, sharedId] = devices as [number, number];
    // 1. demo_manager assigns a device to demo_submanager, who hides it from superiors.
    const post = (user: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: bearer(tokens.get(user) ?? ''), payload });
    expect(
      body(await post('demo_manager', '/user_register/assign_device', { userId: uid('demo_submanager'), deviceId: hiddenId })).code,
    ).toBe(20000);
    expect(body(await post('demo_submanager', '/user_register/hide_from_superior', { deviceId: hiddenId, hidden: true })).code).toBe(20000);
    // 2. demo_helper is shared the other device and holds a template that reads the warnings register, not the faults one.
    await linkHelper(t, sharedId);
    const created = body(
      await post('demo_root', '/permission-templates', { name: 'No fault bits', level: 6, defaultRead: true, defaultWrite: 'none' }),
    ).data as { id: number };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/permission-templates/${created.id}`,
      headers: bearer(tokens.get('demo_root') ?? ''),
      payload: {
        name: 'No fault bits',
        level: 6,
        defaultRead: true,
        defaultWrite: 'none',
        rights: [{ typeId: t.app.ingest.deviceAt(shared.boxId, 1)?.type?.id, register: FAULT_BITS, read: false, write: false }],
      },
    });
    expect(body(saved).code).toBe(20000);
    await t.app.db.updateTable('users').set({ template_id: created.id }).where('id', '=', uid('demo_helper')).execute();
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    for (const u of ['demo_root', 'demo_manager', 'demo_helper']) await watch(u);
    // 3. Both boxes raise a fault and a warning: main motor overload (bit 0) and oil filter due (bit 1).
    const bits = { [FAULT_BITS]: 1, [ALERT_BITS]: 2, [PRESSURE]: 70 };
    for (const [i, b] of [hidden, shared].entries())
      await send(clients[i] as MqttClient, b.boxId, 'data', data(Date.now(), { '1': bits }, 2));
    await t.app.ingest.drain();
    await eventually(() => {
      expect(t.app.ingest.deviceAt(hidden.boxId, 1)?.status).toBe('online_fault');
      expect(t.app.ingest.deviceAt(shared.boxId, 1)?.status).toBe('online_fault');
    });
    await eventually(() => {
      expect(transitionsOf('demo_root', hiddenId).length).toBeGreaterThan(0);
      expect(transitionsOf('demo_manager', hiddenId).length).toBeGreaterThan(0);
      expect(transitionsOf('demo_helper', sharedId).length).toBeGreaterThan(0);
    });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    for (const c of clients) await c.endAsync();
    await t.close();
  });

  it('the superior lists the hidden device with its status and without its faults', async () => {
    const mine = await row('demo_manager', hidden.boxId);
    expect(mine?.status).toBe('online_fault');
    expect(mine?.activeFaults).toEqual([]);
    // Those it is not hidden from see them by name.
    expect((await row('demo_submanager', hidden.boxId))?.activeFaults.map((f) => f.name)).toEqual([
      'Oil filter due',
      'Main motor overload',
    ]);
    expect((await row('demo_root', hidden.boxId))?.activeFaults).toHaveLength(2);
  });

  it('the fleet summary names no fault of a hidden device, and its counts agree with the fault records', async () => {
    const s = await summary('demo_manager');
    const id = t.app.ingest.deviceAt(hidden.boxId, 1)?.id;
    const transitions = s.transitions.filter((x) => x.deviceId === id);
    expect(transitions.length).toBeGreaterThan(0);
    for (const x of transitions) expect(x.faults ?? []).toEqual([]);
    const mine = await records('demo_manager');
    expect(mine.some((r) => r.boxId === hidden.boxId)).toBe(false);
    expect(s.faultsToday).toBe(mine.filter((r) => r.kind === 'fault').length);
    expect(s.alertsToday).toBe(mine.filter((r) => r.kind === 'alert').length);
    expect(s.faultyModels.reduce((n, m) => n + m.faults, 0)).toBe(mine.filter((r) => r.kind === 'fault').length);
    // Root sees both devices' records.
    const all = await summary('demo_root');
    expect(all.faultsToday).toBe(2);
    expect(all.alertsToday).toBe(2);
  });

  it('the live fleet push carries no fault of a hidden device to the superior; root gets the names', () => {
    const id = t.app.ingest.deviceAt(hidden.boxId, 1)?.id ?? 0;
    for (const x of transitionsOf('demo_manager', id)) expect(x.faults ?? []).toEqual([]);
    const named = transitionsOf('demo_root', id).flatMap((x) => (x.faults ?? []).map((f) => f.name.en));
    expect(named).toContain('Main motor overload');
  });

  it('a template that withholds the faults register withholds the faults decoded from it, on every path', async () => {
    const id = t.app.ingest.deviceAt(shared.boxId, 1)?.id ?? 0;
    expect((await row('demo_helper', shared.boxId))?.activeFaults.map((f) => f.register)).toEqual([ALERT_BITS]);
    const detail = (await get('demo_helper', `/devices/${shared.boxId}/1`)).body.data as Row;
    expect(detail.activeFaults.map((f) => f.register)).toEqual([ALERT_BITS]);
    const own = (await get('demo_helper', `/devices/${shared.boxId}/1/fault-records`)).body.data as Array<{ register: number }>;
    expect(own.map((r) => r.register)).toEqual([ALERT_BITS]);
    expect((await records('demo_helper')).map((r) => r.register)).toEqual([ALERT_BITS]);
    const s = await summary('demo_helper');
    expect(s.faultsToday).toBe(0);
    expect(s.alertsToday).toBe(1);
    expect(s.faultyModels).toEqual([]);
    for (const x of s.transitions.filter((x) => x.deviceId === id)) for (const f of x.faults ?? []) expect(f.kind).toBe('alert');
    const live = transitionsOf('demo_helper', id).flatMap((x) => x.faults ?? []);
    expect(live.map((f) => f.name.en)).toEqual(['Oil filter due']);
    // The manager, whose template reads everything, sees both on the shared device.
    expect((await row('demo_manager', shared.boxId))?.activeFaults).toHaveLength(2);
  });

  it('a series of only withheld registers is refused as the k-line is; a mixed one answers the readable ones', async () => {
    const range = `from=${t.clock.now - 3_600_000}&to=${t.clock.now + 60_000}&points=10`;
    const none = await get('demo_helper', `/devices/${shared.boxId}/1/series?registers=${FAULT_BITS}&${range}`);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 40300, message: `Your permission template does not let you read register ${FAULT_BITS}.` });
    const mixed = await get('demo_helper', `/devices/${shared.boxId}/1/series?registers=${FAULT_BITS},${PRESSURE}&${range}`);
    expect(mixed.status).toBe(200);
    expect((mixed.body.data as { series: Array<{ register: number }> }).series.map((x) => x.register)).toEqual([PRESSURE]);
  });
});
