import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { brokerAddress } from '../modules/box-reg-info/broker-address.js';
import { parseRoles } from '../modules/user/service.js';
import { BACKFILL_INTERVAL_S, backfillHistory, loadReportSource } from './backfill.js';
import { DEMO_BOX_CONTACT, DEMO_COMPANIES, DEMO_FIRST_BOX_ID, demoFields } from './fields.js';
import { arrangeDemoPeople, DEMO_CK } from './people.js';
import * as repo from './repository.js';
import { demoScenes } from './scenes.js';

export { DEMO_FIRST_BOX_ID, demoFields };
/** Boxes of the demo fleet owned by the demo end user; the rest belong to the demo manager. */
const END_USER_BOXES = 5;
const SIMULATOR = fileURLToPath(new URL('../../../simulator/dist/cli.js', import.meta.url));

/**
 * The demo fleet: on a fresh demo database, DEMO_FLEET_SIZE boxes are registered (to the demo manager and the demo
 * end user) and the simulator is started against the embedded broker, so the console shows a living fleet at once.
 * Their credentials stay in DATA_DIR/demo-fleet.json, so later starts bring the same fleet back. DEMO_FLEET=0 turns
 * it off. Returns a stop function, or null when there is no fleet.
 */
export async function startDemoFleet(app: FastifyInstance, freshDemo: boolean): Promise<(() => Promise<void>) | null> {
  const { demoFleet, dataDir, mqtt } = app.config;
  if (!demoFleet.enabled || mqtt.url) return null;
  const file = path.join(dataDir, 'demo-fleet.json');
  let newFleet = false;
  if (!fs.existsSync(file)) {
    if (!freshDemo) return null;
    await registerFleet(app, file, demoFleet.size);
    newFleet = true;
  }
  if (!fs.existsSync(SIMULATOR)) {
    app.log.warn({ simulator: SIMULATOR }, 'the simulator is not built: no demo fleet');
    return null;
  }
  const args = [
    SIMULATOR,
    '--boxes',
    String(demoFleet.size),
    '--first-box-id',
    String(DEMO_FIRST_BOX_ID),
    '--credentials',
    file,
    '--url',
    `mqtt://127.0.0.1:${app.mqttPort}`,
    '--quiet',
    ...demoScenes(DEMO_FIRST_BOX_ID, demoFleet.size, END_USER_BOXES).flatMap((s) => ['--scene', `${s.kind}:${s.boxId}:${s.afterS}`]),
  ];
  let stopping = false;
  // The IPC channel ends when this server does, however it ends: the simulator then stops too (simulator/src/main.ts).
  // Its CK group's controllers hold keys from the group's master key, so that they take the passwords calculated at
  // /qrManage/calculate-dynamic-pwd (docs/dynamic-password.md); given in the environment, not on the command line.
  const masterKey = (await app.dynamicPasswords.masterKey(DEMO_CK)).toString('hex');
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    env: { ...process.env, SIM_MASTER_KEY: masterKey },
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    app.log.warn({ simulator: chunk.toString().trim() }, 'demo fleet');
  });
  child.on('exit', (code) => {
    if (!stopping) app.log.warn({ code }, 'the demo fleet simulator stopped');
  });
  app.log.info({ boxes: demoFleet.size }, 'demo fleet started');
  // Devices appear when the simulated boxes say hello: give them their people's fields as they do (idempotent; the
  // hello also brings the ICCID the IoT card field takes).
  const last = DEMO_FIRST_BOX_ID + demoFleet.size - 1;
  const fill = (first: number, to: number) =>
    void fillDemoDevices(app, first, to).catch((err: unknown) => {
      app.log.warn({ err }, 'demo fleet fields');
    });
  fill(DEMO_FIRST_BOX_ID, last);
  const unsubscribe = app.ingest.on('hello', ({ boxId }) => {
    if (boxId >= DEMO_FIRST_BOX_ID && boxId <= last) fill(boxId, boxId);
  });
  if (newFleet) {
    // Once its boxes said hello: its people (CK group, assignments, shares), then the history of its past days, so
    // that the 24 h and 7 d charts show a week of work.
    const devices = await devicesOnceReported(app, DEMO_FIRST_BOX_ID, last);
    await arrangeDemoPeople(app, DEMO_FIRST_BOX_ID, last).catch((err: unknown) => {
      app.log.warn({ err }, 'demo fleet: could not arrange its people');
    });
    await dateDemoCards(app, DEMO_FIRST_BOX_ID, last).catch((err: unknown) => {
      app.log.warn({ err }, 'demo fleet: could not date its IoT cards');
    });
    if (demoFleet.backfillDays > 0) {
      await backfillNewFleet(app, devices, demoFleet.backfillDays).catch((err: unknown) => {
        app.log.warn({ err }, 'demo fleet: could not write the history of the past days');
      });
    }
  }
  return async () => {
    unsubscribe();
    stopping = true;
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    if (gone()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const late = await Promise.race([exited.then(() => false), new Promise((r) => setTimeout(r, 3000)).then(() => true)]);
    if (late && !gone()) {
      child.kill('SIGKILL');
      await exited;
    }
  };
}

/** How long the demo fleet's boxes have to say hello (their devices appear then) before the back-fill starts anyway. */
const HELLO_WAIT_MS = 30_000;

/** The new fleet's devices once its boxes said hello (their devices exist then), or as many as did within HELLO_WAIT_MS. */
async function devicesOnceReported(app: FastifyInstance, first: number, last: number) {
  const expected = last - first + 1;
  const until = Date.now() + HELLO_WAIT_MS;
  let devices = await repo.devicesOfBoxes(app.db, first, last);
  while (new Set(devices.filter((d) => d.type_code).map((d) => d.box_id)).size < expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    devices = await repo.devicesOfBoxes(app.db, first, last);
  }
  return devices;
}

/** Writes `days` days of the new fleet's history up to now. */
async function backfillNewFleet(
  app: FastifyInstance,
  devices: Awaited<ReturnType<typeof repo.devicesOfBoxes>>,
  days: number,
): Promise<void> {
  const source = await loadReportSource();
  if (!source) {
    app.log.warn('demo fleet: the simulator library is not built: no history of the past days');
    return;
  }
  // Up to just before the first live reports, on the back-fill's grid.
  const step = BACKFILL_INTERVAL_S * 1000;
  const to = Math.floor((app.clock() - 10_000) / step) * step;
  await backfillHistory(app, devices, { days, to, source });
}

async function registerFleet(app: FastifyInstance, file: string, size: number): Promise<void> {
  const users = await repo.usersNamed(app.db, ['demo_root', 'demo_manager', 'demo_end_user']);
  const user = (name: string) => {
    const found = users.find((u) => u.username === name);
    if (!found) throw new Error(`demo fleet: no ${name}`);
    return found;
  };
  const root = user('demo_root');
  const auth = { user: root, roles: parseRoles(root), sessionId: 0 };
  const service = app.boxRegInfo;
  const last = DEMO_FIRST_BOX_ID + size - 1;
  const split = Math.min(last, DEMO_FIRST_BOX_ID + END_USER_BOXES - 1);
  const common = { boxType: 'DTU-4G', contact: DEMO_BOX_CONTACT, pushWarning: 1, pushFault: 3, pushNormal: 1 };
  const broker = brokerAddress(app.config.mqtt, app.mqttPort, '127.0.0.1');
  const parts = [
    await service.register(
      auth,
      { ...common, startBoxId: DEMO_FIRST_BOX_ID, endBoxId: split, userId: user('demo_end_user').id, companyName: DEMO_COMPANIES.endUser },
      '127.0.0.1',
      'zh',
      broker,
    ),
    ...(split < last
      ? [
          await service.register(
            auth,
            { ...common, startBoxId: split + 1, endBoxId: last, userId: user('demo_manager').id, companyName: DEMO_COMPANIES.manager },
            '127.0.0.1',
            'zh',
            broker,
          ),
        ]
      : []),
  ];
  const credentials = parts.flatMap((p) => p.boxes.map((b) => ({ boxId: b.boxId, password: b.password })));
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Fills the empty fields of the demo fleet's devices (boxes first..last) once they exist: only devices nobody has
 * filled in (no station number, no province), so a person's edits stay; the IoT card is the box's ICCID once known.
 */
export async function fillDemoDevices(app: FastifyInstance, first: number, last: number, now = app.clock()): Promise<number> {
  const empty = await repo.unfilledDevices(app.db, first, last);
  for (const d of empty) await repo.updateDeviceFields(app.db, d.id, demoFields(d.box_id, d.controller, d.type_code, now));
  await repo.fillIotCards(app.db, first, last);
  return empty.length;
}

/** Days from today to the demo cards' expiries, box by box: some expired, some this month, next month, later. */
const DEMO_CARD_DAYS = [-12, -2, 0, 3, 9, 20, 35, 48, 90, 200];
const DEMO_PROVIDERS = ['China Mobile', 'China Unicom', 'China Telecom'];

/** The demo fleet's cards get an expiry date and a provider, so that the top bar's expired-device list has some. */
async function dateDemoCards(app: FastifyInstance, first: number, last: number): Promise<void> {
  const day = 86_400_000;
  const today = Date.parse(`${new Date(app.clock()).toISOString().slice(0, 10)}T00:00:00Z`);
  // The ICCIDs come with the hellos, stored a moment after the devices: wait for every box's.
  const until = Date.now() + HELLO_WAIT_MS;
  let reported = await repo.boxIccids(app.db, first, last);
  while (reported.length < last - first + 1 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    reported = await repo.boxIccids(app.db, first, last);
  }
  const cards = reported.map(({ iccid }, i) => ({
    iccid,
    expiresOn: new Date(today + (DEMO_CARD_DAYS[i % DEMO_CARD_DAYS.length] ?? 0) * day).toISOString().slice(0, 10),
    provider: DEMO_PROVIDERS[i % DEMO_PROVIDERS.length] ?? '',
  }));
  await app.iotCards.setExpiries(cards);
}
