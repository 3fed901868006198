import { refreshReach } from '../src/access/reach.js';
import type { AuthContext } from '../src/types.js';
import { bearer, buildTestApp, login, type TestApp } from './helper.js';
import { reg } from './registers.js';

/**
 * The visibility matrix's fixture (issues 12 and 18; docs/people.md): a hierarchy of every kind of user, devices
 * reached in every way and in every state (in fault, in alert, offline; hidden from superiors or not), each with an
 * open fault and warning and a status transition, one user whose template withholds the faults register, and the
 * oracles written from the rules alone (not from reach.ts or faults.ts).
 */

export const FAULT_BITS = reg('screw-compressor', 'fault_bits');
export const ALERT_BITS = reg('screw-compressor', 'alert_bits');
/** Box ids of the fixture's devices: BOX0 + their index in DEVICES, controller 1. */
export const BOX0 = 7100;

export interface U {
  name: string;
  roles: string[];
  parent: string | null;
  ck?: string;
  level: number;
  /** Their template withholds the faults register (the bits of `fault_bits`): they read everything else. */
  noFaultBits?: boolean;
}
export const USERS: U[] = [
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
  { name: 'm_helper1', roles: ['helper'], parent: 'm_mgr1', level: 7, noFaultBits: true },
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
export interface D {
  name: string;
  owner: string;
  ck: string | null;
  links: Link[];
  /** Its status (default online_fault): every device has an open fault (fault_bits bit 0) and an open warning (alert_bits bit 1). */
  status?: 'online_fault' | 'offline_fault' | 'offline_alert' | 'offline';
  /** Its box is deleted (/smartbox/box-delete, by `deleteFixtureBoxes`): nobody sees it on any path, root included. */
  deleted?: boolean;
}
export const DEVICES: D[] = [
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
  // Hidden from superiors, in every state: in fault, in alert while offline, offline in fault; one also shared on.
  {
    name: 'hiddenInFault',
    owner: 'm_sub1',
    ck: null,
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1', hidden: true },
      { kind: 'helper', to: 'm_helper2', from: 'm_sub1' },
    ],
  },
  {
    name: 'hiddenAlertOffline',
    owner: 'm_sub2',
    ck: '1333',
    status: 'offline_alert',
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1' },
      { kind: 'assigned', to: 'm_sub2', from: 'm_sub1', hidden: true },
    ],
  },
  {
    name: 'hiddenOfflineFault',
    owner: 'm_sub1',
    ck: null,
    status: 'offline_fault',
    links: [{ kind: 'assigned', to: 'm_sub1', from: 'm_mgr1', hidden: true }],
  },
  { name: 'plainOffline', owner: 'm_mgr1', ck: null, status: 'offline', links: [{ kind: 'helper', to: 'm_helper1', from: 'm_mgr1' }] },
  // A deleted box in fault, reached before its deletion in every way: owned, assigned up a chain, shared, by its CK.
  {
    name: 'deletedBox',
    owner: 'm_sub1',
    ck: '1333',
    deleted: true,
    links: [
      { kind: 'assigned', to: 'm_sub1', from: 'm_mgr1' },
      { kind: 'helper', to: 'm_helper1', from: 'm_sub1' },
    ],
  },
];

/** What the rules of docs/people.md grant: the oracle, from the fixture alone. */
export function oracle(user: U, d: D): { read: boolean; data: boolean; write: boolean; switch: boolean } {
  if (d.deleted) return { read: false, data: false, write: false, switch: false };
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

/**
 * Which kinds of the device's open faults the user sees (docs/people.md "Fault records"): none without its data; of
 * those, the ones decoded from a register their template reads (a plain offline device has none to see).
 */
export function faultOracle(user: U, d: D): Set<'fault' | 'alert'> {
  if (!oracle(user, d).data || d.status === 'offline') return new Set();
  return new Set(user.noFaultBits ? ['alert'] : ['fault', 'alert']);
}

export interface Matrix {
  t: TestApp;
  /** User ids and device ids by fixture name. */
  id: Map<string, number>;
  deviceId: Map<string, number>;
  auth: Map<string, AuthContext>;
}

/**
 * Deletes the boxes of the fixture's deleted devices as root does (/smartbox/box-delete), once everything they carry
 * (notifications, cards, announcements) exists: what was there before must vanish too.
 */
export async function deleteFixtureBoxes(m: Matrix): Promise<void> {
  const token = await login(m.t.app, 'm_root');
  for (const [i, d] of DEVICES.entries()) {
    if (!d.deleted) continue;
    const res = await m.t.app.inject({
      method: 'POST',
      url: '/api/v2/smartbox/box-delete',
      headers: bearer(token),
      payload: { boxId: BOX0 + i },
    });
    if (res.statusCode !== 200) throw new Error(`the fixture's box ${BOX0 + i} could not be deleted: ${res.body}`);
  }
}

/** A fresh app with the fixture written into its database (the reach table derived from it). */
export async function buildMatrix(dialect: 'sqlite' | 'postgres'): Promise<Matrix> {
  const id = new Map<string, number>();
  const deviceId = new Map<string, number>();
  const auth = new Map<string, AuthContext>();
  // Each user's API key calls every path of every device at once (visibility-matrix.test.ts): no rate limit in the way.
  const t = await buildTestApp(dialect, { API_KEY_BURST: '100000' });
  const db = t.app.db;
  const hash = (await db.selectFrom('users').select('password_hash').where('username', '=', 'demo_root').executeTakeFirstOrThrow())
    .password_hash;
  const now = t.clock.now;
  const typeId = (await db.selectFrom('controller_types').select('id').where('code', '=', 'screw-compressor').executeTakeFirstOrThrow()).id;
  // The template of users who may not read the faults register: everything else, as Read only does.
  const noFaults = await db
    .insertInto('permission_templates')
    .values({
      name: 'No fault bits',
      level: 7,
      builtin: null,
      default_read: 1,
      default_write: 'none',
      remark: '',
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('permission_template_rights')
    .values({ template_id: noFaults.id, type_id: typeId, register_number: FAULT_BITS, can_read: 0, can_write: 0 })
    .execute();
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
        template_id: u.noFaultBits ? noFaults.id : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id.set(u.name, row.id);
  }
  const uid = (name: string) => id.get(name) ?? 0;
  for (const [i, d] of DEVICES.entries()) {
    const boxId = BOX0 + i;
    const status = d.status ?? 'online_fault';
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
        type_id: typeId,
        type_code: 'screw-compressor',
        owner_id: uid(d.owner),
        status,
        online: status.startsWith('online') ? 1 : 0,
        fault: status.endsWith('fault') ? 1 : 0,
        alert: status.endsWith('alert') ? 1 : 0,
        last_seen: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    deviceId.set(d.name, row.id);
    // A minute ago it went from online into its status; unless it is plainly offline, with an open fault and warning.
    await db
      .insertInto('device_status_log')
      .values({ device_id: row.id, time: now - 60_000, from_status: 'online', to_status: status })
      .execute();
    if (status !== 'offline')
      await db
        .insertInto('fault_records')
        .values([
          {
            device_id: row.id,
            kind: 'fault',
            register: FAULT_BITS,
            bit: 0,
            started_at: now - 60_000,
            ended_at: null,
            snapshot: Buffer.alloc(0),
          },
          {
            device_id: row.id,
            kind: 'alert',
            register: ALERT_BITS,
            bit: 1,
            started_at: now - 60_000,
            ended_at: null,
            snapshot: Buffer.alloc(0),
          },
        ])
        .execute();
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
  return { t, id, deviceId, auth };
}
