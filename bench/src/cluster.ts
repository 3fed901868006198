import mqtt, { type MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { boxClientId, upTopic, type BoxCredentials, type ServerEvent } from '@dms/contract';
import { builtinRegister } from '@dms/seed';
import { dropSchema, startCluster, type Cluster } from '../../scripts/cluster/lib.mjs';
import { quantile, round } from './measure.js';
import { psqlNumber } from './postgres.js';

/**
 * `npm run bench -- cluster` (issue 26; docs/scaling.md): one instance against two behind HAProxy, on the machine's
 * PostgreSQL, with their own Redis and Mosquitto (scripts/cluster/lib.mjs), measured side by side in one run:
 *
 * - throughput: BENCH_BOXES boxes publish snapshots of BENCH_REGISTERS registers as fast as the broker takes them
 *   (QoS 1, BENCH_WINDOW unacknowledged each) for BENCH_SECONDS; the figure is the snapshots stored a second
 *   (history rows of the measured window, read in PostgreSQL), after a warm-up of 5 s;
 * - live push latency: one box publishes a snapshot stamped with the time every 100 ms while the fleet is quiet; a
 *   console's socket subscribed to its device measures publish → push. With one instance that is the local push; with
 *   two the socket is on the instance that does not own the box, so each value crosses Redis (the owner's batch).
 */

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOXES = Number(process.env.BENCH_BOXES ?? 200);
const REGISTERS = Number(process.env.BENCH_REGISTERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 4);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const FIRST_BOX = 700_001;
const PRESSURE = builtinRegister('screw-compressor', 'discharge_pressure');

const hello = (boxId: number) => ({
  v: 1,
  fw: '2.4.1',
  boxType: 'DTU-4G-A',
  iccid: `89860012345${String(boxId).padStart(9, '0')}`,
  signal: -71,
  interval: 60,
  controllers: [{ index: 1, type: 'screw-compressor' }],
});

async function api(
  cluster: Cluster,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ code: number; data: unknown }> {
  const res = await fetch(`${cluster.url}/api/v2${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as { code: number; data: unknown };
}

/** Values of one snapshot: the registers from the pressure on, each the counter. */
function snapshot(ts: number, n: number): string {
  const values: Record<string, number> = {};
  for (let r = 0; r < REGISTERS; r += 1) values[PRESSURE + r] = (n + r) & 0xffff;
  return JSON.stringify({ v: 1, seq: n, ts, c: { '1': values } });
}

async function measure(instances: number): Promise<Record<string, unknown>> {
  const schema = `bench_cluster_${instances}`;
  dropSchema(DATABASE_URL, schema);
  const cluster = await startCluster({ instances, schema, databaseUrl: DATABASE_URL, env: { REQUIRE_2FA_ROLES: 'none' } });
  const clients: MqttClient[] = [];
  try {
    const signIn = await fetch(`${cluster.url}/api/v2/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_root', password: 'demo123456' }),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const users = (await api(cluster, token, 'GET', '/box-reg-info/users?q=demo_root')).data as Array<{ id: number; username: string }>;
    const registered = await api(cluster, token, 'POST', '/box-reg-info', {
      startBoxId: FIRST_BOX,
      endBoxId: FIRST_BOX + BOXES - 1,
      userId: users.find((u) => u.username === 'demo_root')?.id,
      boxType: 'DTU-4G',
      companyName: 'Bench',
    });
    const boxes = (registered.data as { boxes: BoxCredentials[] }).boxes;
    for (const box of boxes) {
      const c = await mqtt.connectAsync(cluster.mqttUrl, { clientId: boxClientId(box.boxId), reconnectPeriod: 1000 });
      await c.publishAsync(upTopic(box.boxId, 'hello'), JSON.stringify(hello(box.boxId)), { qos: 1 });
      clients.push(c);
    }
    const deviceCount = () => psqlNumber(DATABASE_URL, schema, `select count(*) from devices where box_id >= ${FIRST_BOX}`);
    for (let i = 0; i < 100 && deviceCount() < BOXES; i += 1) await new Promise((r) => setTimeout(r, 200));

    // Live push latency first, on a quiet fleet.
    const probe = boxes[0] as BoxCredentials;
    const probeDevice = psqlNumber(DATABASE_URL, schema, `select id from devices where box_id = ${probe.boxId}`);
    // A socket on each instance: with two, one of them owns the probe box (its push is local) and the other does not
    // (each value reaches it through Redis, in the owner's batch).
    const latencies: Record<string, { p50: number; p99: number; samples: number }> = {};
    for (const server of cluster.servers) {
      const samples = await pushLatency(
        `ws://127.0.0.1:${server.port}/api/v2/ws`,
        token,
        probeDevice,
        clients[0] as MqttClient,
        probe.boxId,
      );
      latencies[server.name] = { p50: quantile(samples, 0.5, 2), p99: quantile(samples, 0.99, 2), samples: samples.length };
    }

    // Throughput: every box publishes as fast as the broker acknowledges, WINDOW at a time.
    let stop = false;
    let published = 0;
    const dayAgo = Date.now() - 86_400_000;
    const loops = clients.map(async (c, i) => {
      const boxId = FIRST_BOX + i;
      let n = 0;
      const next = async (): Promise<void> => {
        while (!stop) {
          n += 1;
          // A millisecond apart each, from a day ago: every snapshot is a new one, within the retention and the skew.
          await c.publishAsync(upTopic(boxId, 'data'), snapshot(dayAgo + n, n), { qos: 1 });
          published += 1;
        }
      };
      await Promise.all(Array.from({ length: WINDOW }, next));
    });
    const stored = () =>
      psqlNumber(
        DATABASE_URL,
        schema,
        `select count(*) from history h join devices d on d.id = h.device_id where d.box_id >= ${FIRST_BOX}`,
      );
    await new Promise((r) => setTimeout(r, 5000));
    const from = { rows: stored(), at: Date.now(), published };
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const to = { rows: stored(), at: Date.now(), published };
    stop = true;
    await Promise.all(loops);
    const seconds = (to.at - from.at) / 1000;
    return {
      instances,
      storedPerSecond: round((to.rows - from.rows) / seconds, 0),
      valuesPerSecond: round(((to.rows - from.rows) * REGISTERS) / seconds, 0),
      publishedPerSecond: round((to.published - from.published) / seconds, 0),
      pushLatencyMs: latencies,
    };
  } finally {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await cluster.stop();
    dropSchema(DATABASE_URL, schema);
  }
}

/** A socket on `url` subscribed to the device; the probe box publishes SAMPLES snapshots stamped with the time. */
async function pushLatency(url: string, token: string, device: number, client: MqttClient, boxId: number): Promise<number[]> {
  const ws = new WebSocket(url);
  const samples: number[] = [];
  const waiting = new Map<number, number>();
  await new Promise((r) => ws.once('open', r));
  const ready = new Promise<void>((resolve) => {
    ws.on('message', (raw: Buffer) => {
      const e = JSON.parse(raw.toString()) as ServerEvent;
      if (e.type === 'subscribed') resolve();
      if (e.type === 'values' && e.device === device) {
        const sent = waiting.get(e.values[PRESSURE] ?? -1);
        if (sent !== undefined) samples.push(performance.now() - sent);
      }
    });
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  await new Promise((r) => setTimeout(r, 300));
  ws.send(JSON.stringify({ type: 'subscribe', devices: [device] }));
  await ready;
  for (let i = 1; i <= SAMPLES; i += 1) {
    const marker = 10_000 + i;
    waiting.set(marker, performance.now());
    await client.publishAsync(
      upTopic(boxId, 'data'),
      JSON.stringify({ v: 1, seq: i, ts: Date.now(), c: { '1': { [PRESSURE]: marker } } }),
      {
        qos: 1,
      },
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 500));
  ws.close();
  return samples.sort((a, b) => a - b);
}

export async function benchCluster(): Promise<Record<string, unknown>> {
  const one = await measure(1);
  const two = await measure(2);
  return { boxes: BOXES, registers: REGISTERS, seconds: SECONDS, window: WINDOW, one, two };
}
