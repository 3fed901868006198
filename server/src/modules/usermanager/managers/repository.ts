import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { childrenWithRole, deviceSearch, endLinks, likePattern } from '../people.js';

/** The caller's sub-managers: children with the role manager. */
function managersOf(db: Db, parentId: number, q: { q?: string | undefined; state?: string | undefined }) {
  let query = childrenWithRole(db, parentId, 'manager');
  if (q.state) query = query.where('u.disabled', '=', q.state === 'disabled' ? 1 : 0);
  if (q.q) {
    const like = likePattern(q.q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`u.username like ${like} escape '\\'`,
        sql<boolean>`u.name like ${like} escape '\\'`,
        sql<boolean>`u.company like ${like} escape '\\'`,
        sql<boolean>`u.phone like ${like} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function countManagers(db: Db, parentId: number, q: { q?: string | undefined; state?: string | undefined }) {
  const { total } = await managersOf(db, parentId, q)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return total;
}

export function listManagers(
  db: Db,
  parentId: number,
  q: { q?: string | undefined; state?: string | undefined; offset: number; limit: number },
) {
  return managersOf(db, parentId, q)
    .leftJoin('permission_templates as t', 't.id', 'u.template_id')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.name',
      'u.company',
      'u.phone',
      'u.ck',
      'u.remark',
      'u.disabled',
      'u.created_at',
      't.id as template_id',
      't.name as template_name',
      't.builtin as template_builtin',
      eb
        .selectFrom('device_links as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.user_id', '=', 'u.id')
        .where('l.source_user_id', '=', parentId)
        .where('l.kind', '=', 'assigned')
        .where('l.recalled_at', 'is', null)
        .as('assigned'),
    ])
    .orderBy('u.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
}

/** One user if they are a sub-manager of `parentId`. */
export function managerOf(db: Db, parentId: number, userId: number) {
  return managersOf(db, parentId, {}).selectAll('u').where('u.id', '=', userId).executeTakeFirst();
}

/** The devices `sourceId` assigned to `userId` (live links), or those `sourceId` owns (assignable). */
function managerDevices(db: Db, sourceId: number, userId: number, assigned: boolean, q: string | undefined) {
  const base = db
    .selectFrom('devices as d')
    .leftJoin('device_links as l', (j) =>
      j
        .onRef('l.device_id', '=', 'd.id')
        .on('l.user_id', '=', userId)
        .on('l.source_user_id', '=', sourceId)
        .on('l.kind', '=', 'assigned')
        .on('l.recalled_at', 'is', null),
    )
    .leftJoin('users as o', 'o.id', 'd.owner_id');
  const search = deviceSearch(q);
  const scoped = assigned ? base.where('l.id', 'is not', null) : base.where('d.owner_id', '=', sourceId);
  return search ? scoped.where(search) : scoped;
}

export async function listManagerDevices(
  db: Db,
  sourceId: number,
  userId: number,
  assigned: boolean,
  q: { q?: string | undefined; offset: number; limit: number },
) {
  const { total } = await managerDevices(db, sourceId, userId, assigned, q.q)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const items = await managerDevices(db, sourceId, userId, assigned, q.q)
    .select([
      'd.id',
      'd.box_id',
      'd.controller',
      'd.company',
      'd.station_no',
      'd.model',
      'd.status',
      'd.owner_id',
      'o.username as owner_name',
      'l.created_at as assigned_at',
      'l.show_value',
    ])
    .orderBy('d.box_id')
    .orderBy('d.controller')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { total, items };
}

/** Live assignments from `sourceId` to `userId` (on some devices, or all). */
export function liveAssignments(db: Db, sourceId: number, userId: number, deviceIds?: readonly number[]) {
  let query = db
    .selectFrom('device_links')
    .select(['id', 'device_id'])
    .where('source_user_id', '=', sourceId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'assigned')
    .where('recalled_at', 'is', null);
  if (deviceIds) query = query.where('device_id', 'in', deviceIds);
  return query.execute();
}

/** The devices among `ids` and their owners (in chunks under the bound-parameter limits). */
export async function ownersOf(db: Db, ids: readonly number[]) {
  const out: { id: number; owner_id: number; box_id: number; controller: number }[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('devices')
        .select(['id', 'owner_id', 'box_id', 'controller'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

/** The kinds of link a sharer makes (to a helper, to anyone else): they end when the sharer loses the device. */
const SHARE_KINDS = ['helper', 'shared'] as const;

/**
 * The live shares `sourceId` made of some devices, with the person each is to (what assigning them would end),
 * in chunks under the bound-parameter limits.
 */
export async function sharesBy(db: Db, sourceId: number, deviceIds: readonly number[]) {
  const out: { device_id: number; user_id: number; username: string; name: string }[] = [];
  for (let i = 0; i < deviceIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('device_links as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.device_id', 'l.user_id', 'u.username', 'u.name'])
        .where('l.device_id', 'in', deviceIds.slice(i, i + 500))
        .where('l.source_user_id', '=', sourceId)
        .where('l.kind', 'in', SHARE_KINDS)
        .where('l.recalled_at', 'is', null)
        .execute()),
    );
  }
  return out;
}

/**
 * Assigns devices `sourceId` owns to `userId`: `userId` becomes the owner, a live assigned link records who assigned
 * it, and the shares `sourceId` made of them end (sharing ends when the sharer loses the device; `sharesBy` lists them
 * beforehand).
 */
export async function assignDevices(db: Db, sourceId: number, userId: number, deviceIds: readonly number[], now: number) {
  for (let i = 0; i < deviceIds.length; i += 500) {
    const part = deviceIds.slice(i, i + 500);
    await db
      .updateTable('device_links')
      .set({ recalled_at: now })
      .where('device_id', 'in', part)
      .where('source_user_id', '=', sourceId)
      .where('kind', 'in', SHARE_KINDS)
      .where('recalled_at', 'is', null)
      .execute();
    await db.updateTable('devices').set({ owner_id: userId }).where('id', 'in', part).execute();
    await db
      .insertInto('device_links')
      .values(
        part.map((deviceId) => ({
          device_id: deviceId,
          kind: 'assigned' as const,
          user_id: userId,
          source_user_id: sourceId,
          can_switch: 0,
          show_value: 1,
          created_at: now,
          recalled_at: null,
        })),
      )
      .execute();
  }
}

/** The live links of some devices. */
export async function liveLinksOf(db: Db, deviceIds: readonly number[]) {
  const out: { id: number; device_id: number; kind: string; user_id: number; source_user_id: number; show_value: number }[] = [];
  for (let i = 0; i < deviceIds.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('device_links')
        .select(['id', 'device_id', 'kind', 'user_id', 'source_user_id', 'show_value'])
        .where('device_id', 'in', deviceIds.slice(i, i + 500))
        .where('recalled_at', 'is', null)
        .execute()),
    );
  }
  return out;
}

/**
 * The links a recall by `recallerId` ends on one device: every live link except the assignments that brought the
 * device to the recaller (the chain above them). Answers null when the recaller is not in the device's assignment
 * chain above its owner.
 */
export function recallPlan(
  ownerId: number,
  links: readonly { id: number; kind: string; user_id: number; source_user_id: number }[],
  recallerId: number,
): { ends: number[] } | null {
  const assignedTo = new Map(links.filter((l) => l.kind === 'assigned').map((l) => [l.user_id, l]));
  let inChain = false;
  const seen = new Set<number>([ownerId]);
  for (let link = assignedTo.get(ownerId); link && !seen.has(link.source_user_id); link = assignedTo.get(link.source_user_id)) {
    seen.add(link.source_user_id);
    if (link.source_user_id === recallerId) {
      inChain = true;
      break;
    }
  }
  if (!inChain) return null;
  const kept = new Set<number>();
  const seenAbove = new Set<number>([recallerId]);
  for (let link = assignedTo.get(recallerId); link && !seenAbove.has(link.source_user_id); link = assignedTo.get(link.source_user_id)) {
    kept.add(link.id);
    seenAbove.add(link.source_user_id);
  }
  return { ends: links.filter((l) => !kept.has(l.id)).map((l) => l.id) };
}

/** Ends the planned links and makes the recaller the owner of the devices. */
export async function applyRecall(db: Db, recallerId: number, deviceIds: readonly number[], linkIds: readonly number[], now: number) {
  await endLinks(db, linkIds, now);
  for (let i = 0; i < deviceIds.length; i += 500) {
    await db
      .updateTable('devices')
      .set({ owner_id: recallerId })
      .where('id', 'in', deviceIds.slice(i, i + 500))
      .execute();
  }
}
