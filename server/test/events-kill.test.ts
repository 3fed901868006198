import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import type { BoxCredentials, ControllerTypeSummary, DeviceDetail, EventPage, EventRow, RuleBody, RuleDetail } from '@dms/contract';
import { spawnServer, type SpawnedServer } from '../../bench/src/server-process.js';
import { connectBox, data, hello, send } from './boxes.js';
import { reg } from './registers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const main = path.join(root, 'server/dist/main.js');
const TEMPERATURE = reg('screw-compressor', 'discharge_temperature');
const BOX_ID = 7301;
/** Generous for a slow 2-core machine: a wait that should take milliseconds gives up only after this. */
const WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls the API of a spawned server; answers the envelope's data, or throws with the whole answer. */
async function api<T>(url: string, token: string | null, method: 'GET' | 'POST', payload?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const b = (await res.json()) as { code: number; data: T };
  if (b.code !== 20000) throw new Error(`${method} ${url}: ${JSON.stringify(b)}`);
  return b.data;
}

/** Reads every 200 ms until `done` holds for what was read; answers it, or throws with the last reading after `ms`. */
async function poll<T>(what: string, read: () => Promise<T>, done: (got: T) => boolean, ms = WAIT_MS): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const got = await read();
    if (done(got)) return got;
    if (Date.now() > until) throw new Error(`gave up after ${ms} ms waiting for ${what}; last read: ${JSON.stringify(got)}`);
    await sleep(200);
  }
}

/** Resolves when the process has exited (at once if it already has). */
function exited(server: SpawnedServer): Promise<void> {
  const child = server.child;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
}

/**
 * docs/events.md "Exactly once": the engine's state is stored at every move and loaded at start, so an event in
 * progress when the server process is killed (SIGKILL, no graceful shutdown) stays the same event after the restart.
 * Repeated and late snapshots do not start it a second time, nor end it; it ends exactly once, when the value clears.
 */
describe.skipIf(!fs.existsSync(main))('an event rule’s event survives a SIGKILL of the server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-events-kill-'));
  let server: SpawnedServer | null = null;
  let client: MqttClient | null = null;

  afterAll(async () => {
    await client?.endAsync(true).catch(() => undefined);
    if (server) {
      const done = exited(server);
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => server?.child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('an event started before the kill is neither repeated nor lost: it starts once and ends once', async () => {
    const start = (mqttPort = 0) => spawnServer({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort), BOX_RATE_LIMIT: '1000' });
    server = await start();
    const mqttPort = server.mqttPort;
    expect(mqttPort).toBeGreaterThan(0);
    const loginRoot = async (url: string) =>
      (await api<{ token: string }>(`${url}/api/v2/user/login`, null, 'POST', { username: 'demo_root', password: 'demo123456' })).token;
    let url = server.url;
    let token = await loginRoot(url);
    const get = <T>(p: string) => api<T>(`${url}/api/v2${p}`, token, 'GET');

    // A box of demo_manager's with one screw compressor, registered through the API as root.
    const users = await get<Array<{ id: number; username: string }>>('/box-reg-info/users?q=demo_manager');
    const registered = await api<{ boxes: BoxCredentials[] }>(`${url}/api/v2/box-reg-info`, token, 'POST', {
      startBoxId: BOX_ID,
      endBoxId: BOX_ID,
      userId: users.find((u) => u.username === 'demo_manager')?.id,
      boxType: 'DTU-4G',
      companyName: 'Test Co',
    });
    const box = registered.boxes[0];
    if (!box) throw new Error('no box registered');

    // The box's clock: each snapshot one second after the one before, starting ten minutes ago (well within the
    // retention, never ahead of the server's clock). `sent` remembers each snapshot so that it can be repeated
    // (a repeat passes the seq it repeats).
    let ts = Date.now() - 10 * 60_000;
    let seq = 0;
    const sent = new Map<number, { seq: number; temperature: number }>();
    const publish = async (at: number, temperature: number, repeatSeq?: number) => {
      if (!client) throw new Error('not connected');
      if (repeatSeq === undefined) seq += 1;
      const s = repeatSeq ?? seq;
      sent.set(at, { seq: s, temperature });
      await send(client, box.boxId, 'data', data(at, { '1': { [TEMPERATURE]: Math.round(temperature * 10) } }, s));
    };
    const report = async (temperature: number) => {
      ts += 1000;
      await publish(ts, temperature);
      return ts;
    };
    const connect = async () => {
      client = await connectBox(mqttPort, box);
      // The kill resets the connection; the test reconnects by itself, so a reset is no failure.
      client.on('error', () => undefined);
      await send(client, box.boxId, 'hello', hello([{ index: 1, type: 'screw-compressor' }]));
    };

    await connect();
    await report(100);
    const device = () => get<DeviceDetail>(`/devices/${box.boxId}/1`);
    const found = await poll(
      'the device to exist',
      () => device().catch(() => null),
      (d) => d !== null,
    );
    if (!found) throw new Error('no device');
    const deviceId = found.id;

    // The rule: discharge above 105 °C held for 2 s starts a fault; it ends below 104 (hysteresis 1) at once.
    const types = await get<ControllerTypeSummary[]>('/controller-types');
    const typeId = types.find((t) => t.code === 'screw-compressor')?.id;
    if (!typeId) throw new Error('no screw-compressor type');
    const body: RuleBody = {
      name: 'Hot discharge (kill)',
      typeId,
      deviceIds: [deviceId],
      condition: { kind: 'compare', register: TEMPERATURE, op: '>', value: 105 },
      durationS: 2,
      hysteresis: 1,
      debounceS: 0,
      severity: 'fault',
      enabled: true,
      text: {
        en: '{device}: discharge at {value} above {threshold}',
        zh: '{device}：排气温度 {value} 高于 {threshold}',
        es: '{device}: descarga a {value} sobre {threshold}',
        ja: '{device}：吐出温度 {value} が {threshold} を超過',
      },
    };
    const rule = await api<RuleDetail>(`${url}/api/v2/events/rules`, token, 'POST', body);
    expect(rule).toMatchObject({ enabled: true, version: 1 });

    /** Every event of the rule on the device, in the log as it stands. */
    const events = async (query = ''): Promise<EventRow[]> =>
      (await get<EventPage>(`/events/log?page_size=50&ruleId=${rule.id}${query}`)).items.filter((e) => e.deviceId === deviceId);

    // Hot snapshots until the event is in the log as active: the rule's engine picks the new rule up by itself, and
    // the condition has to hold for 2 s of box time before the event starts.
    const started = await poll(
      'the event to start',
      async () => {
        await report(106 + (seq % 3) * 0.5);
        return events('&state=active');
      },
      (active) => active.length > 0,
    );
    expect(started).toHaveLength(1);
    const event = started[0];
    if (!event) throw new Error('no event');
    expect(event).toMatchObject({ endedAt: null, severity: 'fault', ruleVersion: 1 });
    // It started at one of the hot snapshots, with that snapshot's value.
    const startSnapshot = sent.get(event.startedAt);
    expect(startSnapshot?.temperature).toBeGreaterThan(105);
    expect(event.startValue).toBe(startSnapshot?.temperature);
    await poll('the device to show the fault', device, (d) => d.status === 'online_fault' && d.runStatus === 'fault');
    const lastBeforeKill = ts;

    // The kill: no graceful shutdown, nothing flushed on the way out.
    const killed = server;
    const gone = exited(killed);
    killed.child.kill('SIGKILL');
    await gone;
    expect(killed.child.signalCode).toBe('SIGKILL');
    await client?.endAsync(true).catch(() => undefined);
    client = null;

    // The restart on the same data directory and broker port.
    server = await start(mqttPort);
    url = server.url;
    token = await loginRoot(url);

    // Before the box is back, the log already holds the same event, still in progress: it was not lost.
    expect((await events()).map((e) => [e.id, e.startedAt, e.endedAt])).toEqual([[event.id, event.startedAt, null]]);
    expect((await get<RuleDetail>(`/events/rules/${rule.id}`)).active).toBe(1);

    await connect();
    // The event in progress feeds the device's status again, from the state loaded at start.
    await poll('the device to be back online with its fault', device, (d) => d.status === 'online_fault' && d.runStatus === 'fault');

    // Repeats and late snapshots are not judged again: the snapshot that started the event, sent once more; a late cold
    // one (it would end the event were it judged); a late hot one. Still one event, the same, in progress.
    await publish(event.startedAt, startSnapshot?.temperature ?? 0, startSnapshot?.seq);
    await publish(event.startedAt - 500, 95);
    await publish(lastBeforeKill - 1500, 100);
    await publish(lastBeforeKill, sent.get(lastBeforeKill)?.temperature ?? 0, sent.get(lastBeforeKill)?.seq);
    await publish(lastBeforeKill - 250, 110);
    expect((await events()).map((e) => [e.id, e.startedAt, e.endedAt])).toEqual([[event.id, event.startedAt, null]]);

    // New hot snapshots, held well past the rule's 2 s, go on with the same event: no second start. A start is stored
    // before its snapshot is acknowledged (docs/events.md), so the log read right after the last PUBACK would show one.
    await report(107);
    await report(110);
    await report(106);
    await report(108);
    expect((await events()).map((e) => [e.id, e.startedAt, e.endedAt])).toEqual([[event.id, event.startedAt, null]]);
    // The highest of them is its peak (stored in the state queue, a moment after the acknowledgement).
    const peaked = await poll('the new peak to be stored', events, (now) => now.length !== 1 || now[0]?.peak === 110);
    expect(peaked.map((e) => [e.id, e.startedAt, e.endedAt, e.startValue, e.peak])).toEqual([
      [event.id, event.startedAt, null, event.startValue, 110],
    ]);

    // 104.5 is below the threshold but not below 104 (hysteresis 1): the event holds. 103.5 ends it, at that snapshot.
    await report(104.5);
    expect((await events()).map((e) => [e.id, e.endedAt])).toEqual([[event.id, null]]);
    const endTs = await report(103.5);
    const ended = await poll('the event to end', events, (now) => now.some((e) => e.endedAt !== null));
    expect(ended.map((e) => [e.id, e.startedAt, e.endedAt, e.startValue, e.peak])).toEqual([
      [event.id, event.startedAt, endTs, event.startValue, 110],
    ]);

    // More cold snapshots, the ending one repeated, and late hot ones: still exactly one event, ended once.
    await report(100);
    await publish(endTs, 103.5, sent.get(endTs)?.seq);
    await report(99);
    await publish(endTs - 400, 110);
    await publish(endTs - 300, 110);
    await report(98);
    await poll('the device’s run status to return to normal', device, (d) => d.runStatus === 'normal');
    expect(await device()).toMatchObject({ status: 'online', runStatus: 'normal' });
    expect((await events()).map((e) => [e.id, e.startedAt, e.endedAt])).toEqual([[event.id, event.startedAt, endTs]]);
    expect(await events('&state=active')).toEqual([]);
    expect((await get<RuleDetail>(`/events/rules/${rule.id}`)).active).toBe(0);
  }, 180_000);
});
