import { spawnSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { boxClientId, downTopic, upTopic, type BoxCredentials, type WritePayload } from '@dms/contract';
import { builtinRegister as reg } from '@dms/seed';
import { dropSchema, sleep, startCluster, type Cluster } from '../../scripts/cluster/lib.mjs';

/**
 * The cluster fault test (`npm run test:cluster`; docs/scaling.md "The fault test"): two server instances behind
 * HAProxy, on one PostgreSQL schema, one Redis and one Mosquitto with a shared subscription. Boxes report four times
 * a second and consoles follow two of them while one instance is killed (SIGKILL) and started again, then Redis and
 * then the broker are restarted. Required: every snapshot the broker acknowledged to a box is stored once, no
 * notification is made twice, every console shows current values within 10 s of each step, and a write sent during
 * the kill is answered.
 */

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'dms_cluster_test';
const BOXES = 8;
const FIRST_BOX = 610_001;
const REPORT_MS = 250;
const PRESSURE = reg('screw-compressor', 'discharge_pressure');
const TARGET_PRESSURE = reg('screw-compressor', 'target_pressure');
const FAULT_BITS = reg('screw-compressor', 'fault_bits');
/** Mosquitto before 2.0.12 forgets shared subscriptions over its restart (docs/box-protocol.md): Debian 12 has 2.0.11. */
const mosquittoVersion = /version (\d+)\.(\d+)\.(\d+)/.exec(spawnSync('/usr/sbin/mosquitto', ['-h'], { encoding: 'utf8' }).stdout);
const brokerKeepsShares =
  mosquittoVersion !== null &&
  (Number(mosquittoVersion[1]) > 2 ||
    (Number(mosquittoVersion[1]) === 2 && (Number(mosquittoVersion[2]) > 0 || Number(mosquittoVersion[3]) >= 12)));

/** A simulated box: a snapshot every REPORT_MS with a counter in its pressure, its fault bit set every 8th for one. */
class Box {
  counter = 0;
  /** Snapshot time → counter, of what the broker acknowledged. */
  readonly acked = new Map<number, number>();
  private lastTs = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly boxId: number,
    private readonly client: MqttClient,
    private readonly faulty: boolean,
  ) {}

  static async connect(url: string, credentials: BoxCredentials, faulty: boolean): Promise<Box> {
    const client = await mqtt.connectAsync(url, { clientId: boxClientId(credentials.boxId), reconnectPeriod: 250, connectTimeout: 2000 });
    client.on('error', () => undefined);
    const box = new Box(credentials.boxId, client, faulty);
    await client.subscribeAsync(downTopic(box.boxId, 'write'), { qos: 1 });
    client.on('message', (_topic, payload) => {
      const w = JSON.parse(payload.toString()) as WritePayload;
      void client.publishAsync(upTopic(box.boxId, 'ack'), JSON.stringify({ v: 1, id: w.id, ok: true }), { qos: 1 }).catch(() => undefined);
    });
    const hello = {
      v: 1,
      fw: '2.4.1',
      boxType: 'DTU-4G-A',
      iccid: `89860012345${String(box.boxId).padStart(9, '0')}`,
      signal: -71,
      interval: 1,
      controllers: [{ index: 1, type: 'screw-compressor' }],
    };
    await client.publishAsync(upTopic(box.boxId, 'hello'), JSON.stringify(hello), { qos: 1 });
    return box;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.report();
    }, REPORT_MS);
  }

  private report(): void {
    const ts = Math.max(this.lastTs + 1, Date.now());
    this.lastTs = ts;
    this.counter += 1;
    const counter = this.counter;
    const values: Record<string, number> = { [PRESSURE]: counter };
    if (this.faulty) values[FAULT_BITS] = counter % 8 === 0 ? 1 : 0;
    this.client.publishAsync(upTopic(this.boxId, 'data'), JSON.stringify({ v: 1, seq: counter, ts, c: { '1': values } }), { qos: 1 }).then(
      () => this.acked.set(ts, counter),
      () => undefined,
    );
  }

  /** Stops reporting; what the broker has not acknowledged within 5 s is given up (and not counted as acknowledged). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.race([this.client.endAsync(), sleep(5000)]);
    await this.client.endAsync(true);
  }
}

function psql(query: string): string[] {
  const out = spawnSync('psql', [DATABASE_URL, '-At', '-c', `set search_path = ${SCHEMA}; ${query}`], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`psql: ${out.stderr}`);
  return out.stdout.split('\n').filter((l) => l !== '' && l !== 'SET');
}

let cluster: Cluster;
let token = '';
const boxes: Box[] = [];

interface Envelope {
  code: number;
  message: string;
  data: unknown;
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: Envelope }> {
  const res = await fetch(`${cluster.url}/api/v2${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': 'en' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Envelope };
}

/** A console signed in as root on a box's device page, following its live values. */
async function consoleOf(browser: Browser, boxId: number): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'Admin-Token', value: token, url: cluster.url }]);
  const page = await context.newPage();
  await page.goto(`${cluster.url}/devices/controller/${boxId}/1`);
  return page;
}

/** What a console shows of its box's counter (the pressure register, in hundredths). */
async function shownCounter(page: Page): Promise<number> {
  const text = (await page.getByTestId(`register-value-${PRESSURE}`).textContent()) ?? '';
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? Math.round(n * 100) : -1;
}

/** How long after each step every console showed its box's values of that moment (the measurement printed). */
const caughtUp: string[] = [];

/** Every console shows its box's counter as of `since` (a step's end), or later, within 10 s of it. */
async function consolesCurrent(pages: Array<[Page, Box]>, step: string, since = Date.now()): Promise<void> {
  const targets = pages.map(([, box]) => box.counter);
  for (const [i, [page]] of pages.entries())
    await expect
      .poll(() => shownCounter(page), {
        message: `${step}: console ${i} shows current values`,
        timeout: Math.max(1000, since + 10_000 - Date.now()),
      })
      .toBeGreaterThanOrEqual(targets[i] ?? 0);
  caughtUp.push(`${step} ${((Date.now() - since) / 1000).toFixed(1)} s`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  dropSchema(DATABASE_URL, SCHEMA);
  cluster = await startCluster({
    instances: 2,
    schema: SCHEMA,
    databaseUrl: DATABASE_URL,
    env: { WRITE_TIMEOUT_MS: '3000', LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn', REQUIRE_2FA_ROLES: 'none' },
  });
  console.log(`cluster: ${cluster.dir}`);
  const signIn = await fetch(`${cluster.url}/api/v2/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo_root', password: 'demo123456' }),
  });
  token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const users = await api('GET', '/box-reg-info/users?q=demo_manager');
  const owner = (users.json.data as Array<{ id: number; username: string }>).find((u) => u.username === 'demo_manager');
  const registered = await api('POST', '/box-reg-info', {
    startBoxId: FIRST_BOX,
    endBoxId: FIRST_BOX + BOXES - 1,
    userId: owner?.id,
    boxType: 'DTU-4G',
    companyName: 'Cluster Co',
  });
  expect(registered.json.code, registered.json.message).toBe(20000);
  for (const [i, credentials] of (registered.json.data as { boxes: BoxCredentials[] }).boxes.entries())
    boxes.push(await Box.connect(cluster.mqttUrl, credentials, i === 0));
  for (const box of boxes) box.start();
});

test.afterAll(async () => {
  await Promise.all(boxes.map((b) => b.stop().catch(() => undefined)));
  await cluster.stop();
});

test('survives an instance killed and restarted, Redis restarted and the broker restarted: nothing acknowledged is lost or doubled', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const [first, second] = boxes as [Box, Box];
  const pages: Array<[Page, Box]> = [
    [await consoleOf(browser, first.boxId), first],
    [await consoleOf(browser, second.boxId), second],
  ];
  await consolesCurrent(pages, 'at start');

  // One instance dies: its consoles reconnect to the other, and a write sent now is answered.
  const [server1] = cluster.servers as [Cluster['servers'][number]];
  await server1.stop('SIGKILL');
  const killed = Date.now();
  // CLUSTER_REDIS_AFTER_KILL_MS (2500): Redis restarted that long after the kill too, while the killed instance is still
  // a member (its TTL is 5 s), as on a fast machine where the steps follow within seconds. A Redis back empty keeps it a
  // TTL more, so its boxes are taken over 8-9 s after the kill (more than 10 s, and the consoles fail, past about 3000).
  const redisAfterKillMs = Number(process.env.CLUSTER_REDIS_AFTER_KILL_MS ?? Number.NaN);
  let redisAfterKill: number | null = null;
  if (Number.isFinite(redisAfterKillMs)) {
    await sleep(Math.max(0, killed + redisAfterKillMs - Date.now()));
    redisAfterKill = Date.now();
    await cluster.redis.restart();
  }
  const write = await api('POST', `/devices/${boxes[2]?.boxId ?? 0}/1/registers/${TARGET_PRESSURE}`, { value: 0.8 });
  expect(write.status, JSON.stringify(write.json)).toBeLessThan(500);
  const outcome = (write.json.data as { outcome?: string } | null)?.outcome;
  if (write.json.code === 20000) expect(['acknowledged', 'rejected', 'timed_out']).toContain(outcome);
  else expect(write.json.message).not.toBe('');
  const written = `${write.json.code === 20000 ? String(outcome) : write.json.message} in ${((Date.now() - killed) / 1000).toFixed(1)} s`;
  await consolesCurrent(pages, 'an instance killed', killed);
  const startedAgain = Date.now();
  await server1.start();
  const back = Date.now();
  await consolesCurrent(pages, 'the instance back');

  // Redis restarts (it keeps nothing).
  const redisDown = Date.now();
  await cluster.redis.restart();
  const redisUp = Date.now();
  await consolesCurrent(pages, 'Redis restarted');

  // The broker restarts (it keeps its sessions and queues).
  const brokerDown = Date.now();
  await cluster.broker.restart();
  const brokerUp = Date.now();
  await consolesCurrent(pages, 'the broker restarted', brokerDown);
  const ended = Date.now();

  // Everything acknowledged is stored once; no notification is made twice.
  await Promise.all(boxes.map((b) => b.stop()));
  await sleep(3000);
  const stored = new Map<number, Set<number>>();
  for (const line of psql(
    `select d.box_id, h.ts from history h join devices d on d.id = h.device_id where d.box_id between ${FIRST_BOX} and ${FIRST_BOX + BOXES - 1}`,
  )) {
    const [boxId, ts] = line.split('|').map(Number) as [number, number];
    const set = stored.get(boxId) ?? new Set<number>();
    set.add(ts);
    stored.set(boxId, set);
  }
  let acked = 0;
  const lost: Array<[number, number]> = [];
  for (const box of boxes)
    for (const ts of box.acked.keys()) {
      acked += 1;
      if (!stored.get(box.boxId)?.has(ts)) lost.push([box.boxId, ts]);
    }
  expect(acked).toBeGreaterThan(BOXES * 40);
  // Only where the broker forgets shared subscriptions over its restart may what it took between its start and the
  // servers' new subscriptions be lost (the broker's defect, not the servers'); everything else must be there.
  const outsideBrokerRestart = lost.filter(([, ts]) => (!brokerKeepsShares ? ts < brokerDown || ts > brokerUp + 5000 : true));
  console.log(
    `cluster fault test: ${acked} snapshots acknowledged, ${lost.length} lost (${lost.length - outsideBrokerRestart.length} in the broker's restart); the write during the kill: ${written}; consoles current after: ${caughtUp.join(', ')}`,
  );
  // Where each lost snapshot falls among the steps (the diagnosis when one is lost).
  const steps: Array<[string, number]> = [
    ['killed', killed],
    ...(redisAfterKill === null ? [] : ([['Redis restarted after the kill', redisAfterKill]] as Array<[string, number]>)),
    ['instance starting', startedAgain],
    ['instance back', back],
    ['Redis restarting', redisDown],
    ['Redis back', redisUp],
    ['broker restarting', brokerDown],
    ['broker back', brokerUp],
    ['after the steps', ended],
  ];
  for (const [boxId, ts] of lost) {
    const [step, at] = steps.filter(([, t]) => t <= ts).pop() ?? ['killed', killed];
    console.log(
      `lost: box ${boxId} ts ${ts} (${new Date(ts).toISOString()}): ${step} ${ts < at ? '-' : '+'} ${(Math.abs(ts - at) / 1000).toFixed(2)} s`,
    );
  }
  if (lost.length > 0) console.log(`steps: ${steps.map(([name, at]) => `${name} ${new Date(at).toISOString()}`).join(', ')}`);
  expect(outsideBrokerRestart).toEqual([]);
  const doubled = psql(`select device_id, type, time, count(*) from notifications group by device_id, type, time having count(*) > 1`);
  expect(doubled).toEqual([]);
  const faults = psql(`select count(*) from notifications n join devices d on d.id = n.device_id where d.box_id = ${first.boxId}`);
  expect(Number(faults[0])).toBeGreaterThan(0);
});
