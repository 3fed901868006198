import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { quantile, round, signIn, timedRuns } from './measure.js';
import { startServer, type RunningServer } from './server-process.js';

/**
 * `npm run bench -- devices-list`: the device list API at fleet scale. 100,000 devices (BENCH_DEVICES) on 10 per
 * box, with varied spec-3 fields and statuses, are written straight into the SQLite file before the server starts;
 * demo_manager owns 2,000 of them and has 500 more shared with them. Then over HTTP, p50/p95/p99 of BENCH_RUNS
 * (default 200) calls after five warm-ups, for: root's first page, root filtered by a status group, root searching
 * text and a box id prefix, root sorted by company descending at page 50, the manager's first page (scoped), and
 * the status counts. One JSON line per case on stdout.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const PER_BOX = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const FIRST_BOX = 1_000_000;
const MANAGER_BOXES = 200;
const SHARED = 500;

const CITIES = [
  ['Jiangsu', 'Suzhou'],
  ['Zhejiang', 'Hangzhou'],
  ['Guangdong', 'Shenzhen'],
  ['Shandong', 'Qingdao'],
  ['Shanghai', 'Shanghai'],
  ['Sichuan', 'Chengdu'],
  ['Hubei', 'Wuhan'],
  ['Beijing', 'Beijing'],
] as const;
const WORDS = ['Huadong', 'Xinda', 'Hengli', 'Jinma', 'Tianrun', 'Baosheng', 'Ruifeng', 'Changhe', 'Yongxin', 'Dongfang'];
const MODELS = ['SC-37', 'SC-55', 'SC-75', 'SC-90', 'SC-110', 'MB-150', 'MB-200', 'MB-300', 'PLC-S7-1200', 'PLC-FX5U'];
/** Status by share of the fleet (per mille). */
const STATUSES: Array<[string, number]> = [
  ['online', 700],
  ['offline', 150],
  ['online_alert', 50],
  ['offline_alert', 20],
  ['online_fault', 50],
  ['offline_fault', 20],
  ['unregistered', 10],
];

function statusOf(i: number): string {
  const x = (i * 7919) % 1000;
  let acc = 0;
  for (const [s, share] of STATUSES) {
    acc += share;
    if (x < acc) return s;
  }
  return 'online';
}

export async function call(
  server: RunningServer,
  token: string,
  url: string,
): Promise<{ ms: number; total: number | null; capped: boolean | null; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v2${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  const ms = performance.now() - started;
  const body = JSON.parse(text) as { code: number; message: string; data: { total?: number; all?: number; capped?: boolean } };
  if (body.code !== 20000) throw new Error(`${url}: ${body.code} ${body.message}`);
  return { ms, total: body.data.total ?? body.data.all ?? null, capped: body.data.capped ?? null, bytes: Buffer.byteLength(text) };
}

export async function measure(server: RunningServer, token: string, name: string, url: string) {
  const { samples, last } = await timedRuns(() => call(server, token, url), 5, RUNS);
  const at = (q: number) => quantile(samples, q);
  const result = {
    case: name,
    url,
    runs: RUNS,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    total: last?.total ?? null,
    capped: last?.capped ?? null,
    bytes: last?.bytes ?? 0,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  return result;
}

/** Ids of the demo accounts in the bench's database. */
export function userId(db: Database.Database, name: string): number {
  return (db.prepare('select id from users where username = ?').get(name) as { id: number }).id;
}

/** The text of a fleet in Chinese (device-search.ts): companies, provinces and cities, streets, contacts. */
const CN = {
  words: ['华东', '新达', '恒力', '金马', '天润', '宝盛', '瑞丰', '长河', '永新', '东方'],
  cities: [
    ['江苏省', '苏州市'],
    ['浙江省', '杭州市'],
    ['广东省', '深圳市'],
    ['山东省', '青岛市'],
    ['上海市', '上海市'],
    ['四川省', '成都市'],
    ['湖北省', '武汉市'],
    ['北京市', '北京市'],
  ],
  contacts: ['张伟', '王芳', '李娜', '刘洋', '陈静'],
} as const;

/**
 * Writes `devices` screw compressors on boxes of PER_BOX, with varied spec-3 fields and statuses, straight into the
 * SQLite file (inside the caller's transaction); `ownerOf(boxIndex)` picks each box's owner. `chinese`: companies,
 * locations, streets and contacts in Chinese (the pinyin of the company in the remark), phones varied.
 */
export function writeFleet(db: Database.Database, devices: number, ownerOf: (boxIndex: number) => number, chinese = false): void {
  const rootId = userId(db, 'demo_root');
  const type = db.prepare("select id from controller_types where code = 'screw-compressor'").get() as { id: number };
  const now = Date.now();
  const boxes = Math.ceil(devices / PER_BOX);
  const insertBox = db.prepare(
    "insert into boxes (box_id, owner_id, secret_hash, box_type, contact, company_name, registered_at, registered_by, online, last_seen) values (?, ?, ?, 'DTU-4G', '', ?, ?, ?, 0, ?)",
  );
  const insertDevice = db.prepare(
    `insert into devices (box_id, controller, type_id, type_code, owner_id, status, online, fault, alert, last_seen, created_at,
       company, station_no, model, remark, iot_module, iot_model, iot_card, install_date, expiry_date, province, city, area, street, contact, phone, lng, lat)
     values (?, ?, ?, 'screw-compressor', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Quectel EC20', 'EC20-CEFA', ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?)`,
  );
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  for (let b = 0; b < boxes; b++) {
    const boxId = FIRST_BOX + b;
    const owner = ownerOf(b);
    const [w1, w2] = [b % WORDS.length, Math.floor(b / WORDS.length) % WORDS.length];
    const latin = `${WORDS[w1] ?? ''} ${WORDS[w2] ?? ''} Co. ${b % 997}`;
    const company = chinese ? `${CN.words[w1] ?? ''}${CN.words[w2] ?? ''}机电有限公司${b % 997}` : latin;
    insertBox.run(boxId, owner, '0'.repeat(64), company, now, rootId, now - (b % 3600) * 1000);
    for (let c = 1; c <= PER_BOX && b * PER_BOX + c <= devices; c++) {
      const i = b * PER_BOX + c;
      const status = statusOf(i);
      const [province, city] = (chinese ? CN.cities : CITIES)[i % CITIES.length] ?? CITIES[0];
      insertDevice.run(
        boxId,
        c,
        type.id,
        owner,
        status,
        status.startsWith('online') ? 1 : 0,
        status.endsWith('fault') ? 1 : 0,
        status.endsWith('alert') ? 1 : 0,
        now - (i % 86_400) * 1000,
        now,
        company,
        `ST-${String(i).padStart(6, '0')}`,
        MODELS[i % MODELS.length] ?? '',
        chinese ? latin : '',
        `8986${String(i).padStart(16, '0')}`,
        day(now - (i % 1500) * 86_400_000),
        day(now + ((i % 900) - 60) * 86_400_000),
        province,
        city,
        chinese ? `${CN.words[(i * 7) % CN.words.length] ?? ''}路${i % 300}号` : '',
        chinese ? (CN.contacts[i % CN.contacts.length] ?? '') : 'Zhang Wei',
        chinese ? `139${String((i * 7919) % 100_000_000).padStart(8, '0')}` : '+86 139 0000 0000',
        100 + (i % 20),
        22 + (i % 18),
      );
    }
  }
}

/**
 * A data directory whose SQLite file holds the schema, the demo accounts and `devices` devices written straight into
 * it: demo_manager owns MANAGER_BOXES boxes and has SHARED of demo_end_user's devices shared with them, demo_end_user
 * owns the rest. Answers the seconds the writing took.
 */
export async function prepareFleet(dataDir: string, devices: number, chinese = false): Promise<number> {
  // 1. An empty server makes the schema and the demo accounts.
  const first = await startServer({}, dataDir);
  await first.stop();

  // 2. Boxes, devices and links straight into the file.
  const writeStarted = performance.now();
  const db = new Database(path.join(dataDir, 'dms.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    const [managerId, endUserId] = [userId(db, 'demo_manager'), userId(db, 'demo_end_user')];
    const now = Date.now();
    db.transaction(() => {
      writeFleet(db, devices, (b) => (b < MANAGER_BOXES ? managerId : endUserId), chinese);
      // Devices of the end user shared with the manager.
      const shared = db.prepare('select id from devices where owner_id = ? order by id limit ?').all(endUserId, SHARED) as Array<{
        id: number;
      }>;
      const link = db.prepare(
        "insert into device_links (device_id, kind, user_id, source_user_id, can_switch, show_value, created_at) values (?, 'shared', ?, ?, 0, 1, ?)",
      );
      for (const d of shared) link.run(d.id, managerId, endUserId, now);
    })();
    db.pragma('optimize');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return round((performance.now() - writeStarted) / 1000);
}

export async function benchDevicesList(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-devices-'));
  try {
    const writeSeconds = await prepareFleet(dataDir, DEVICES);

    // 3. The running server, over HTTP.
    const server = await startServer({}, dataDir);
    try {
      const root = await signIn(server, 'demo_root');
      const manager = await signIn(server, 'demo_manager');
      const cases = [
        await measure(server, root, 'root first page', '/devices?page=1&page_size=20'),
        await measure(server, root, 'root status=fault', '/devices?status=fault&page=1&page_size=20'),
        await measure(server, root, 'root status=offline page 20', '/devices?status=offline&page=20&page_size=20'),
        await measure(server, root, 'root q=text (anywhere in the text)', '/devices?q=xinda&page=1&page_size=20'),
        await measure(server, root, 'root q=text matching nothing', '/devices?q=zzq&page=1&page_size=20'),
        await measure(server, root, 'root q=box id prefix', '/devices?q=10012&page=1&page_size=20'),
        await measure(server, root, 'root sort=company desc page 50', '/devices?sort=company&order=desc&page=50&page_size=20'),
        await measure(server, root, 'root sort=expiryDate page 10', '/devices?sort=expiryDate&page=10&page_size=20'),
        await measure(server, manager, 'manager first page (scoped)', '/devices?page=1&page_size=20'),
        await measure(
          server,
          manager,
          'manager status=online sort=lastSeen desc',
          '/devices?status=online&sort=lastSeen&order=desc&page=1&page_size=20',
        ),
        await measure(server, root, 'root counts', '/devices/counts'),
        await measure(server, root, 'root counts q=text', '/devices/counts?q=xinda'),
        await measure(server, manager, 'manager counts', '/devices/counts'),
      ];
      return {
        devices: DEVICES,
        boxes: Math.ceil(DEVICES / PER_BOX),
        managerDevices: MANAGER_BOXES * PER_BOX + SHARED,
        writeSeconds,
        cases,
      };
    } finally {
      await server.stop();
    }
  } finally {
    // BENCH_KEEP=1 leaves the database for a look at the query plans.
    if (process.env.BENCH_KEEP === '1') process.stderr.write(`kept ${dataDir}\n`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
