import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ExportJob, ServerEvent } from '@dms/contract';
import { checkAccess } from '../src/access/index.js';
import { refreshReach } from '../src/access/reach.js';
import type { AuthContext } from '../src/types.js';
import { eventually } from './boxes.js';
import { bearer, body, buildTestApp, login, testDialects, type TestApp } from './helper.js';

const dialects = await testDialects();

/**
 * The visibility matrix of issue 12 (docs/people.md): a hierarchy of every kind of user and devices reached in every
 * way, and an oracle written from the rules alone (not from reach.ts). Every user × every device × every path (the
 * device list, the device page, fault records, history, charts, the map (also the dashboard's and the large
 * screen's), the device export, live-push subscriptions, and the access module's read, data, write and switch) must
 * agree with it: 0 leaks, 0 misses.
 */

interface U {
  name: string;
  roles: string[];
  parent: string | null;
  ck?: string;
  level: number;
}
const USERS: U[] = [
  { name: 'm_root', roles: ['root'], parent: null, level: 1 },
  { name: 'm_limited', roles: ['limited_admin'], parent: 'm_root', level: 2 },
  { name: 'm_factory1', roles: ['manufacturer'], parent: 'm_root', ck: '1333', level: 3 },
  { name: 'm_dist1', roles: ['district_distributor'], parent: 'm_factory1', ck: '1333', level: 4 },
  { name: 'm_dist2', roles: ['regional_distributor'], parent: 'm_dist1', ck: '1333', level: 5 },
  { name: 'm_distx', roles: ['district_distributor'], parent: 'm_root', ck: '1333', level: 4 },
  { name: 'm_factory2', roles: ['manufacturer'], parent: 'm_root', ck: '2444', level: 3 },
  { name: 'm_mgr1', roles: ['manager'], parent: 'm_root', level: 6 },
  { name: 'm_sub1', roles: ['manager'], parent: 'm_mgr1', level: 6 },
  { name: 'm_sub2', roles: ['manager'], parent: 'm_sub1', level: 6 },
  { name: 'm_sub3', roles: ['manager'], parent: 'm_sub2', level: 6 },
  { name: 'm_mgr2', roles: ['manager'], parent: 'm_root', level: 6 },
  { name: 'm_helper1', roles: ['helper'], parent: 'm_mgr1', level: 7 },
  { name: 'm_helper2', roles: ['helper'], parent: 'm_sub2', level: 7 },
  { name: 'm_user1', roles: ['end_user'], parent: 'm_mgr1', level: 8 },
];

interface Link {
  kind: 'assigned' | 'shared' | 'helper';
  to: string;
  from: string;
  canSwitch?: boolean;
  hidden?: boolean;
  recalled?: boolean;
}
interface D {
  name: string;
  owner: string;
  ck: string | null;
  links: Link[];
}
const DEVICES: D[] = [
  { name: 'own', owner: 'm_mgr1', ck: null, links: [] },
  {
    name: 'chain3',
    owner: 'm_sub3',
    ck: null,
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1' },
      { kind: 'assigned', to: 'm_sub2', from: 'm_sub1' },
      { kind: 'assigned', to: 'm_sub3', from: 'm_sub2' },
    ],
  },
  {
    name: 'chainHiddenAtSub2',
    owner: 'm_sub3',
    ck: null,
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1' },
      { kind: 'assigned', to: 'm_sub2', from: 'm_sub1', hidden: true },
      { kind: 'assigned', to: 'm_sub3', from: 'm_sub2' },
    ],
  },
  {
    name: 'assignedThenShared',
    owner: 'm_sub2',
    ck: '2444',
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1' },
      { kind: 'assigned', to: 'm_sub2', from: 'm_sub1' },
      { kind: 'helper', to: 'm_helper2', from: 'm_sub2', canSwitch: true },
    ],
  },
  {
    name: 'sharedTwice',
    owner: 'm_mgr1',
    ck: '1333',
    links: [
      { kind: 'helper', to: 'm_helper1', from: 'm_mgr1' },
      { kind: 'shared', to: 'm_user1', from: 'm_mgr1', canSwitch: true },
    ],
  },
  { name: 'sharerNotOwner', owner: 'm_mgr2', ck: null, links: [{ kind: 'helper', to: 'm_helper1', from: 'm_mgr1', canSwitch: true }] },
  { name: 'recalledShare', owner: 'm_mgr1', ck: null, links: [{ kind: 'helper', to: 'm_helper1', from: 'm_mgr1', recalled: true }] },
  {
    name: 'brokenChain',
    owner: 'm_sub2',
    ck: null,
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1', recalled: true },
      { kind: 'assigned', to: 'm_sub2', from: 'm_sub1' },
    ],
  },
  { name: 'ck1333', owner: 'm_user1', ck: '1333', links: [] },
  { name: 'ck2444', owner: 'm_mgr2', ck: '2444', links: [] },
  { name: 'limitedOwn', owner: 'm_limited', ck: null, links: [] },
];

/** What the rules of docs/people.md grant: the oracle, from the fixture alone. */
function oracle(user: U, d: D): { read: boolean; data: boolean; write: boolean; switch: boolean } {
  const live = d.links.filter((l) => !l.recalled);
  const all = user.roles.includes('root');
  const seesAll = all || user.roles.includes('limited_admin');
  const owner = d.owner === user.name;
  // Up the chain from the owner.
  let chain = false;
  let chainData = true;
  let hidden = false;
  for (let current = d.owner, guard = 0; guard < 10; guard++) {
    const link = live.find((l) => l.kind === 'assigned' && l.to === current);
    if (!link) break;
    hidden ||= link.hidden === true;
    if (link.from === user.name) {
      chain = true;
      chainData = !hidden;
      break;
    }
    current = link.from;
  }
  const share = live.find((l) => (l.kind === 'helper' || l.kind === 'shared') && l.to === user.name && l.from === d.owner);
  const parents = new Map(USERS.map((u) => [u.name, u.parent]));
  const ancestors = (name: string) => {
    const out: string[] = [];
    for (let p = parents.get(name) ?? null; p !== null; p = parents.get(p) ?? null) out.push(p);
    return out;
  };
  const factories = USERS.filter((u) => u.roles.includes('manufacturer') && u.ck !== undefined && u.ck === d.ck).map((u) => u.name);
  const ckReach =
    d.ck !== null &&
    user.ck === d.ck &&
    (user.roles.includes('manufacturer') ||
      (user.roles.some((r) => r === 'district_distributor' || r === 'regional_distributor') &&
        ancestors(user.name).some((a) => factories.includes(a))));
  const read = seesAll || owner || chain || share !== undefined || ckReach;
  const data = seesAll || owner || share !== undefined || ckReach || (chain && chainData);
  return { read, data, write: all || owner, switch: all || owner || share?.canSwitch === true };
}

describe.each(dialects)('the visibility matrix on %s', (dialect) => {
  let t: TestApp;
  const id = new Map<string, number>();
  const deviceId = new Map<string, number>();
  const auth = new Map<string, AuthContext>();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const db = t.app.db;
    const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'demo_root').executeTakeFirstOrThrow())
      .password_hash;
    const now = t.clock.now;
    for (const u of USERS) {
      const row = await db
        .insertInto('users')
        .values({
          username: u.name,
          password_hash: hash,
          roles: JSON.stringify(u.roles),
          level: u.level,
          is_manager: u.roles.includes('manager') ? 1 : 0,
          group_extra: u.ck ?? null,
          ck: u.ck ?? null,
          name: u.name,
          avatar: '',
          introduction: '',
          remark: '',
          parent_id: u.parent ? (id.get(u.parent) ?? null) : null,
          created_at: now,
          password_changed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id.set(u.name, row.id);
    }
    const uid = (name: string) => id.get(name) ?? 0;
    for (const [i, d] of DEVICES.entries()) {
      const boxId = 7100 + i;
      await db
        .insertInto('boxes')
        .values({
          box_id: boxId,
          owner_id: uid(d.owner),
          secret_hash: '00',
          box_type: 'test',
          contact: '',
          company_name: '',
          push_warning: 0,
          push_fault: 0,
          push_normal: 0,
          registered_at: now,
          registered_by: uid('m_root'),
          online: 0,
          ck: d.ck,
        })
        .execute();
      const row = await db
        .insertInto('devices')
        .values({
          box_id: boxId,
          controller: 1,
          type_id: null,
          type_code: 'screw-compressor',
          owner_id: uid(d.owner),
          status: 'offline',
          online: 0,
          fault: 0,
          alert: 0,
          last_seen: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      deviceId.set(d.name, row.id);
      for (const l of d.links) {
        await db
          .insertInto('device_links')
          .values({
            device_id: row.id,
            kind: l.kind,
            user_id: uid(l.to),
            source_user_id: uid(l.from),
            can_switch: l.canSwitch ? 1 : 0,
            show_value: l.hidden ? 0 : 1,
            created_at: now,
            recalled_at: l.recalled ? now : null,
          })
          .execute();
      }
    }
    await refreshReach(db, [...deviceId.values()]);
    for (const u of USERS) {
      const user = await db.selectFrom('users').selectAll().where('id', '=', uid(u.name)).executeTakeFirstOrThrow();
      auth.set(u.name, { user, roles: u.roles, sessionId: 0 });
    }
  });
  afterAll(async () => t.close());

  /** The device ids a user's live-push socket is allowed to subscribe, of the given ones. */
  async function subscribable(base: string, token: string, ids: number[]): Promise<Set<number>> {
    const ws = new WebSocket(`${base}/api/v2/ws`);
    const events: ServerEvent[] = [];
    ws.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()) as ServerEvent));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token }));
    await eventually(() => {
      expect(events.some((e) => e.type === 'ready')).toBe(true);
    });
    ws.send(JSON.stringify({ type: 'subscribe', devices: ids }));
    const answer = await eventually(() => {
      const found = events.find((e) => e.type === 'subscribed');
      expect(found).toBeDefined();
      return found;
    });
    ws.close();
    return new Set(answer?.type === 'subscribed' ? answer.devices : []);
  }

  /** The box ids of a user's device export (every device they see). */
  async function exportedBoxes(token: string): Promise<Set<number>> {
    const started = body(
      await t.app.inject({ method: 'POST', url: '/api/v2/exports', headers: bearer(token), payload: { kind: 'devices', filter: {} } }),
    ).data as ExportJob;
    await eventually(async () => {
      const job = body(await t.app.inject({ method: 'GET', url: `/api/v2/exports/${started.id}`, headers: bearer(token) }))
        .data as ExportJob;
      expect(job.state).toBe('ready');
    });
    const file = await t.app.inject({ method: 'GET', url: `/api/v2/exports/${started.id}/file`, headers: bearer(token) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const boxes = new Set<number>();
    wb.worksheets[0]?.eachRow((row, n) => {
      if (n > 1) boxes.add(Number(row.getCell(1).value));
    });
    return boxes;
  }

  it('every user × device × path agrees with the rules: 0 leaks, 0 misses', async () => {
    const problems: string[] = [];
    let checks = 0;
    const ids = [...deviceId.values()];
    const nameOf = new Map([...deviceId].map(([n, i]) => [i, n]));
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    for (const u of USERS) {
      const a = auth.get(u.name) as AuthContext;
      const token = await login(t.app, u.name);
      const listed = new Set(
        (
          body(await t.app.inject({ method: 'GET', url: '/api/v2/devices?page_size=200', headers: bearer(token) })).data as {
            items: Array<{ id: number }>;
          }
        ).items.map((r) => r.id),
      );
      const mapped = new Set(
        (body(await t.app.inject({ method: 'GET', url: '/api/v2/fleet/map', headers: bearer(token) })).data as Array<{ id: number }>).map(
          (p) => p.id,
        ),
      );
      const exported = await exportedBoxes(token);
      const live = await subscribable(base, token, ids);
      const granted = {
        read: await checkAccess(t.app.db, { auth: a, permission: 'device.read', ids }),
        data: await checkAccess(t.app.db, { auth: a, permission: 'device.data', ids }),
        write: await checkAccess(t.app.db, { auth: a, permission: 'device.write', ids }),
        switch: await checkAccess(t.app.db, { auth: a, permission: 'device.switch', ids }),
      };
      for (const [i, d] of DEVICES.entries()) {
        const want = oracle(u, d);
        const dev = deviceId.get(d.name) ?? 0;
        const detail = await t.app.inject({ method: 'GET', url: `/api/v2/devices/${7100 + i}/1`, headers: bearer(token) });
        const faults = await t.app.inject({ method: 'GET', url: `/api/v2/devices/${7100 + i}/1/fault-records`, headers: bearer(token) });
        const range = `from=${t.clock.now - 3_600_000}&to=${t.clock.now}`;
        const history = await t.app.inject({ method: 'GET', url: `/api/v2/history/${7100 + i}/1?${range}`, headers: bearer(token) });
        const series = await t.app.inject({
          method: 'GET',
          url: `/api/v2/devices/${7100 + i}/1/series?registers=40002&${range}&points=10`,
          headers: bearer(token),
        });
        const seen = {
          list: listed.has(dev),
          detail: detail.statusCode === 200,
          faultRecords: faults.statusCode === 200,
          history: history.statusCode === 200,
          series: series.statusCode === 200,
          map: mapped.has(dev),
          export: exported.has(7100 + i),
          liveSubscribe: live.has(dev),
          read: granted.read.has(dev),
          data: granted.data.has(dev),
          write: granted.write.has(dev),
          switch: granted.switch.has(dev),
        };
        const expected = {
          list: want.read,
          detail: want.read,
          faultRecords: want.data,
          history: want.data,
          series: want.data,
          map: want.read,
          export: want.read,
          liveSubscribe: want.data,
          read: want.read,
          data: want.data,
          write: want.write,
          switch: want.switch,
        };
        for (const path of Object.keys(expected) as Array<keyof typeof expected>) {
          checks += 1;
          if (seen[path] !== expected[path])
            problems.push(`${u.name} × ${nameOf.get(dev) ?? dev} × ${path}: ${seen[path] ? 'leak' : 'miss'}`);
        }
        if (want.read && !want.data && faults.statusCode !== 200) expect(body(faults).code, `${u.name} ${d.name}`).toBe(40301);
      }
    }
    expect(checks).toBe(USERS.length * DEVICES.length * 12);
    expect(problems).toEqual([]);
  });
});
