import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** Whose devices a query covers: null for every device (root, admin), else the id of the user who sees them. */
export type DeviceScope = number | null;

/**
 * The devices a user sees (spec 1, 4), as a condition on `devices as d`: what they own (assignment moves the owner),
 * what is shared with them or given to them as a helper, and what they assigned down unless the assignee hid it.
 * Every device query goes through this, so scoping cannot be forgotten.
 */
export function visibleTo(userId: number) {
  return (eb: ExpressionBuilder<Database & { d: Database['devices'] }, 'd'>) =>
    eb.or([
      eb('d.owner_id', '=', userId),
      // An IN over the links (not a correlated EXISTS): both sides are answered from indexes, so a list of a user's
      // devices does not visit every device (docs/benchmarks.md).
      eb(
        'd.id',
        'in',
        eb
          .selectFrom('device_links as l')
          .select('l.device_id')
          .where('l.recalled_at', 'is', null)
          .where((w) =>
            w.or([
              w('l.user_id', '=', userId),
              w.and([w('l.source_user_id', '=', userId), w('l.kind', '=', 'assigned'), w('l.show_value', '=', 1)]),
            ]),
          ),
      ),
    ]);
}

/** Of the given device ids, those that exist in the scope. */
export async function devicesAmong(db: Db, scope: DeviceScope, ids: readonly number[]): Promise<number[]> {
  let q = db.selectFrom('devices as d').select('d.id').where('d.id', 'in', ids);
  if (scope !== null) q = q.where(visibleTo(scope));
  return (await q.execute()).map((r) => r.id);
}

/** Every device id a user sees. */
export async function visibleDeviceIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('devices as d').select('d.id').where(visibleTo(userId)).execute();
  return rows.map((r) => r.id);
}

/** The owners of the given devices (those that exist). */
export function deviceOwners(db: Db, ids: readonly number[]) {
  return db.selectFrom('devices').select(['id', 'owner_id']).where('id', 'in', ids).execute();
}

/** The live links that give the user some of the given devices (shared with them, or given to them as a helper). */
export function linksTo(db: Db, userId: number, deviceIds: readonly number[]) {
  return db
    .selectFrom('device_links')
    .select(['device_id', 'can_switch'])
    .where('device_id', 'in', deviceIds)
    .where('user_id', '=', userId)
    .where('recalled_at', 'is', null)
    .execute();
}

/** The live links of one device. */
export function liveLinksOf(db: Db, deviceId: number) {
  return db
    .selectFrom('device_links')
    .select(['kind', 'user_id', 'source_user_id', 'show_value'])
    .where('device_id', '=', deviceId)
    .where('recalled_at', 'is', null)
    .execute();
}

/** Of the given box ids, those that exist; with a user, those the user owns or sees a device on. */
export async function boxesAmong(db: Db, scope: DeviceScope, ids: readonly number[]): Promise<number[]> {
  let q = db.selectFrom('boxes as b').select('b.box_id').where('b.box_id', 'in', ids);
  if (scope !== null) {
    const userId = scope;
    q = q.where((eb) =>
      eb.or([
        eb('b.owner_id', '=', userId),
        eb('b.box_id', 'in', eb.selectFrom('devices as d').select('d.box_id').where('d.box_id', 'in', ids).where(visibleTo(userId))),
      ]),
    );
  }
  return (await q.execute()).map((r) => r.box_id);
}

/** Of the given user ids, those that exist. */
export async function usersAmong(db: Db, ids: readonly number[]): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** A user's id and the ids of everyone below them in the owner hierarchy (parent_id chain). */
export async function selfAndDescendants(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .unionAll((q) => q.selectFrom('users').innerJoin('tree', 'tree.id', 'users.parent_id').select('users.id')),
    )
    .selectFrom('tree')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}
