import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { BoxRegService } from './modules/box-reg/service.js';
import { parseRoles } from './modules/user/service.js';

export const DEMO_FIRST_BOX_ID = 100_001;
/** Boxes of the demo fleet owned by the demo end user; the rest belong to the demo manager. */
const END_USER_BOXES = 5;
const SIMULATOR = fileURLToPath(new URL('../../simulator/dist/cli.js', import.meta.url));

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
  if (!fs.existsSync(file)) {
    if (!freshDemo) return null;
    await registerFleet(app, file, demoFleet.size);
  }
  if (!fs.existsSync(SIMULATOR)) {
    app.log.warn({ simulator: SIMULATOR }, 'the simulator is not built: no demo fleet');
    return null;
  }
  const args = [SIMULATOR, '--boxes', String(demoFleet.size), '--first-box-id', String(DEMO_FIRST_BOX_ID), '--credentials', file, '--url', `mqtt://127.0.0.1:${app.mqttPort}`, '--quiet'];
  let stopping = false;
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => app.log.warn({ simulator: chunk.toString().trim() }, 'demo fleet'));
  child.on('exit', (code) => {
    if (!stopping) app.log.warn({ code }, 'the demo fleet simulator stopped');
  });
  app.log.info({ boxes: demoFleet.size }, 'demo fleet started');
  // Devices appear when the simulated boxes say hello: give them their people's fields as they do (idempotent; the
  // hello also brings the ICCID the IoT card field takes).
  const last = DEMO_FIRST_BOX_ID + demoFleet.size - 1;
  const fill = (first: number, to: number) => void fillDemoDevices(app, first, to).catch((err: unknown) => app.log.warn({ err }, 'demo fleet fields'));
  fill(DEMO_FIRST_BOX_ID, last);
  const unsubscribe = app.ingest.on('hello', ({ boxId }) => {
    if (boxId >= DEMO_FIRST_BOX_ID && boxId <= last) fill(boxId, boxId);
  });
  return async () => {
    unsubscribe();
    stopping = true;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
  };
}

async function registerFleet(app: FastifyInstance, file: string, size: number): Promise<void> {
  const users = await app.db.selectFrom('users').selectAll().where('username', 'in', ['demo_root', 'demo_manager', 'demo_end_user']).execute();
  const user = (name: string) => {
    const found = users.find((u) => u.username === name);
    if (!found) throw new Error(`demo fleet: no ${name}`);
    return found;
  };
  const root = user('demo_root');
  const auth = { user: root, roles: parseRoles(root), sessionId: 0 };
  const service = new BoxRegService(app.db, app.ingest, app.services.datalog);
  const last = DEMO_FIRST_BOX_ID + size - 1;
  const split = Math.min(last, DEMO_FIRST_BOX_ID + END_USER_BOXES - 1);
  const common = { boxType: 'DTU-4G', contact: 'Demo contact 400-000-0000', pushWarning: 1, pushFault: 3, pushNormal: 1 };
  const parts = [
    await service.register(auth, { ...common, startBoxId: DEMO_FIRST_BOX_ID, endBoxId: split, userId: user('demo_end_user').id, companyName: 'Demo End User Co.' }, '127.0.0.1', 'en'),
    ...(split < last ? [await service.register(auth, { ...common, startBoxId: split + 1, endBoxId: last, userId: user('demo_manager').id, companyName: 'Demo Compressed Air Ltd.' }, '127.0.0.1', 'en')] : []),
  ];
  const credentials = parts.flatMap((p) => p.boxes.map((b) => ({ boxId: b.boxId, password: b.password })));
  fs.writeFileSync(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/** Places of the demo fleet: province, city, district, a street, and the city's centre (WGS84). */
const PLACES = [
  { province: 'Jiangsu', city: 'Suzhou', area: 'Wuzhong', street: 'No. 18 Xinghu Street', lng: 120.62, lat: 31.3 },
  { province: 'Zhejiang', city: 'Hangzhou', area: 'Binjiang', street: 'No. 66 Jiangnan Avenue', lng: 120.21, lat: 30.21 },
  { province: 'Guangdong', city: 'Shenzhen', area: 'Bao\'an', street: 'No. 9 Xixiang Avenue', lng: 113.88, lat: 22.56 },
  { province: 'Shandong', city: 'Qingdao', area: 'Huangdao', street: 'No. 128 Changjiang Road', lng: 120.2, lat: 35.96 },
  { province: 'Shanghai', city: 'Shanghai', area: 'Pudong', street: 'No. 500 Zhangjiang Road', lng: 121.59, lat: 31.2 },
  { province: 'Sichuan', city: 'Chengdu', area: 'Shuangliu', street: 'No. 77 Konggang Road', lng: 103.92, lat: 30.57 },
  { province: 'Hubei', city: 'Wuhan', area: 'Hongshan', street: 'No. 1 Guanggu Avenue', lng: 114.41, lat: 30.49 },
] as const;
const CONTACTS = [
  ['Zhang Wei', '+86 139 1234 5601'],
  ['Li Na', '+86 138 2345 6702'],
  ['Wang Fang', '+86 137 3456 7803'],
  ['Liu Yang', '+86 136 4567 8904'],
  ['Chen Jie', '+86 135 5678 9005'],
] as const;
const MODELS: Record<string, readonly string[]> = {
  'screw-compressor': ['SC-37', 'SC-55', 'SC-75', 'SC-90'],
  'maglev-blower': ['MB-150', 'MB-200', 'MB-300'],
  'generic-plc': ['PLC-S7-1200', 'PLC-FX5U'],
};
const MODULES = [
  ['Quectel EC20', 'EC20-CEFA'],
  ['Fibocom L610', 'L610-CN'],
] as const;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * Spec 3's fields for one demo device, from its place in the fleet: station number, model (from its controller
 * type), IoT module, install and expiry dates (some expired, some expiring this month), place near a city, contact.
 */
export function demoFields(boxId: number, controller: number, typeCode: string | null, now: number) {
  const i = boxId - DEMO_FIRST_BOX_ID + controller * 7;
  const place = PLACES[(boxId - DEMO_FIRST_BOX_ID) % PLACES.length] ?? PLACES[0];
  const [contact, phone] = CONTACTS[i % CONTACTS.length] ?? CONTACTS[0];
  const [iotModule, iotModel] = MODULES[boxId % MODULES.length] ?? MODULES[0];
  const models = (typeCode && MODELS[typeCode]) || [];
  const today = new Date(now);
  const endOfMonth = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0);
  const expiry =
    i % 5 === 0
      ? now - (10 + (i % 40)) * DAY_MS // expired
      : i % 5 === 1
        ? Math.min(endOfMonth, now + ((i % 4) + 1) * DAY_MS) // expiring this month
        : now + (180 + ((i * 37) % 540)) * DAY_MS;
  return {
    station_no: `ST-${String(boxId % 1000).padStart(3, '0')}-${controller}`,
    model: models[i % Math.max(1, models.length)] ?? '',
    iot_module: iotModule,
    iot_model: iotModel,
    install_date: day(now - (120 + ((i * 53) % 900)) * DAY_MS),
    expiry_date: day(expiry),
    province: place.province,
    city: place.city,
    area: place.area,
    street: place.street,
    contact,
    phone,
    lng: Math.round((place.lng + (((i * 13) % 11) - 5) * 0.01) * 10_000) / 10_000,
    lat: Math.round((place.lat + (((i * 7) % 11) - 5) * 0.01) * 10_000) / 10_000,
  };
}

/**
 * Fills the empty fields of the demo fleet's devices (boxes first..last) once they exist: only devices nobody has
 * filled in (no station number, no province), so a person's edits stay; the IoT card is the box's ICCID once known.
 */
export async function fillDemoDevices(app: FastifyInstance, first: number, last: number, now = Date.now()): Promise<number> {
  const db = app.db;
  const empty = await db
    .selectFrom('devices')
    .select(['id', 'box_id', 'controller', 'type_code'])
    .where('box_id', '>=', first)
    .where('box_id', '<=', last)
    .where('station_no', '=', '')
    .where('province', '=', '')
    .execute();
  for (const d of empty) {
    await db.updateTable('devices').set(demoFields(d.box_id, d.controller, d.type_code, now)).where('id', '=', d.id).execute();
  }
  await db
    .updateTable('devices')
    .set((eb) => ({ iot_card: eb.selectFrom('boxes').select((b) => b.fn.coalesce('boxes.iccid', b.val('')).as('iccid')).whereRef('boxes.box_id', '=', 'devices.box_id') }))
    .where('box_id', '>=', first)
    .where('box_id', '<=', last)
    .where('iot_card', '=', '')
    .execute();
  return empty.length;
}
