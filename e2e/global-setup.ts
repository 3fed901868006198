import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer } from '../bench/src/server-process.js';

/**
 * Starts the built server (npm test builds it first) on a free port with a fresh data directory,
 * waits for its "running at" line, and hands its address to the tests. The demo fleet's simulator runs 6 boxes
 * (100001-100005 owned by demo_end_user, 100006 by demo_manager); tests that need a status change at a known
 * moment register a box of their own and speak MQTT to E2E_MQTT_PORT themselves. PRODUCTION_HOST=localhost lets a test
 * see the /login → /mlogin rule by visiting localhost while the others use 127.0.0.1.
 */
export default async function globalSetup(): Promise<() => void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-e2e-'));
  const { url, mqttPort, child } = await spawnServer({
    DATA_DIR: dataDir,
    PRODUCTION_HOST: 'localhost',
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    LOGIN_LIMIT_PER_USERNAME: '1000',
    // The demo fleet (simulator) runs, as on a newcomer's machine, so device screens show a living fleet.
    DEMO_FLEET: '1',
    DEMO_FLEET_SIZE: '6',
    // No back-filled week: the tests' history screens read series they wrote themselves (server/test/demo-backfill.test.ts).
    DEMO_BACKFILL_DAYS: '0',
    // The tests' own boxes report only when a test says so (to keep their series known), not every interval as a
    // real box does: they stay online through a slow run's silences (a box's going offline has server tests).
    HEARTBEAT_TIMEOUT_S: '900',
    ...(process.env.E2E_LOG_LEVEL ? { LOG_LEVEL: process.env.E2E_LOG_LEVEL } : {}),
  });
  // E2E_SERVER_LOG=file keeps the server's log (at E2E_LOG_LEVEL, warn unless set) to read after a failed run.
  const logFile = process.env.E2E_SERVER_LOG;
  if (logFile) {
    const log = fs.createWriteStream(logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  process.env.E2E_BASE_URL = url;
  process.env.E2E_PORT = new URL(url).port;
  process.env.E2E_MQTT_PORT = String(mqttPort);
  // A test may start a second instance on the same database (a server group: smartbox-ip-config.spec.ts).
  process.env.E2E_DATA_DIR = dataDir;
  return () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
