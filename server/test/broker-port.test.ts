import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEFAULT_MQTT_PORT, loadConfig, type Config } from '../src/config.js';

/** A port held by a plain TCP server, as another broker on the machine would hold 1883. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    release: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

describe('the embedded broker and a busy MQTT port', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-port-'));
  let held: { port: number; release: () => Promise<void> };
  const config = (port: number, portExplicit: boolean): Config => {
    const base = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dir,
      WEB_DIST: path.join(dir, 'no-web'),
      MQTT_HOST: '127.0.0.1',
      DEMO_FLEET: '0',
    });
    return { ...base, mqtt: { ...base.mqtt, port, portExplicit } };
  };
  beforeAll(async () => {
    held = await holdPort();
  });
  afterAll(async () => {
    await held.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('defaults to 1883 and knows whether MQTT_PORT was set', () => {
    expect(loadConfig({}).mqtt).toMatchObject({ port: DEFAULT_MQTT_PORT, portExplicit: false });
    expect(loadConfig({ MQTT_PORT: '1999' }).mqtt).toMatchObject({ port: 1999, portExplicit: true });
  });

  it('without MQTT_PORT, moves past a busy default port to the next free one', async () => {
    const app = await buildApp(config(held.port, false), { logger: false });
    try {
      expect(app.mqttPort).toBeGreaterThan(held.port);
      expect(app.mqttPort).toBeLessThanOrEqual(held.port + 16);
    } finally {
      await app.close();
    }
  });

  it('with MQTT_PORT set to a busy port, stops with one clear line', async () => {
    await expect(buildApp(config(held.port, true), { logger: false })).rejects.toThrow(
      `MQTT port ${held.port} is in use: set MQTT_PORT to a free port, or MQTT_URL to use that broker`,
    );
  });
});
