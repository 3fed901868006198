import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import type { ServerEvent } from '@dms/contract';
import { measure, userId, writeFleet } from './devices-list.js';
import { freePort, quantile, scrape, signIn, timedRuns } from './measure.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench -- reach` (issue 12): the device list through the reach table at fleet scale. 100,000 devices
 * (BENCH_DEVICES) on 10 per box, written straight into the SQLite file: demo_manager owns 6,000 and shares 5,000 of
 * them with demo_helper; 6,000 more go down a four-level tree of sub-managers (demo_manager → bench_l1 → bench_l2 →
 * bench_l3: 1,500 stay with bench_l1, 1,500 with bench_l2, 3,000 reach bench_l3); the rest are demo_end_user's. The
 * server fills `device_reach` at start. Then over HTTP, p50/p95/p99 of BENCH_RUNS (default 200) calls after five
 * warm-ups of the helper's and the managers' lists and counts, and over the live push the round trip of subscribing
 * one device (session check, visibility check, template rights, answer) and, from the server's metrics, the mean time
 * of the visibility check alone. One JSON line per case on stdout.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const OWN_BOXES = 600;
const TREE_BOXES = 600;
const SHARED = 5000;

/** Subscribing one device over the live push, round trip: send `subscribe`, wait for `subscribed`. */
async function subscribeRoundTrip(url: string, token: string, deviceId: number) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/v2/ws`);
  let waiting: (() => void) | null = null;
  ws.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString()) as ServerEvent;
    if ((event.type === 'subscribed' || event.type === 'ready') && waiting) {
      const done = waiting;
      waiting = null;
      done();
    }
  });
  await new Promise((r) => ws.once('open', r));
  const roundTrip = async (message: object) => {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      waiting = resolve;
      ws.send(JSON.stringify(message));
    });
    return { ms: performance.now() - started };
  };
  await roundTrip({ type: 'auth', token });
  const { samples } = await timedRuns(() => roundTrip({ type: 'subscribe', devices: [deviceId] }), 20, 1000);
  ws.close();
  return {
    case: 'live push: subscribe one device, round trip',
    runs: 1000,
    p50Ms: quantile(samples, 0.5, 2),
    p95Ms: quantile(samples, 0.95, 2),
    p99Ms: quantile(samples, 0.99, 2),
  };
}

export async function benchReach(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dms-bench-reach-'));
  try {
    const first = await startServer({}, dataDir);
    await first.stop();

    const db = new Database(path.join(dataDir, 'dms.sqlite'));
    try {
      db.pragma('journal_mode = WAL');
      const [managerId, helperId, endUserId] = [userId(db, 'demo_manager'), userId(db, 'demo_helper'), userId(db, 'demo_end_user')];
      const now = Date.now();
      db.transaction(() => {
        // The tree: three sub-managers, each the child of the one above, signing in with demo_manager's password.
        const hash = (db.prepare('select password_hash from users where id = ?').get(managerId) as { password_hash: string }).password_hash;
        const addUser = db.prepare(
          `insert into users (username, password_hash, roles, level, is_manager, group_extra, ck, name, avatar, introduction, remark, parent_id, created_at, password_changed_at)
           values (?, ?, '["manager"]', 6, 1, '2001', '2001', ?, '', '', '', ?, ?, ?)`,
        );
        const tree = [managerId];
        for (const level of [1, 2, 3]) {
          const parent = tree.at(-1) ?? managerId;
          tree.push(Number(addUser.run(`bench_l${level}`, hash, `Bench level ${level}`, parent, now, now).lastInsertRowid));
        }
        writeFleet(db, DEVICES, (b) => (b < OWN_BOXES + TREE_BOXES ? managerId : endUserId));
        const link = db.prepare(
          'insert into device_links (device_id, kind, user_id, source_user_id, can_switch, show_value, created_at) values (?, ?, ?, ?, ?, 1, ?)',
        );
        const ids = (db.prepare('select id from devices where owner_id = ? order by id').all(managerId) as Array<{ id: number }>).map(
          (d) => d.id,
        );
        const own = ids.slice(0, OWN_BOXES * 10);
        for (const [i, id] of own.slice(0, SHARED).entries()) link.run(id, 'helper', helperId, managerId, i % 5 === 0 ? 1 : 0, now);
        // Down the tree: every device to level 1, three quarters on to level 2, half on to level 3.
        const down = ids.slice(OWN_BOXES * 10);
        const setOwner = db.prepare('update devices set owner_id = ? where id = ?');
        for (const [i, id] of down.entries()) {
          const depth = i < 1500 ? 1 : i < 3000 ? 2 : 3;
          for (let level = 1; level <= depth; level++) link.run(id, 'assigned', tree[level], tree[level - 1], 0, now);
          setOwner.run(tree[depth], id);
        }
      })();
      db.pragma('optimize');
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }

    const started = performance.now();
    const metricsPort = await freePort();
    const server = await startServer({ METRICS_PORT: String(metricsPort) }, dataDir);
    const startSeconds = Math.round((performance.now() - started) / 100) / 10;
    try {
      const [helper, manager, level3] = await Promise.all(['demo_helper', 'demo_manager', 'bench_l3'].map((u) => signIn(server, u)));
      const h = helper ?? '';
      const m = manager ?? '';
      const l3 = level3 ?? '';
      const cases = [
        await measure(server, h, 'helper (5,000 shared) first page', '/devices?page=1&page_size=20'),
        await measure(server, h, 'helper status=online page 50', '/devices?status=online&page=50&page_size=20'),
        await measure(server, h, 'helper q=text', '/devices?q=xinda&page=1&page_size=20'),
        await measure(server, h, 'helper counts', '/devices/counts'),
        await measure(server, m, 'manager atop a 4-level tree first page', '/devices?page=1&page_size=20'),
        await measure(server, m, 'manager status=fault', '/devices?status=fault&page=1&page_size=20'),
        await measure(server, m, 'manager sort=company desc page 100', '/devices?sort=company&order=desc&page=100&page_size=20'),
        await measure(server, m, 'manager counts', '/devices/counts'),
        await measure(server, l3, 'level-3 sub-manager first page', '/devices?page=1&page_size=20'),
      ];
      const page = (await (
        await fetch(`${server.url}/api/v2/devices?page_size=1`, { headers: { authorization: `Bearer ${h}` } })
      ).json()) as {
        data: { items: Array<{ id: number }> };
      };
      const before = await scrape(metricsPort);
      const live = await subscribeRoundTrip(server.url, h, page.data.items[0]?.id ?? 0);
      const after = await scrape(metricsPort);
      // The visibility check alone, as the server timed it: its mean over the round trips above.
      const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
      const checks = delta('dms_websocket_subscribe_checks_total');
      const check = {
        case: 'live push: visibility check of one subscription (server-timed mean)',
        checks,
        meanMs: Math.round((delta('dms_websocket_subscribe_check_seconds_total') / Math.max(1, checks)) * 1e6) / 1e3,
      };
      process.stdout.write(`${JSON.stringify(check)}\n`);
      process.stdout.write(`${JSON.stringify(live)}\n`);
      return {
        devices: DEVICES,
        helperShares: SHARED,
        managerReach: OWN_BOXES * 10 + TREE_BOXES * 10,
        startSeconds,
        cases: [...cases, live],
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (process.env.BENCH_KEEP === '1') process.stderr.write(`kept ${dataDir}\n`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
