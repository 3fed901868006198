import type { Db } from '../db/database.js';
import { CHUNK, chunks } from '../db/chunks.js';
import type { ReachHow } from '../db/schema.js';
import { liveDevice } from './repository.js';

/**
 * Who reaches which device, and how (docs/people.md "How a user reaches a device"): the `device_reach` table that every
 * read of devices joins. It is derived, never edited by hand: `refreshReach` recomputes the rows of some devices from
 * the sources (owner, live links, the box's CK code, the user tree), and every change of a source calls it in the
 * same transaction.
 */

/** One user's reach of one device. */
export interface Reach {
  userId: number;
  deviceId: number;
  how: ReachHow;
  viaUserId: number | null;
  canSwitch: boolean;
  data: boolean;
}

/** The roles that see their CK group's boxes below its factory (docs/people.md "CK groups"). */
export const CK_FACTORY_ROLE = 'manufacturer';
export const CK_DISTRIBUTOR_ROLES: readonly string[] = ['district_distributor', 'regional_distributor'];

/** The CK group a user is the factory of (a manufacturer with a CK code), or null (`/user/check_is_ck_factory`). */
export function ckFactoryOf(auth: { roles: readonly string[]; user: { ck: string | null } }): string | null {
  return auth.roles.includes(CK_FACTORY_ROLE) && auth.user.ck !== null && auth.user.ck !== '' ? auth.user.ck : null;
}

/** Most ids one read of a user's reach or links names; past it the user's rows are read whole and filtered. */
export const REACH_ID_BATCH = CHUNK;

export function parseRoles(json: string): string[] {
  try {
    const roles: unknown = JSON.parse(json);
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

interface DeviceSource {
  id: number;
  owner_id: number;
  ck: string | null;
}

interface LinkSource {
  device_id: number;
  kind: 'assigned' | 'shared' | 'helper';
  user_id: number;
  source_user_id: number;
  can_switch: number;
  show_value: number;
}

/**
 * The users of each CK group who reach its boxes: the factory (role manufacturer with that ck), and the users with
 * that ck and a distributor role who have the factory above them in the user tree.
 */
export async function ckGroups(db: Db, cks: readonly string[]): Promise<Map<string, { factoryId: number; userIds: number[] }[]>> {
  const groups = new Map<string, { factoryId: number; userIds: number[] }[]>();
  if (cks.length === 0) return groups;
  const members = await db.selectFrom('users').select(['id', 'roles', 'ck', 'parent_id']).where('ck', 'in', cks).execute();
  const parents = new Map<number, number | null>(members.map((m) => [m.id, m.parent_id]));
  // Walk every member's ancestors (fetched level by level), to know who is below which factory.
  let pending = [...new Set(members.map((m) => m.parent_id).filter((p): p is number => p !== null && !parents.has(p)))];
  while (pending.length > 0) {
    const rows = await db.selectFrom('users').select(['id', 'parent_id']).where('id', 'in', pending).execute();
    for (const r of rows) parents.set(r.id, r.parent_id);
    pending = [...new Set(rows.map((r) => r.parent_id).filter((p): p is number => p !== null && !parents.has(p)))];
  }
  const ancestorsOf = (id: number): Set<number> => {
    const seen = new Set<number>();
    let current = parents.get(id) ?? null;
    while (current !== null && !seen.has(current)) {
      seen.add(current);
      current = parents.get(current) ?? null;
    }
    return seen;
  };
  for (const ck of cks) {
    const inGroup = members.filter((m) => m.ck === ck).map((m) => ({ ...m, roleList: parseRoles(m.roles) }));
    const factories = inGroup.filter((m) => m.roleList.includes(CK_FACTORY_ROLE));
    groups.set(
      ck,
      factories.map((f) => ({
        factoryId: f.id,
        userIds: inGroup
          .filter((m) => m.id !== f.id && m.roleList.some((r) => CK_DISTRIBUTOR_ROLES.includes(r)) && ancestorsOf(m.id).has(f.id))
          .map((m) => m.id),
      })),
    );
  }
  return groups;
}

/** The reach rows of some devices, from their sources, in the precedence of docs/people.md. */
function deriveReach(
  devices: readonly DeviceSource[],
  links: readonly LinkSource[],
  groups: Map<string, { factoryId: number; userIds: number[] }[]>,
): Reach[] {
  const linksOf = new Map<number, LinkSource[]>();
  for (const l of links) {
    const list = linksOf.get(l.device_id);
    if (list) list.push(l);
    else linksOf.set(l.device_id, [l]);
  }
  const out: Reach[] = [];
  for (const d of devices) {
    const rows = new Map<number, Reach>();
    const add = (userId: number, how: ReachHow, viaUserId: number | null, canSwitch: boolean, data: boolean) => {
      if (!rows.has(userId)) rows.set(userId, { userId, deviceId: d.id, how, viaUserId, canSwitch, data });
    };
    add(d.owner_id, 'owner', null, true, true);
    const own = linksOf.get(d.id) ?? [];
    // Up the assignment chain from the owner: each assigner reaches it, without its data once someone below hid it.
    const assignedTo = new Map(own.filter((l) => l.kind === 'assigned').map((l) => [l.user_id, l]));
    let current = d.owner_id;
    let hidden = false;
    const visited = new Set<number>([current]);
    for (let link = assignedTo.get(current); link && !visited.has(link.source_user_id); link = assignedTo.get(current)) {
      hidden ||= link.show_value === 0;
      add(link.source_user_id, 'assigned', current, false, !hidden);
      current = link.source_user_id;
      visited.add(current);
    }
    // Shares count only while their sharer still owns the device.
    for (const kind of ['helper', 'shared'] as const) {
      for (const l of own)
        if (l.kind === kind && l.source_user_id === d.owner_id) add(l.user_id, kind, l.source_user_id, l.can_switch === 1, true);
    }
    for (const g of d.ck !== null ? (groups.get(d.ck) ?? []) : []) {
      add(g.factoryId, 'ck', null, false, true);
      for (const u of g.userIds) add(u, 'ck', g.factoryId, false, true);
    }
    out.push(...rows.values());
  }
  return out;
}

const sameReach = (a: Reach, b: Reach) =>
  a.how === b.how && a.viaUserId === b.viaUserId && a.canSwitch === b.canSwitch && a.data === b.data;

/**
 * Recomputes the reach of the given devices (those that exist) and answers the users whose reach of them changed:
 * they gained or lost a device, or its how, switch right or data changed. Run it inside the transaction that changed
 * a source; it reads what that transaction wrote.
 */
export async function refreshReach(db: Db, deviceIds: readonly number[]): Promise<number[]> {
  const changed = new Set<number>();
  for (const ids of chunks([...new Set(deviceIds)])) {
    const devices = await db
      .selectFrom('devices as d')
      .leftJoin('boxes as b', 'b.box_id', 'd.box_id')
      .select(['d.id', 'd.owner_id', 'b.ck'])
      .where('d.id', 'in', ids)
      // A deleted box's devices are reached by nobody until it is restored (their old rows go below).
      .where(liveDevice)
      .execute();
    const links = await db
      .selectFrom('device_links')
      .select(['device_id', 'kind', 'user_id', 'source_user_id', 'can_switch', 'show_value'])
      .where('device_id', 'in', ids)
      .where('recalled_at', 'is', null)
      .execute();
    const cks = [...new Set(devices.map((d) => d.ck).filter((c): c is string => c !== null))];
    const next = deriveReach(devices, links, await ckGroups(db, cks));
    const before = await db.selectFrom('device_reach').selectAll().where('device_id', 'in', ids).execute();
    const old = new Map(
      before.map((r) => [
        `${r.user_id}:${r.device_id}`,
        {
          userId: r.user_id,
          deviceId: r.device_id,
          how: r.how,
          viaUserId: r.via_user_id,
          canSwitch: r.can_switch === 1,
          data: r.data === 1,
        },
      ]),
    );
    const fresh = new Map(next.map((r) => [`${r.userId}:${r.deviceId}`, r]));
    for (const [key, r] of old) {
      const now = fresh.get(key);
      if (!now || !sameReach(now, r)) changed.add(r.userId);
    }
    for (const [key, r] of fresh) if (!old.has(key)) changed.add(r.userId);
    await db.deleteFrom('device_reach').where('device_id', 'in', ids).execute();
    for (const part of chunks(next)) {
      await db
        .insertInto('device_reach')
        .values(
          part.map((r) => ({
            user_id: r.userId,
            device_id: r.deviceId,
            how: r.how,
            via_user_id: r.viaUserId,
            can_switch: r.canSwitch ? 1 : 0,
            data: r.data ? 1 : 0,
          })),
        )
        .execute();
    }
  }
  return [...changed];
}

/** Recomputes the reach of every device on boxes carrying a CK code: after a CK group's users or a box's code change. */
export async function refreshReachForCk(db: Db, ck: string): Promise<number[]> {
  const rows = await db
    .selectFrom('devices as d')
    .innerJoin('boxes as b', 'b.box_id', 'd.box_id')
    .select('d.id')
    .where('b.ck', '=', ck)
    .execute();
  return refreshReach(
    db,
    rows.map((r) => r.id),
  );
}

/** Recomputes the reach of every device of some boxes (a claim, a box's new CK code). */
export async function refreshReachForBoxes(db: Db, boxIds: readonly number[]): Promise<number[]> {
  if (boxIds.length === 0) return [];
  const rows = await db.selectFrom('devices').select('id').where('box_id', 'in', boxIds).execute();
  return refreshReach(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * Fills the reach of devices that have none (not even their owner's row): devices of a database made before
 * migration 0008, or written by a path that forgot to refresh. Answers how many devices it filled.
 */
export async function repairReach(db: Db): Promise<number> {
  const missing = await db
    .selectFrom('devices as d')
    .leftJoin('device_reach as r', (join) => join.onRef('r.device_id', '=', 'd.id').onRef('r.user_id', '=', 'd.owner_id'))
    .select('d.id')
    .where('r.device_id', 'is', null)
    .where(liveDevice)
    .execute();
  await refreshReach(
    db,
    missing.map((m) => m.id),
  );
  return missing.length;
}

/** The reach of one user on some devices (root, admin and limited_admin have none: they see everything). */
export async function reachOf(db: Db, userId: number, deviceIds: readonly number[]): Promise<Map<number, Reach>> {
  const out = new Map<number, Reach>();
  const wanted = new Set(deviceIds);
  const add = (r: { user_id: number; device_id: number; how: ReachHow; via_user_id: number | null; can_switch: number; data: number }) => {
    if (!wanted.has(r.device_id)) return;
    out.set(r.device_id, {
      userId: r.user_id,
      deviceId: r.device_id,
      how: r.how,
      viaUserId: r.via_user_id,
      canSwitch: r.can_switch === 1,
      data: r.data === 1,
    });
  };
  // Many devices (a map, an export): one read of all the user's rows beats a statement per thousand ids.
  if (wanted.size > REACH_ID_BATCH) {
    for (const r of await db.selectFrom('device_reach').selectAll().where('user_id', '=', userId).execute()) add(r);
    return out;
  }
  if (wanted.size === 0) return out;
  const rows = await db
    .selectFrom('device_reach')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_id', 'in', [...wanted])
    .execute();
  for (const r of rows) add(r);
  return out;
}
