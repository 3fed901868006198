import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the built server (npm test builds it first) on a free port with a fresh data directory,
 * waits for its "running at" line, and hands its address to the tests. The demo fleet's simulator runs 6 boxes
 * (100001-100005 owned by demo_end_user, 100006 by demo_manager); tests that need a status change at a known
 * moment register a box of their own and speak MQTT to E2E_MQTT_PORT themselves. PRODUCTION_HOST=localhost lets a test
 * see the /login → /mlogin rule by visiting localhost while the others use 127.0.0.1.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PRODUCTION_HOST: 'localhost',
      LOGIN_LIMIT_PER_ADDRESS: '100000',
      LOGIN_LIMIT_PER_USERNAME: '1000',
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      // The demo fleet (simulator) runs, as on a newcomer's machine, so device screens show a living fleet.
      DEMO_FLEET: '1',
      DEMO_FLEET_SIZE: '6',
      // The tests' own boxes report only when a test says so (to keep their series known), not every interval as a
      // real box does: they stay online through a slow run's silences (a box's going offline has server tests).
      HEARTBEAT_TIMEOUT_S: '900',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  process.env.E2E_BASE_URL = url;
  // Tests that need a state no API makes yet (a device given to a helper) write it into this database.
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_PORT = new URL(url).port;
  process.env.E2E_MQTT_PORT = /Boxes connect to mqtt:\/\/\S+:(\d+)/.exec(output)?.[1] ?? '';
  return async () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
