import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { boxClientId, upTopic } from '@dms/contract';
import { body, type TestApp } from './helper.js';
import { PrivateService } from './private-service.js';
import { reg } from './registers.js';

export { answers, sleep } from './private-service.js';

/**
 * A private Mosquitto for the tests of an external broker that restarts (broker-restart.test.ts): its binary and
 * version, and the helpers those tests share.
 */
export const MOSQUITTO = '/usr/sbin/mosquitto';
export const available = fs.existsSync(MOSQUITTO);
if (!available && process.env.CI === 'true') throw new Error(`${MOSQUITTO} is required in CI`);

/**
 * Mosquitto before 2.0.12 keeps a durable client's session over a restart but forgets its shared subscriptions
 * ("Fix $share subscriptions not being recovered for durable clients that reconnect", 2.0.12): what boxes publish
 * between its start and the server's new SUBSCRIBE reaches nobody. The no-loss test runs with a shared subscription
 * where the broker keeps it, and with a plain one (MQTT_SHARED_GROUP=none, the documented setting) where it does not.
 */
export function mosquittoVersion(): [number, number, number] {
  if (!available) return [0, 0, 0];
  // `mosquitto -h` prints its version and usage, and exits 3.
  const out = spawnSync(MOSQUITTO, ['-h'], { encoding: 'utf8' }).stdout;
  const m = /version (\d+)\.(\d+)\.(\d+)/.exec(out);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
}
const [major, minor, patch] = mosquittoVersion();
export const keepsSharedSubscriptions = major > 2 || (major === 2 && (minor > 0 || patch >= 12));

export const RUN_HOURS = reg('generic-plc', 'running_hours');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => {
        resolve(port);
      });
    });
  });
}

/** A private Mosquitto: persistent, anonymous, on 127.0.0.1:port; start() and stop() by its own process. */
export class PrivateMosquitto extends PrivateService {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-mosquitto-'));

  /** Stopped with SIGTERM: it saves its sessions first. */
  constructor(port: number) {
    super(port, 'SIGTERM');
    const conf = [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${this.dir}/`,
      'max_queued_messages 1000000',
      'max_queued_bytes 0',
      // Run as root (CI containers), Mosquitto would switch to the `mosquitto` user, who may not write this folder.
      `user ${os.userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
    ];
    fs.writeFileSync(path.join(this.dir, 'mosquitto.conf'), `${conf.join('\n')}\n`);
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  protected command(): [string, string[]] {
    return [MOSQUITTO, ['-c', path.join(this.dir, 'mosquitto.conf')]];
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A box on the private broker (anonymous there): QoS 1, reconnecting every 100 ms. */
export async function boxClient(url: string, boxId: number): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { clientId: boxClientId(boxId), reconnectPeriod: 100, connectTimeout: 2000 });
  client.on('error', () => undefined); // the broker's restarts reset connections; mqtt.js reconnects by itself
  return client;
}
export const publish = (c: MqttClient, boxId: number, kind: 'hello' | 'data', payload: unknown) =>
  c.publishAsync(upTopic(boxId, kind), JSON.stringify(payload), { qos: 1 });

/** Keeps the test clock on the wall clock (heartbeat timeouts and the server log's times follow it). */
export function followWallClock(t: TestApp): () => void {
  const timer = setInterval(() => {
    t.clock.now = Date.now();
  }, 20);
  return () => {
    clearInterval(timer);
  };
}

export async function health(t: TestApp): Promise<{ statusCode: number; broker: unknown }> {
  const res = await t.app.inject({ url: '/api/v2/health' });
  return { statusCode: res.statusCode, broker: (body(res).data as { parts?: { broker?: unknown } } | undefined)?.parts?.broker };
}

export const brokerLogEntries = async (t: TestApp) =>
  (
    await t.app.db.selectFrom('server_log').select(['level', 'message']).where('message', 'like', 'MQTT broker%').orderBy('id').execute()
  ).map((r) => `${r.level}: ${r.message.startsWith('MQTT broker connection lost') ? 'lost' : 'restored'}`);
