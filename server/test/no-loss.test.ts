import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { boxClientId, upTopic, type BoxCredentials } from '@dms/contract';
import { data, hello } from './boxes.js';
import { reg as registerNumber } from './registers.js';
import { spawnServer } from '../../bench/src/server-process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const main = path.join(root, 'server/dist/main.js');
const RUN_HOURS = registerNumber('generic-plc', 'running_hours');
const HEARTBEAT = registerNumber('generic-plc', 'heartbeat');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => {
        resolve(port);
      });
    });
  });
}

/** The built server (npm test builds it first) as its own process, answering once it says it is running. */
function startServer(dataDir: string, mqttPort: number) {
  return spawnServer({ DATA_DIR: dataDir, MQTT_PORT: String(mqttPort), BOX_RATE_LIMIT: '1000' });
}

async function api<T>(url: string, token: string | null, method: string, payload?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const b = (await res.json()) as { code: number; data: T };
  if (b.code !== 20000) throw new Error(`${method} ${url}: ${JSON.stringify(b)}`);
  return b.data;
}

const BOXES = 6;
const EVERY_MS = 15;

describe.skipIf(!fs.existsSync(main))('no data lost when the server is killed (SIGKILL) while boxes report', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-noloss-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('every snapshot acknowledged to a box is in history after the restart, none twice', async () => {
    const mqttPort = await freePort();
    let server = await startServer(dataDir, mqttPort);
    const token = (
      await api<{ token: string }>(`${server.url}/api/v2/user/login`, null, 'POST', { username: 'demo_root', password: 'demo123456' })
    ).token;
    const users = await api<Array<{ id: number; username: string }>>(
      `${server.url}/api/v2/box-reg-info/users?q=demo_manager`,
      token,
      'GET',
    );
    const reg = await api<{ boxes: BoxCredentials[] }>(`${server.url}/api/v2/box-reg-info`, token, 'POST', {
      startBoxId: 4001,
      endBoxId: 4000 + BOXES,
      userId: users[0]?.id,
      boxType: 'DTU',
    });

    const acked: Array<{ boxId: number; ts: number }> = [];
    const clients: MqttClient[] = [];
    let sending = true;
    const t0 = Date.now() - 3_600_000;
    const loops = reg.boxes.map(async (b, i) => {
      const client = await mqtt.connectAsync({
        host: '127.0.0.1',
        port: mqttPort,
        clientId: boxClientId(b.boxId),
        username: b.username,
        password: b.password,
        reconnectPeriod: 100,
        connectTimeout: 2000,
      });
      clients.push(client);
      client.on('error', () => undefined); // the kill resets connections; mqtt.js reconnects by itself
      await client.publishAsync(upTopic(b.boxId, 'hello'), JSON.stringify(hello([{ index: 1, type: 'generic-plc' }])), { qos: 1 });
      let seq = 0;
      const pending: Array<Promise<void>> = [];
      while (sending) {
        const ts = t0 + seq * 10 + i;
        const snapshot = data(ts, { '1': { [RUN_HOURS]: seq % 65_536, [HEARTBEAT]: i } }, seq);
        seq += 1;
        // Counted only when the broker's PUBACK arrives; a publish cut off by the kill is resent by mqtt.js on reconnect.
        pending.push(
          client.publishAsync(upTopic(b.boxId, 'data'), JSON.stringify(snapshot), { qos: 1 }).then(
            () => void acked.push({ boxId: b.boxId, ts }),
            () => undefined,
          ),
        );
        await new Promise((r) => setTimeout(r, EVERY_MS));
      }
      await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 10_000))]);
    });

    const until = async (n: number) => {
      const limit = Date.now() + 60_000;
      while (acked.length < n && Date.now() < limit) await new Promise((r) => setTimeout(r, 50));
    };
    await until(BOXES * 30);
    const beforeKill = acked.length;
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    await new Promise((r) => setTimeout(r, 500));
    server = await startServer(dataDir, mqttPort);
    await until(beforeKill + BOXES * 30);
    sending = false;
    await Promise.all(loops);
    await Promise.all(clients.map((c) => c.endAsync(true)));
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));

    const db = new Database(path.join(dataDir, 'dms.sqlite'), { readonly: true });
    const rows = db.prepare('select d.box_id as boxId, h.ts as ts from history h join devices d on d.id = h.device_id').all() as Array<{
      boxId: number;
      ts: number;
    }>;
    const twice = db
      .prepare('select count(*) as n from (select device_id, ts from history group by device_id, ts having count(*) > 1)')
      .get() as { n: number };
    db.close();
    const stored = new Set(rows.map((r) => `${r.boxId}:${r.ts}`));
    const missing = acked.filter((a) => !stored.has(`${a.boxId}:${a.ts}`));
    expect(beforeKill).toBeGreaterThanOrEqual(BOXES * 30);
    expect(acked.length).toBeGreaterThan(beforeKill);
    expect(missing).toEqual([]);
    expect(twice.n).toBe(0);
    expect(rows.length).toBe(stored.size);
  }, 180_000);
});
