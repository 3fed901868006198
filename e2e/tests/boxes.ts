import net from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { MqttClient } from 'mqtt';
import type { BoxCredentials } from '@dms/contract';
import { apiLogin, baseUrl, expect } from './fixtures.js';

/**
 * Boxes of a test's own, for states at known moments (docs/box-protocol.md): registered through the API as
 * demo_root, connected with mqtt.js to the e2e server's embedded broker (E2E_MQTT_PORT), and speaking protocol v1.
 */

/** GET /api/v2{path} with a bearer token: the HTTP status and the envelope. */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<{ status: number; code: number; data: T; message: string }> {
  const res = await request.get(`${baseUrl()}/api/v2${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: T; message: string };
  return { status: res.status(), ...body };
}

/** The id of `username` as the registration form offers it (GET /box-reg/users, root). */
export async function userIdOf(request: APIRequestContext, token: string, username: string): Promise<number> {
  const { data } = await apiGet<Array<{ id: number; username: string }>>(request, token, `/box-reg/users?q=${username}`);
  const user = data.find((u) => u.username === username);
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
  const token = await apiLogin(request, 'demo_root');
  const res = await request.post(`${baseUrl()}/api/v2/box-reg`, {
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
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

/** The box's hello (QoS 1: resolves on the broker's PUBACK, after the server handled it). */
export function sayHello(
  client: MqttClient,
  boxId: number,
  controllers: Array<{ index: number; type: string }>,
  facts: { fw?: string; boxType?: string; iccid?: string; signal?: number } = {},
): Promise<unknown> {
  const hello = { v: 1, fw: 'e2e-1.0', boxType: 'E2E-GW', iccid: '', signal: -70, interval: 60, ...facts, controllers };
  return client.publishAsync(`box/${boxId}/up/hello`, JSON.stringify(hello), { qos: 1 });
}
