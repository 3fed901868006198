import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import type { BoxCredentials, ServerEvent } from '@dms/contract';
import { builtinRegister } from '@dms/seed';
import { api, connectedFleet, cpuMs, stop } from './ingest.js';
import { quantile, round, signIn } from './measure.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- notify`: 1,000 devices faulting in the same second (issue 22). The built server in its own
 * process (SQLite, embedded broker) under the rules bench's load, the simulator in another (BENCH_NOTIFY_BOXES boxes,
 * default 2,500, × 2 controllers every 4 s: about 65,000 values/s); 500 boxes of two screw compressors of the bench's own, owned by
 * demo_manager, each connected from this process. demo_manager's console (a WebSocket) is open. In one second every
 * one of the 1,000 controllers reports a fault: measured, from each box's publish to the `notification` on the
 * manager's socket, p50/p99/max, and how many came; and the values stored per second over the ten seconds from the
 * burst against the ten before it (ingest's rate kept). `fromChange…`: the notifications' own part, from the change ingest
 * saw (the notification's time, the server's clock) to the socket.
 */
const LOAD_BOXES = Number(process.env.BENCH_NOTIFY_BOXES ?? 2500);
const BURST_BOXES = Number(process.env.BENCH_NOTIFY_BURST ?? 500);
const FIRST_BOX = 900_001;
const WINDOW_S = 10;
const FAULT_BITS = builtinRegister('screw-compressor', 'fault_bits');
const PRESSURE = builtinRegister('screw-compressor', 'discharge_pressure');

interface Stats {
  values: number;
}

async function post<T>(server: RunningServer, token: string, url: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v2${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; message: string; data: T };
  if (answer.code !== 20000) throw new Error(`${url}: ${answer.code} ${answer.message}`);
  return answer.data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Values stored per second over `seconds`. */
async function storedRate(server: RunningServer, token: string, seconds: number): Promise<number> {
  const s0 = await api<Stats>(server, token, '/boxes/ingest-stats');
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const s1 = await api<Stats>(server, token, '/boxes/ingest-stats');
  return (s1.values - s0.values) / ((performance.now() - t0) / 1000);
}

export async function benchNotify(): Promise<Record<string, unknown>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-notify-'));
  const server = await startServer({ BOX_RATE_LIMIT: '1000', LOGIN_LIMIT_PER_ADDRESS: '100000' });
  const clients: MqttClient[] = [];
  let ws: WebSocket | null = null;
  let sim: Awaited<ReturnType<typeof connectedFleet>> | null = null;
  try {
    const root = await signIn(server, 'demo_root');
    const manager = await signIn(server, 'demo_manager');
    const users = await api<Array<{ id: number; username: string }>>(server, root, '/box-reg-info/users?q=demo_manager');
    const userId = users.find((u) => u.username === 'demo_manager')?.id ?? 0;
    const { boxes } = await post<{ boxes: BoxCredentials[] }>(server, root, '/box-reg-info', {
      startBoxId: FIRST_BOX,
      endBoxId: FIRST_BOX + BURST_BOXES - 1,
      userId,
      boxType: 'DTU-4G',
      companyName: 'Bench Faults Co',
    });
    let seq = 0;
    const report = (client: MqttClient, boxId: number, fault: number) => {
      seq += 1;
      const values = { [PRESSURE]: 70, [FAULT_BITS]: fault };
      return client.publishAsync(`box/${boxId}/up/data`, JSON.stringify({ v: 1, seq, ts: Date.now(), c: { '1': values, '2': values } }), {
        qos: 1,
      });
    };
    for (const box of boxes) {
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
        clientId: `box-${box.boxId}`,
        username: String(box.boxId),
        password: box.password,
        reconnectPeriod: 0,
      });
      clients.push(client);
      const hello = {
        v: 1,
        fw: 'bench',
        boxType: 'DTU-4G',
        iccid: '',
        signal: -70,
        interval: 4,
        controllers: [1, 2].map((index) => ({ index, type: 'screw-compressor' })),
      };
      await client.publishAsync(`box/${box.boxId}/up/hello`, JSON.stringify(hello), { qos: 1 });
      await report(client, box.boxId, 0);
    }

    sim = await connectedFleet(server, root, LOAD_BOXES, 4, 700_001, path.join(work, 'fleet.json'));
    /** Each device's first fault notification on the manager's socket: when it came, and its box. */
    const arrived = new Map<number, { at: number; boxId: number; sinceChange: number }>();
    ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/v2/ws`);
    const socket = ws;
    socket.on('message', (data: Buffer) => {
      const event = JSON.parse(data.toString()) as ServerEvent;
      if (event.type === 'notification' && event.kind === 'fault' && event.boxId >= FIRST_BOX) {
        if (!arrived.has(event.device))
          arrived.set(event.device, { at: performance.now(), boxId: event.boxId, sinceChange: Date.now() - event.time });
      }
    });
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ type: 'auth', token: manager }));
    await sleep(3000);

    const before = await storedRate(server, root, WINDOW_S);
    const pid = server.child.pid ?? 0;
    const c0 = cpuMs(pid);
    const published = new Map<number, number>();
    const during = storedRate(server, root, WINDOW_S);
    const burstStart = performance.now();
    await Promise.all(
      boxes.map(async (box, i) => {
        const client = clients[i];
        if (!client) return;
        published.set(box.boxId, performance.now());
        await report(client, box.boxId, 1);
      }),
    );
    const burstMs = performance.now() - burstStart;
    const afterRate = await during;
    const cpuPercent = ((cpuMs(pid) - c0) / 1000 / WINDOW_S) * 100;
    await sleep(2000);

    // Each device's latency: from its box's publish to its notification on the manager's socket.
    const latencies = [...arrived.values()].map(({ at, boxId }) => at - (published.get(boxId) ?? burstStart));
    latencies.sort((a, b) => a - b);
    // The notifications' own part: from the change ingest saw (the notification's time) to the manager's socket.
    const engine = [...arrived.values()].map((a) => a.sinceChange).sort((a, b) => a - b);
    const stored = await api<{ total: number }>(server, manager, '/msg/notifications?page_size=1&kind=fault&q=Bench%20Faults');
    return {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${round(os.totalmem() / 2 ** 30, 0)} GiB, Node ${process.version}, SQLite`,
      loadDevices: LOAD_BOXES * 2,
      faultingDevices: BURST_BOXES * 2,
      burstPublishMs: round(burstMs, 0),
      notificationsStored: stored.total,
      notificationsOnConsole: latencies.length,
      latencyP50Ms: quantile(latencies, 0.5, 0),
      latencyP99Ms: quantile(latencies, 0.99, 0),
      latencyMaxMs: round(latencies.at(-1) ?? NaN, 0),
      fromChangeP50Ms: quantile(engine, 0.5, 0),
      fromChangeP99Ms: quantile(engine, 0.99, 0),
      valuesPerSBefore: round(before, 0),
      valuesPerSWithBurst: round(afterRate, 0),
      ingestRateKept: round(afterRate / before, 3),
      serverCpuPercentWithBurst: round(cpuPercent, 0),
    };
  } finally {
    ws?.close();
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    if (sim) await stop(sim);
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
