import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BoxCredentials, ServerEvent } from '@dms/contract';
import { connectBox, eventually, hello, registerBoxes, send } from './boxes.js';
import { buildTestApp, linkHelper, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

type Transition = Extract<ServerEvent, { type: 'transition' }>;

describe.each(dialects)('fleet watch over the live push on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let mine: BoxCredentials;
  let theirs: BoxCredentials;
  let manager: string;
  let root: string;
  let helper: string;

  /** A signed-in socket watching the fleet; resolves once the watch is in place. */
  async function watcher(token: string): Promise<{ ws: WebSocket; events: ServerEvent[] }> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    const events: ServerEvent[] = [];
    ws.on('message', (d: Buffer) => events.push(JSON.parse(d.toString()) as ServerEvent));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token }));
    ws.send(JSON.stringify({ type: 'watchFleet' }));
    // Messages are handled in order: the answer to this one means the watch is set.
    ws.send(JSON.stringify({ type: 'subscribe', devices: [] }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'subscribed')).toBe(true);
    });
    return { ws, events };
  }
  const transitions = (events: ServerEvent[]) => events.filter((e): e is Transition => e.type === 'transition');

  /** Connects a box with one controller and waits for its device to be online. */
  async function online(b: BoxCredentials): Promise<MqttClient> {
    const c = await connectBox(t.app.mqttPort, b);
    await send(c, b.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    await eventually(() => {
      expect(t.app.ingest.deviceAt(b.boxId, 1)?.status).toBe('online');
    });
    return c;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [mine] = (await registerBoxes(t.app, 7701, 7701)) as [BoxCredentials];
    [theirs] = (await registerBoxes(t.app, 7702, 7702, 'demo_end_user')) as [BoxCredentials];
    [manager, root, helper] = (await Promise.all(['demo_manager', 'demo_root', 'demo_helper'].map((u) => login(t.app, u)))) as [
      string,
      string,
      string,
    ];
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a transition of a device the user sees, and not one of a device they do not see', async () => {
    const m = await watcher(manager);
    const r = await watcher(root);
    const h = await watcher(helper);
    // Both devices come into being after the watchers read their sets.
    const a = await online(mine);
    const b = await online(theirs);
    const myDevice = t.app.ingest.deviceAt(mine.boxId, 1)?.id;
    const theirDevice = t.app.ingest.deviceAt(theirs.boxId, 1)?.id;
    await b.endAsync();
    await eventually(() => {
      expect(transitions(r.events).some((e) => e.device === theirDevice && e.to === 'offline')).toBe(true);
    });
    await a.endAsync();
    await eventually(() => {
      expect(transitions(m.events).some((e) => e.device === myDevice && e.to === 'offline')).toBe(true);
    });
    await eventually(() => {
      expect(transitions(r.events).some((e) => e.device === myDevice && e.to === 'offline')).toBe(true);
    });
    const got = transitions(m.events).find((e) => e.to === 'offline');
    expect(got).toMatchObject({
      type: 'transition',
      device: myDevice,
      boxId: mine.boxId,
      controller: 1,
      kind: 'compressor',
      from: 'online',
      to: 'offline',
    });
    expect(transitions(m.events).every((e) => e.device === myDevice)).toBe(true);
    expect(transitions(h.events)).toEqual([]);
    for (const s of [m, r, h]) s.ws.close();
  });

  it('reaches a user given a device by a link, and stops after unwatchFleet', async () => {
    const device = t.app.ingest.deviceAt(mine.boxId, 1);
    if (!device) throw new Error('no device');
    await linkHelper(t, device.id);
    const h = await watcher(helper);
    const m = await watcher(manager);
    m.ws.send(JSON.stringify({ type: 'unwatchFleet' }));
    m.ws.send(JSON.stringify({ type: 'subscribe', devices: [] }));
    await eventually(() => {
      expect(m.events.filter((e) => e.type === 'subscribed')).toHaveLength(2);
    });
    const a = await online(mine);
    await eventually(() => {
      expect(transitions(h.events).some((e) => e.device === device.id && e.to === 'online')).toBe(true);
    });
    await a.endAsync();
    await eventually(() => {
      expect(transitions(h.events).some((e) => e.device === device.id && e.to === 'offline')).toBe(true);
    });
    expect(transitions(m.events)).toEqual([]);
    for (const s of [m, h]) s.ws.close();
  });
});
