import { sql } from 'kysely';
import { childrenWithRole, liveDevice, type ChildRole } from '../../../access/index.js';
import type { Db } from '../../../db/database.js';
import { containsAny } from '../../../db/search.js';
import { deviceSearch } from '../people.js';

/** The kind of device link from the caller to one of their people: a share with a helper, an assignment. */
export type LinkKind = 'helper' | 'assigned';

/** The columns a list of people searches. */
export type SearchColumn = 'username' | 'name' | 'phone' | 'company' | 'region';

/** A list's search: `q` in any of `columns`, and at most one column equal to a value (a helper's type, a state). */
export interface ChildFilter {
  q?: string | undefined;
  columns: readonly SearchColumn[];
  equals?: { column: 'helper_type' | 'disabled'; value: string | number } | undefined;
}

function children(db: Db, parentId: number, role: ChildRole, f: ChildFilter) {
  let query = childrenWithRole(db, parentId, role);
  const { equals, q } = f;
  if (equals) query = query.where(sql<boolean>`${sql.ref(`u.${equals.column}`)} = ${equals.value}`);
  if (q)
    query = query.where(
      containsAny(
        f.columns.map((c) => `u.${c}`),
        q,
      ),
    );
  return query;
}

export async function countChildren(db: Db, parentId: number, role: ChildRole, f: ChildFilter): Promise<number> {
  const { total } = await children(db, parentId, role, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return total;
}

/**
 * A page of the caller's children holding `role`, newest first, with their template and how many devices the caller
 * links to them (`linked`; of those, `switching` with the switch right).
 */
export function listChildren(
  db: Db,
  parentId: number,
  kind: { role: ChildRole; link: LinkKind },
  f: ChildFilter,
  page: { offset: number; limit: number },
) {
  return children(db, parentId, kind.role, f)
    .leftJoin('permission_templates as t', 't.id', 'u.template_id')
    .select((eb) => {
      const links = () =>
        eb
          .selectFrom('device_links as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.user_id', '=', 'u.id')
          .where('l.source_user_id', '=', parentId)
          .where('l.kind', '=', kind.link)
          .where('l.recalled_at', 'is', null);
      return [
        'u.id',
        'u.username',
        'u.name',
        'u.phone',
        'u.company',
        'u.ck',
        'u.helper_type',
        'u.region',
        'u.remark',
        'u.disabled',
        'u.created_at',
        't.id as template_id',
        't.name as template_name',
        't.builtin as template_builtin',
        links().as('linked'),
        links().where('l.can_switch', '=', 1).as('switching'),
      ];
    })
    .orderBy('u.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
export type ChildRecord = Awaited<ReturnType<typeof listChildren>>[number];

/**
 * The devices on the page of a person's devices: `linked`, those the caller's live link of `kind` reaches them by
 * (an assigned device may since belong to someone below them); else those the caller owns without one.
 */
function personDevices(db: Db, sourceId: number, userId: number, kind: LinkKind, linked: boolean, q: string | undefined) {
  const base = db
    .selectFrom('devices as d')
    .leftJoin('device_links as l', (j) =>
      j
        .onRef('l.device_id', '=', 'd.id')
        .on('l.user_id', '=', userId)
        .on('l.source_user_id', '=', sourceId)
        .on('l.kind', '=', kind)
        .on('l.recalled_at', 'is', null),
    )
    .leftJoin('users as o', 'o.id', 'd.owner_id')
    .where(liveDevice);
  const scoped = linked ? base.where('l.id', 'is not', null) : base.where('d.owner_id', '=', sourceId).where('l.id', 'is', null);
  const search = deviceSearch(q);
  return search ? scoped.where(search) : scoped;
}

export async function listPersonDevices(
  db: Db,
  sourceId: number,
  userId: number,
  kind: LinkKind,
  linked: boolean,
  q: { q?: string | undefined; offset: number; limit: number },
) {
  const { total } = await personDevices(db, sourceId, userId, kind, linked, q.q)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const items = await personDevices(db, sourceId, userId, kind, linked, q.q)
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
      'l.created_at as linked_at',
      'l.can_switch',
      'l.show_value',
    ])
    .orderBy('d.box_id')
    .orderBy('d.controller')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { total, items };
}
export type PersonDeviceRecord = Awaited<ReturnType<typeof listPersonDevices>>['items'][number];

/** The devices the caller owns and may link to the person: all those not linked yet. */
export async function linkableIds(db: Db, sourceId: number, userId: number, kind: LinkKind): Promise<number[]> {
  return (await personDevices(db, sourceId, userId, kind, false, undefined).select('d.id').execute()).map((r) => r.id);
}

/** The live links of `kind` from `sourceId` to `userId` (on some devices, or all). */
export function liveLinks(db: Db, kind: LinkKind, sourceId: number, userId: number, deviceIds?: readonly number[]) {
  let query = db
    .selectFrom('device_links')
    .select(['id', 'device_id', 'can_switch'])
    .where('source_user_id', '=', sourceId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('recalled_at', 'is', null);
  if (deviceIds) query = query.where('device_id', 'in', deviceIds);
  return query.execute();
}

/** Links devices from `sourceId` to `userId` (shown to superiors), in chunks under the bound-parameter limits. */
export async function insertLinks(
  db: Db,
  kind: LinkKind,
  sourceId: number,
  userId: number,
  deviceIds: readonly number[],
  canSwitch: boolean,
  now: number,
): Promise<void> {
  for (let i = 0; i < deviceIds.length; i += 500) {
    await db
      .insertInto('device_links')
      .values(
        deviceIds.slice(i, i + 500).map((deviceId) => ({
          device_id: deviceId,
          kind,
          user_id: userId,
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
