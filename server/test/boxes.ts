import type { FastifyInstance } from 'fastify';
import net from 'node:net';
import mqtt, { MqttClient } from 'mqtt';
import { boxClientId, downTopic, upTopic, type BoxCredentials, type UpKind, type WritePayload } from '@dms/contract';
import { bearer, login } from './helper.js';

/** Registers boxes [start, end] to a user through the API as root; answers their credentials. */
export async function registerBoxes(
  app: FastifyInstance,
  start: number,
  end: number,
  username = 'demo_manager',
): Promise<BoxCredentials[]> {
  const token = await login(app, 'demo_root');
  const users = await app.inject({ method: 'GET', url: `/api/v2/box-reg-info/users?q=${username}`, headers: bearer(token) });
  const user = users.json<{ data: Array<{ id: number; username: string }> }>().data.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/box-reg-info',
    headers: bearer(token),
    payload: { startBoxId: start, endBoxId: end, userId: user.id, boxType: 'DTU-4G', companyName: 'Test Co' },
  });
  const b = res.json<{ code: number; data: { boxes: BoxCredentials[] } }>();
  if (b.code !== 20000) throw new Error(`registration failed: ${res.body}`);
  return b.data.boxes;
}

export interface BoxOptions {
  password?: string;
  clientId?: string;
  localAddress?: string;
  protocolVersion?: 4 | 5;
  /** Reconnect after this many ms (default: never). */
  reconnectPeriod?: number;
}

/** A box connected to the broker at `port` (its credentials unless overridden); rejects when refused. */
export async function connectBox(
  port: number,
  box: Pick<BoxCredentials, 'boxId' | 'password'>,
  opts: BoxOptions = {},
): Promise<MqttClient> {
  const options: mqtt.IClientOptions = {
    host: '127.0.0.1',
    port,
    clientId: opts.clientId ?? boxClientId(box.boxId),
    username: String(box.boxId),
    password: opts.password ?? box.password,
    protocolVersion: opts.protocolVersion ?? 4,
    reconnectPeriod: opts.reconnectPeriod ?? 0,
    connectTimeout: 5000,
    will: { topic: upTopic(box.boxId, 'will'), payload: Buffer.from('{"v":1,"online":false}'), qos: 1, retain: false },
  };
  if (!opts.localAddress) return mqtt.connectAsync(options);
  // mqtt.js cannot choose the local address: build the socket ourselves (Linux routes all of 127/8 to lo).
  const localAddress = opts.localAddress;
  const client = new MqttClient(() => net.createConnection({ host: '127.0.0.1', port, localAddress }), options);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      resolve();
    });
    client.once('error', reject);
  });
  return client;
}

/** Publishes with QoS 1; resolves on PUBACK. */
export async function send(client: MqttClient, boxId: number, kind: UpKind, payload: unknown): Promise<void> {
  await client.publishAsync(upTopic(boxId, kind), typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 });
}

export const hello = (controllers: Array<{ index: number; type: string }>) => ({
  v: 1,
  fw: '2.4.1',
  boxType: 'DTU-4G-A',
  iccid: '89860012345678901234',
  signal: -71,
  interval: 10,
  controllers,
});

export const data = (ts: number, c: Record<string, Record<string, number>>, seq = 1) => ({ v: 1, seq, ts, c });

/** Waits until `check` passes (or throws its last error after `ms`). */
export async function eventually<T>(check: () => Promise<T> | T, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** How a test box answers a write: acknowledged, rejected with a reason, or not at all (null). */
export type WriteAnswer = { ok: true } | { ok: false; reason: string } | null;

/**
 * A box with one controller of `type` that answers every write it is sent as `answer` says (default: acknowledged),
 * and keeps what it was sent.
 */
export async function answeringBox(
  port: number,
  b: BoxCredentials,
  type: string,
  answer: (w: WritePayload) => WriteAnswer = () => ({ ok: true }),
): Promise<{ client: MqttClient; writes: WritePayload[] }> {
  const client = await connectBox(port, b);
  const writes: WritePayload[] = [];
  await client.subscribeAsync(downTopic(b.boxId, 'write'), { qos: 1 });
  client.on('message', (_topic, payload) => {
    const w = JSON.parse(payload.toString()) as WritePayload;
    writes.push(w);
    const a = answer(w);
    if (a) void client.publishAsync(upTopic(b.boxId, 'ack'), JSON.stringify({ v: 1, id: w.id, ...a }), { qos: 1 });
  });
  await send(client, b.boxId, 'hello', hello([{ index: 1, type }]));
  return { client, writes };
}
