import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BoxCredentials, DeviceDetail, DeviceListItem, ServerEvent } from '@dms/contract';
import { connectBox, data, eventually, hello, registerBoxes, send } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';
import { reg } from './registers.js';

const dialects = await testDialects();
const FAULT_BITS = reg('screw-compressor', 'fault_bits'); // bit 0 main motor overload, 2 high discharge temperature, 4 phase loss
const ALERT_BITS = reg('screw-compressor', 'alert_bits'); // bit 10 high ambient temperature
const PRESSURE = reg('screw-compressor', 'discharge_pressure');

type Transition = Extract<ServerEvent, { type: 'transition' }>;

describe.each(dialects)("a device's active faults by name on %s", (dialect) => {
  let t: TestApp;
  let box: BoxCredentials;
  let other: BoxCredentials;
  let client: MqttClient;
  let otherClient: MqttClient;
  let manager: string;
  let seq = 0;
  const at: number[] = [];

  const list = async (lang: string, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/devices?page_size=50${query}`,
      headers: { ...bearer(manager), 'accept-language': lang },
    });
    expect(res.statusCode).toBe(200);
    return (body(res).data as { items: DeviceListItem[] }).items;
  };
  const item = async (lang: string, b = box) => {
    const found = (await list(lang)).find((d) => d.boxId === b.boxId);
    if (!found) throw new Error(`box ${b.boxId} not listed`);
    return found;
  };
  const push = async (ts: number, values: Record<string, number>) => {
    seq += 1;
    await send(client, box.boxId, 'data', data(ts, { '1': { [PRESSURE]: 70, ...values } }, seq));
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [box, other] = (await registerBoxes(t.app, 8101, 8102)) as [BoxCredentials, BoxCredentials];
    manager = await login(t.app, 'demo_manager');
    client = await connectBox(t.app.mqttPort, box);
    otherClient = await connectBox(t.app.mqttPort, other);
    await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await send(otherClient, other.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await send(otherClient, other.boxId, 'data', data(t.clock.now, { '1': { [PRESSURE]: 70, [FAULT_BITS]: 0, [ALERT_BITS]: 0 } }));
    const t0 = t.clock.now - 3_600_000;
    at.push(t0, t0 + 600_000, t0 + 1_200_000, t0 + 1_800_000);
    // High discharge temperature first, then main motor overload, then the high ambient temperature warning.
    await push(at[0] as number, { [FAULT_BITS]: 1 << 2, [ALERT_BITS]: 0 });
    await push(at[1] as number, { [FAULT_BITS]: (1 << 2) | 1, [ALERT_BITS]: 0 });
    await push(at[2] as number, { [FAULT_BITS]: (1 << 2) | 1, [ALERT_BITS]: 1 << 10 });
  });
  afterAll(async () => {
    await client.endAsync(true);
    await otherClient.endAsync(true);
    await t.close();
  });

  it('answers two faults and an alert by name in the user language, newest first, with when each started', async () => {
    const en = await eventually(async () => {
      const d = await item('en');
      expect(d.activeFaults).toHaveLength(3);
      return d;
    });
    expect(en.status).toBe('online_fault');
    expect(en.activeFaults).toEqual([
      { kind: 'alert', register: ALERT_BITS, bit: 10, name: 'High ambient temperature', startedAt: at[2] },
      { kind: 'fault', register: FAULT_BITS, bit: 0, name: 'Main motor overload', startedAt: at[1] },
      { kind: 'fault', register: FAULT_BITS, bit: 2, name: 'High discharge temperature', startedAt: at[0] },
    ]);
    expect(en.moreFaults).toBe(0);
    const zh = await item('zh');
    expect(zh.activeFaults.map((f) => f.name)).toEqual(['环境温度过高', '主机过载', '排气温度过高']);
    // The fault list (status=fault) carries them too; a device without faults carries none.
    const faulted = await list('en', '&status=fault');
    expect(faulted.map((d) => d.boxId)).toEqual([box.boxId]);
    expect(faulted[0]?.activeFaults.map((f) => f.name)[0]).toBe('High ambient temperature');
    const healthy = await item('en', other);
    expect(healthy.activeFaults).toEqual([]);
    expect(healthy.moreFaults).toBe(0);
  });

  it("shows the same in the device's detail", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/devices/${box.boxId}/1`,
      headers: { ...bearer(manager), 'accept-language': 'es' },
    });
    const d = body(res).data as DeviceDetail;
    expect(d.activeFaults.map((f) => f.name)).toEqual([
      'Temperatura ambiente alta',
      'Sobrecarga del motor principal',
      'Temperatura de descarga alta',
    ]);
    expect(d.moreFaults).toBe(0);
  });

  it('shows at most three and counts the rest; cleared faults vanish', async () => {
    await push(at[3] as number, { [FAULT_BITS]: (1 << 2) | (1 << 4) | 1, [ALERT_BITS]: 1 << 10 });
    const four = await eventually(async () => {
      const d = await item('en');
      expect(d.moreFaults).toBe(1);
      return d;
    });
    expect(four.activeFaults.map((f) => f.name)).toEqual(['Phase loss', 'High ambient temperature', 'Main motor overload']);
    expect(four.activeFaults[0]?.startedAt).toBe(at[3]);

    // Everything but the main motor overload clears.
    await push((at[3] as number) + 60_000, { [FAULT_BITS]: 1, [ALERT_BITS]: 0 });
    const one = await eventually(async () => {
      const d = await item('en');
      expect(d.activeFaults).toHaveLength(1);
      return d;
    });
    expect(one.activeFaults).toEqual([{ kind: 'fault', register: FAULT_BITS, bit: 0, name: 'Main motor overload', startedAt: at[1] }]);
    expect(one.moreFaults).toBe(0);

    await push((at[3] as number) + 120_000, { [FAULT_BITS]: 0, [ALERT_BITS]: 0 });
    await eventually(async () => {
      const d = await item('en');
      expect(d.activeFaults).toEqual([]);
      expect(d.status).toBe('online');
    });
  });

  it("names the faults in the fleet's live transition event", async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const ws = new WebSocket(`${base}/api/v2/ws`);
    const events: ServerEvent[] = [];
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: manager }));
    ws.send(JSON.stringify({ type: 'watchFleet' }));
    ws.send(JSON.stringify({ type: 'subscribe', devices: [] }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'subscribed')).toBe(true);
    });
    await push(t.clock.now, { [FAULT_BITS]: 1 << 2, [ALERT_BITS]: 0 });
    const transition = await eventually(() => {
      const found = events.find((e): e is Transition => e.type === 'transition' && e.to === 'online_fault');
      expect(found).toBeDefined();
      return found as Transition;
    });
    expect(transition.faults).toEqual([
      {
        kind: 'fault',
        name: { en: 'High discharge temperature', zh: '排气温度过高', es: 'Temperatura de descarga alta', ja: '吐出温度異常高' },
      },
    ]);
    ws.close();
  });
});
