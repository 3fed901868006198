import net from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { MqttClient } from 'mqtt';
import type { BoxCredentials } from '@dms/contract';
import { baseUrl, expect, reg, test, tokenOf } from './fixtures.js';

/**
 * Boxes of a test's own, for states at known moments (docs/box-protocol.md): registered through the API as
 * demo_root, connected with mqtt.js to the e2e server's embedded broker (E2E_MQTT_PORT), and speaking protocol v1.
 */

/** GET /api/v2{path} with a bearer token: the HTTP status and the envelope (its data unchecked: the caller names its type). */
export async function apiGet(
  request: APIRequestContext,
  token: string,
  path: string,
): Promise<{ status: number; code: number; data: unknown; message: string }> {
  const res = await request.get(`${baseUrl()}/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: unknown; message: string };
  return { status: res.status(), ...body };
}

/** POST or PUT /api/v2{path} with a bearer token; answers the envelope's data (its type named by the caller). */
export async function apiSend(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  data: object,
): Promise<unknown> {
  const res = await request.fetch(`${baseUrl()}/api/v2${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = (await res.json()) as { code: number; data: unknown; message: string };
  expect(body.code, `${method} ${path}: ${body.message}`).toBe(20000);
  return body.data;
}

/** The id of `username` as the registration form offers it (GET /box-reg-info/users, root). */
export async function userIdOf(request: APIRequestContext, token: string, username: string): Promise<number> {
  const users = (await apiGet(request, token, `/box-reg-info/users?q=${username}`)).data as Array<{ id: number; username: string }>;
  const user = users.find((u) => u.username === username);
  if (!user) throw new Error(`${username} is not offered as a box owner`);
  return user.id;
}

/** Registers box ids start..end to `owner` as demo_root; answers each box's credentials. */
export async function registerBoxes(
  request: APIRequestContext,
  owner: string,
  start: number,
  end: number,
  fields: { boxType: string; companyName: string; contact?: string } & Record<string, unknown>,
): Promise<BoxCredentials[]> {
  const token = tokenOf('demo_root');
  const res = await request.post(`${baseUrl()}/api/v2/box-reg-info`, {
    headers: { authorization: `Bearer ${token}` },
    data: { startBoxId: start, endBoxId: end, userId: await userIdOf(request, token, owner), ...fields },
  });
  const body = (await res.json()) as { code: number; data: { boxes: BoxCredentials[] } };
  expect(body.code).toBe(20000);
  return body.data.boxes;
}

/**
 * Connects as box `boxId` (MQTT 3.1.1, no reconnects); resolves once the broker accepted it. `localAddress` (say
 * 127.0.0.2: Linux routes all of 127/8 to lo) makes the box come from another address.
 */
export async function connectBox(boxId: number, password: string, localAddress = '127.0.0.1'): Promise<MqttClient> {
  const port = Number(process.env.E2E_MQTT_PORT);
  if (!port) throw new Error('E2E_MQTT_PORT is not set (global-setup reads it from the server output)');
  const client = new MqttClient(() => net.createConnection({ host: '127.0.0.1', port, localAddress }), {
    clientId: `box-${boxId}`,
    username: String(boxId),
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      resolve();
    });
    client.once('error', reject);
  });
  return client;
}

/** The box's hello (QoS 1: resolves on the broker's PUBACK, after the server handled it). */
export function sayHello(
  client: MqttClient,
  boxId: number,
  controllers: Array<{ index: number; type: string }>,
  facts: { fw?: string; boxType?: string; iccid?: string; signal?: number; server?: string } = {},
): Promise<unknown> {
  const hello = { v: 1, fw: 'e2e-1.0', boxType: 'E2E-GW', iccid: '', signal: -70, interval: 60, ...facts, controllers };
  return client.publishAsync(`box/${boxId}/up/hello`, JSON.stringify(hello), { qos: 1 });
}

/** A screw compressor of a spec's own (see ownCompressor). */
/** A box of the calling spec's own: publish one snapshot of controller 1 (raw values by register) at a time. */
export interface OwnBox {
  publish(ts: number, values: Record<string | number, number>): Promise<unknown>;
}

/**
 * A box of the spec's own with one controller of `type`, registered to demo_manager under `company` and connected in
 * the spec's beforeAll (which then runs `seed`, say to publish a known series), disconnected in its afterAll.
 */
export function ownBox(boxId: number, company: string, type: string, seed: (box: OwnBox) => Promise<void>): OwnBox {
  let client: MqttClient | undefined;
  let seq = 0;
  const box: OwnBox = {
    publish(ts, values) {
      seq += 1;
      if (!client) throw new Error('the box is not connected');
      const payload = { v: 1, seq, ts, c: { '1': values } };
      return client.publishAsync(`box/${boxId}/up/data`, JSON.stringify(payload), { qos: 1 });
    },
  };
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    try {
      const fields = { boxType: 'E2E-GW', companyName: company, contact: 'e2e' };
      const password = (await registerBoxes(request, 'demo_manager', boxId, boxId, fields))[0]?.password ?? '';
      client = await connectBox(boxId, password);
      await sayHello(client, boxId, [{ index: 1, type }]);
      await seed(box);
    } finally {
      await request.dispose();
    }
  });
  test.afterAll(async () => {
    await client?.endAsync();
  });
  return box;
}

export interface OwnCompressor {
  readonly boxId: number;
  /** Its company: searching the device list for it finds this box alone. */
  readonly company: string;
  /** The writes the box received (raw values), by register. */
  readonly writes: ReadonlyArray<{ register: number; value: number }>;
  /** Publishes one snapshot of controller 1 with these raw values, by register number. */
  publishData(values: Record<number, number>): Promise<unknown>;
  /** Drops the connection and connects again from `localAddress`; the box no longer answers writes after it. */
  reconnect(localAddress: string): Promise<void>;
}

/**
 * A box of the calling spec's own with one screw compressor, registered to demo_manager and connected in the spec's
 * beforeAll, disconnected in its afterAll. It reports running at 0.72 MPa (load pressure 0.65, unload pressure 0.80, no
 * fault) and answers writes as a controller would: unload pressure refused as busy, anything else accepted. Its box id
 * is above every other spec's (box-reg goes up to about 2.007e9) and ends in `slot` (0-9): each spec that calls this
 * takes a slot of its own, so specs running at the same time never share a box.
 */
export function ownCompressor(slot: number): OwnCompressor {
  const boxId = 2_100_000_000 + Math.floor(Math.random() * 4_000_000) * 10 + slot;
  const company = `E2E Devices ${boxId}`;
  const register = (key: string) => reg('screw-compressor', key);
  const unloadPressure = register('unload_pressure');
  const writes: Array<{ register: number; value: number }> = [];
  let client: MqttClient | undefined;
  let password = '';
  let seq = 0;

  const publishData = (values: Record<number, number>): Promise<unknown> => {
    seq += 1;
    if (!client) throw new Error('the box is not connected');
    return client.publishAsync(`box/${boxId}/up/data`, JSON.stringify({ v: 1, seq, ts: Date.now(), c: { '1': values } }), { qos: 1 });
  };

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    try {
      const fields = { boxType: 'E2E-DTU', companyName: company, contact: 'e2e' };
      password = (await registerBoxes(request, 'demo_manager', boxId, boxId, fields))[0]?.password ?? '';
      const box = await connectBox(boxId, password);
      client = box;
      await box.subscribeAsync(`box/${boxId}/down/write`, { qos: 1 });
      box.on('message', (topic, payload) => {
        if (!topic.endsWith('/down/write')) return;
        const write = JSON.parse(payload.toString()) as { id: string; register: number; value: number };
        writes.push({ register: write.register, value: write.value });
        const ack =
          write.register === unloadPressure ? { v: 1, id: write.id, ok: false, reason: 'busy' } : { v: 1, id: write.id, ok: true };
        void box.publishAsync(`box/${boxId}/up/ack`, JSON.stringify(ack), { qos: 1 });
      });
      await sayHello(box, boxId, [{ index: 1, type: 'screw-compressor' }], {
        fw: 'e2e-2.0',
        boxType: 'E2E-DTU',
        iccid: '89860000000000000042',
        signal: -71,
      });
      await publishData({
        [register('run_state')]: 2,
        [register('discharge_pressure')]: 72,
        [register('load_pressure')]: 65,
        [unloadPressure]: 80,
        [register('fault_bits')]: 0,
      });
    } finally {
      await request.dispose();
    }
  });

  test.afterAll(async () => {
    await client?.endAsync();
  });

  return {
    boxId,
    company,
    writes,
    publishData,
    async reconnect(localAddress) {
      await client?.endAsync();
      client = await connectBox(boxId, password, localAddress);
    },
  };
}
