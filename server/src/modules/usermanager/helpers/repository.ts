import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { childrenWithRole, deviceSearch, likePattern } from '../people.js';

/** The caller's helpers: children with the role helper. */
function helpersOf(db: Db, parentId: number, q: { q?: string | undefined; helperType?: string | undefined }) {
  let query = childrenWithRole(db, parentId, 'helper');
  if (q.helperType) query = query.where('u.helper_type', '=', q.helperType);
  if (q.q) {
    const like = likePattern(q.q);
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`u.username like ${like} escape '\\'`,
        sql<boolean>`u.name like ${like} escape '\\'`,
        sql<boolean>`u.region like ${like} escape '\\'`,
      ]),
    );
  }
  return query;
}

export async function listHelpers(
  db: Db,
  parentId: number,
  q: { q?: string | undefined; helperType?: string | undefined; offset: number; limit: number },
) {
  const { total } = await helpersOf(db, parentId, q)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const items = await helpersOf(db, parentId, q)
    .leftJoin('permission_templates as t', 't.id', 'u.template_id')
    .select((eb) => [
      'u.id',
      'u.username',
      'u.name',
      'u.phone',
      'u.helper_type',
      'u.region',
      'u.remark',
      'u.created_at',
      't.id as template_id',
      't.name as template_name',
      't.builtin as template_builtin',
      eb
        .selectFrom('device_links as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.user_id', '=', 'u.id')
        .where('l.kind', '=', 'helper')
        .where('l.recalled_at', 'is', null)
        .as('shared'),
      eb
        .selectFrom('device_links as l')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('l.user_id', '=', 'u.id')
        .where('l.kind', '=', 'helper')
        .where('l.can_switch', '=', 1)
        .where('l.recalled_at', 'is', null)
        .as('switching'),
    ])
    .orderBy('u.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { total: total, items };
}

export async function helperRegions(db: Db, parentId: number): Promise<string[]> {
  const rows = await helpersOf(db, parentId, {}).select('u.region').distinct().where('u.region', '!=', '').orderBy('u.region').execute();
  return rows.flatMap((r) => (r.region ? [r.region] : []));
}

/** One user if they are a helper of `parentId`. */
export function helperOf(db: Db, parentId: number, userId: number) {
  return helpersOf(db, parentId, {}).selectAll('u').where('u.id', '=', userId).executeTakeFirst();
}

/** The devices of `ownerId` shared (or not) with a helper, as the helper-device screen lists them. */
function ownedDevices(db: Db, ownerId: number, helperId: number, shared: boolean, q: string | undefined) {
  let query = db
    .selectFrom('devices as d')
    .leftJoin('device_links as l', (j) =>
      j.onRef('l.device_id', '=', 'd.id').on('l.user_id', '=', helperId).on('l.kind', '=', 'helper').on('l.recalled_at', 'is', null),
    )
    .where('d.owner_id', '=', ownerId)
    .where('l.id', shared ? 'is not' : 'is', null);
  const search = deviceSearch(q);
  if (search) query = query.where(search);
  return query;
}

export async function listOwnedDevices(
  db: Db,
  ownerId: number,
  helperId: number,
  shared: boolean,
  q: { q?: string | undefined; offset: number; limit: number },
) {
  const { total } = await ownedDevices(db, ownerId, helperId, shared, q.q)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const items = await ownedDevices(db, ownerId, helperId, shared, q.q)
    .select([
      'd.id',
      'd.box_id',
      'd.controller',
      'd.company',
      'd.station_no',
      'd.model',
      'd.status',
      'l.can_switch',
      'l.created_at as shared_at',
    ])
    .orderBy('d.box_id')
    .orderBy('d.controller')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { total: total, items };
}

/** The device ids among `ids` (all when omitted) that `ownerId` owns and does not share with the helper. */
export async function unsharedIds(db: Db, ownerId: number, helperId: number, ids?: readonly number[]): Promise<number[]> {
  let query = ownedDevices(db, ownerId, helperId, false, undefined).select('d.id');
  if (ids) query = query.where('d.id', 'in', ids);
  return (await query.execute()).map((r) => r.id);
}

/** The live helper links from `sourceId` to the helper (on some devices, or all). */
export function liveShares(db: Db, sourceId: number, helperId: number, deviceIds?: readonly number[]) {
  let query = db
    .selectFrom('device_links')
    .select(['id', 'device_id', 'can_switch'])
    .where('source_user_id', '=', sourceId)
    .where('user_id', '=', helperId)
    .where('kind', '=', 'helper')
    .where('recalled_at', 'is', null);
  if (deviceIds) query = query.where('device_id', 'in', deviceIds);
  return query.execute();
}

export async function insertShares(
  db: Db,
  sourceId: number,
  helperId: number,
  deviceIds: readonly number[],
  canSwitch: boolean,
  now: number,
) {
  for (let i = 0; i < deviceIds.length; i += 500) {
    await db
      .insertInto('device_links')
      .values(
        deviceIds.slice(i, i + 500).map((deviceId) => ({
          device_id: deviceId,
          kind: 'helper' as const,
          user_id: helperId,
          source_user_id: sourceId,
          can_switch: canSwitch ? 1 : 0,
          show_value: 1,
          created_at: now,
          recalled_at: null,
        })),
      )
      .execute();
  }
}

export async function setSwitch(db: Db, linkIds: readonly number[], canSwitch: boolean): Promise<void> {
  for (let i = 0; i < linkIds.length; i += 500) {
    await db
      .updateTable('device_links')
      .set({ can_switch: canSwitch ? 1 : 0 })
      .where('id', 'in', linkIds.slice(i, i + 500))
      .execute();
  }
}

/** Every live link to a user, from anyone (a helper being deleted). */
export function linksToUser(db: Db, userId: number) {
  return db.selectFrom('device_links').select(['id', 'device_id']).where('user_id', '=', userId).where('recalled_at', 'is', null).execute();
}
