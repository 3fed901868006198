import { sql, type ExpressionBuilder } from 'kysely';
import { ADMIN_ROLE, LIMITED_ADMIN_ROLE, ROOT_ROLE } from '@dms/contract';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** Whose devices a query covers: null for every device (root, admin), else the id of the user who sees them. */
export type DeviceScope = number | null;

/**
 * The devices a user reaches (docs/people.md), as a condition on `devices as d`: one indexed lookup of the user's rows
 * in `device_reach`, kept by reach.ts from owners, assignments, shares, helpers and CK groups. Every device query goes
 * through this or `dataVisibleTo`, so scoping cannot be forgotten.
 */
export function visibleTo(userId: number) {
  return (eb: ExpressionBuilder<Database & { d: Database['devices'] }, 'd'>) =>
    eb('d.id', 'in', eb.selectFrom('device_reach as r').select('r.device_id').where('r.user_id', '=', userId));
}

/**
 * The devices of boxes that are not deleted (/smartbox/box-delete), as a condition on `devices as d`. A deleted box's
 * devices have no reach rows (reach.ts), so `visibleTo` hides them from everyone else; those who see every device
 * read through this. `inScope` picks the one a scope needs.
 */
export function liveDevice(eb: ExpressionBuilder<Database & { d: Database['devices'] }, 'd'>) {
  return eb('d.box_id', 'not in', eb.selectFrom('box_deletions').select('box_id'));
}

/** The boxes that are not deleted, as a condition on `boxes as b`. */
export function liveBox(eb: ExpressionBuilder<Database & { b: Database['boxes'] }, 'b'>) {
  return eb('b.box_id', 'not in', eb.selectFrom('box_deletions').select('box_id'));
}

/** The ids of deleted boxes, as a subquery: for tables keyed by box id (logs, cards, addresses). */
export function deletedBoxIds(db: Db) {
  return db.selectFrom('box_deletions').select('box_id');
}

/** The ids of the devices of deleted boxes, as a subquery: for tables keyed by device id, read by those who see all. */
export function deletedDeviceIds(db: Db) {
  return db.selectFrom('devices as dd').innerJoin('box_deletions as x', 'x.box_id', 'dd.box_id').select('dd.id');
}

/** The devices of a scope, as a condition on `devices as d`: every device not deleted (null), else those the user reaches. */
export function inScope(scope: DeviceScope) {
  return scope === null ? liveDevice : visibleTo(scope);
}

/** The devices whose data (values, fault records, history, exports) a user reads: reached, and not hidden from them. */
export function dataVisibleTo(userId: number) {
  return (eb: ExpressionBuilder<Database & { d: Database['devices'] }, 'd'>) =>
    eb('d.id', 'in', eb.selectFrom('device_reach as r').select('r.device_id').where('r.user_id', '=', userId).where('r.data', '=', 1));
}

/** The devices of a scope whose data is read, as a condition on `devices as d`: every device not deleted (null), else `dataVisibleTo`. */
export function dataInScope(scope: DeviceScope) {
  return scope === null ? liveDevice : dataVisibleTo(scope);
}

/** Of the given device ids, those that exist in the scope. */
export async function devicesAmong(db: Db, scope: DeviceScope, ids: readonly number[], data = false): Promise<number[]> {
  if (scope === null)
    return (await db.selectFrom('devices as d').select('d.id').where('d.id', 'in', ids).where(liveDevice).execute()).map((r) => r.id);
  // The user's reach rows of those ids, by the table's key (user_id, device_id): a lookup per id, however many devices
  // the user reaches (a reach row exists only for a device that exists).
  let q = db.selectFrom('device_reach as r').select('r.device_id').where('r.user_id', '=', scope).where('r.device_id', 'in', ids);
  if (data) q = q.where('r.data', '=', 1);
  return (await q.execute()).map((r) => r.device_id);
}

/** Every device id a user reaches (with `data`: whose data they read). */
export async function visibleDeviceIds(db: Db, userId: number, data = false): Promise<number[]> {
  let q = db.selectFrom('device_reach').select('device_id').where('user_id', '=', userId);
  if (data) q = q.where('data', '=', 1);
  return (await q.execute()).map((r) => r.device_id);
}

/** The users who read a device's data by the hierarchy (its notifications' recipients). */
export async function dataViewersOf(db: Db, deviceId: number): Promise<number[]> {
  const rows = await db.selectFrom('device_reach').select('user_id').where('device_id', '=', deviceId).where('data', '=', 1).execute();
  return rows.map((r) => r.user_id);
}

/** Of the given box ids, those that exist; with a user, those the user owns or sees a device on. */
export async function boxesAmong(db: Db, scope: DeviceScope, ids: readonly number[]): Promise<number[]> {
  let q = db.selectFrom('boxes as b').select('b.box_id').where('b.box_id', 'in', ids).where(liveBox);
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

/** Of the given box ids, those registered, deleted or not (deleting and restoring a box). */
export async function boxesRegistered(db: Db, ids: readonly number[]): Promise<number[]> {
  return (await db.selectFrom('boxes').select('box_id').where('box_id', 'in', ids).execute()).map((r) => r.box_id);
}

/** Of the given user ids, those that exist. */
export async function usersAmong(db: Db, ids: readonly number[]): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/** Of the given device ids, those the user owns. */
export async function devicesOwnedBy(db: Db, userId: number, ids: readonly number[]): Promise<number[]> {
  return (
    await db.selectFrom('devices as d').select('d.id').where('d.owner_id', '=', userId).where('d.id', 'in', ids).where(liveDevice).execute()
  ).map((r) => r.id);
}

/** The roles whose holders see every device and box (seesAll in rule.ts; usersSeeingAll below). */
export const SEES_ALL_ROLES = [ROOT_ROLE, ADMIN_ROLE, LIMITED_ADMIN_ROLE] as const;

/** The ids of the users who see every device (seesAll: root, admin, limited_admin), of `among` when given. */
export async function usersSeeingAll(db: Db, among?: readonly number[]): Promise<number[]> {
  let q = db
    .selectFrom('users as u')
    .select('u.id')
    .where((eb) => eb.or(SEES_ALL_ROLES.map((role) => eb(sql<string>`u.roles`, 'like', `%"${role}"%`))));
  if (among) q = q.where('u.id', 'in', among);
  return (await q.execute()).map((r) => r.id);
}

/** The roles whose holders a user manages as their children (docs/people.md "Managing the users below"). */
export type ChildRole = 'helper' | 'manager';

/** The children of `parentId` holding `role` (null: any), as `users as u` (roles are a JSON array of names). */
export function childrenWithRole(db: Db, parentId: number, role: ChildRole | null) {
  const children = db.selectFrom('users as u').where('u.parent_id', '=', parentId);
  return role === null ? children : children.where(sql<boolean>`u.roles like ${`%"${role}"%`}`);
}

/** Of the given user ids, the children of `parentId` holding `role` (null: any). */
export async function childrenAmong(db: Db, parentId: number, role: ChildRole | null, ids: readonly number[]): Promise<number[]> {
  return (await childrenWithRole(db, parentId, role).select('u.id').where('u.id', 'in', ids).execute()).map((r) => r.id);
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
