import { Code, sessionRoles, type OperationAction } from '@dms/contract';
import { sql } from 'kysely';
import { parseRoles, requireAccess, type ChildRole } from '../../access/index.js';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../../db/database.js';
import { containsAny } from '../../db/search.js';
import { AppError, forbidden } from '../../errors.js';
import { hashPassword } from '../../security/passwords.js';
import type { UserRow } from '../../db/schema.js';
import type { AuthContext } from '../../types.js';
import type { EventBus } from '../../events/bus.js';
import type { Audit } from '../datalog/service.js';
import { ensureCks } from '../ck/repository.js';
import { findTemplate } from '../permission-templates/repository.js';
import * as userRepo from '../user/repository.js';

/** What the helper, sub-manager, claim and CK calls share (docs/people.md). */

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()) !== undefined;
}

export function deviceOwner(db: Db, deviceId: number) {
  return db.selectFrom('devices').select(['id', 'owner_id', 'box_id', 'controller']).where('id', '=', deviceId).executeTakeFirst();
}

/**
 * How the operation log names the devices of a change, as people know them: one device by its box id and controller
 * ("100016/1"), several by their count.
 */
export async function devicesLabel(db: Db, deviceId: number | null, count: number): Promise<string> {
  const device = deviceId === null ? undefined : await deviceOwner(db, deviceId);
  return device ? `${device.box_id}/${device.controller}` : `${count} device(s)`;
}

export async function endLinks(db: Db, linkIds: readonly number[], now: number): Promise<void> {
  for (let i = 0; i < linkIds.length; i += 500) {
    await db
      .updateTable('device_links')
      .set({ recalled_at: now })
      .where('id', 'in', linkIds.slice(i, i + 500))
      .execute();
  }
}

/** Links ended by a change that is undone (a maintenance script's reset) take effect again. */
export async function restoreLinks(db: Db, linkIds: readonly number[]): Promise<void> {
  for (let i = 0; i < linkIds.length; i += 500)
    await db
      .updateTable('device_links')
      .set({ recalled_at: null })
      .where('id', 'in', linkIds.slice(i, i + 500))
      .execute();
}

async function parentOf(db: Db, userId: number): Promise<number | null> {
  return (await db.selectFrom('users').select('parent_id').where('id', '=', userId).executeTakeFirst())?.parent_id ?? null;
}

/** The ids above a user in the tree (parent, grandparent, …). */
export async function ancestorsOf(db: Db, userId: number): Promise<Set<number>> {
  const out = new Set<number>();
  for (let p = await parentOf(db, userId); p !== null && !out.has(p); p = await parentOf(db, p)) out.add(p);
  return out;
}

/**
 * Sets the password of the user `target` answers, checked in the same transaction that sets it, and ends every session
 * of theirs; their open sockets close. Answers that user.
 */
export async function resetPassword<U extends { id: number }>(
  deps: { db: Db; bus: EventBus },
  password: string,
  now: number,
  target: (trx: Db) => Promise<U>,
): Promise<U> {
  const hash = await hashPassword(password);
  const user = await deps.db.transaction().execute(async (trx) => {
    const found = await target(trx);
    await userRepo.updatePassword(trx, found.id, hash, now);
    await userRepo.revokeOtherSessions(trx, found.id, -1, now);
    return found;
  });
  deps.bus.publish('userChanged', { userId: user.id });
  return user;
}

/** A template the caller may give: it exists and is offered at the caller's level (null: the role's default). */
export async function usableTemplate(
  db: Db,
  auth: AuthContext,
  templateId: number | null | undefined,
): Promise<{ id: number; name: string } | null> {
  if (templateId === null || templateId === undefined) return null;
  const t = await findTemplate(db, templateId);
  if (!t || t.level < auth.user.level) throw new AppError(Code.VALIDATION_FAILED, 'error.templateNotFound');
  return { id: t.id, name: t.name };
}

/** A template deleted between its check and its use: the foreign key refuses, and the answer is the check's. */
function templateGone(err: unknown): never {
  throw isForeignKeyViolation(err) ? new AppError(Code.VALIDATION_FAILED, 'error.templateNotFound') : err;
}

/** A search of devices by box id, company, station or model (contains), as a condition on `devices as d`. */
export function deviceSearch(q: string | undefined) {
  if (!q) return null;
  return containsAny([sql`cast(d.box_id as varchar(16))`, 'd.company', 'd.station_no', 'd.model'], q);
}

/**
 * Gives the user below the caller that `target` answers (checked in the same transaction) a template offered at the
 * caller's level (null: their role's default): their open pages follow at once, and the operation log keeps the old
 * and the new one.
 */
export async function giveTemplate(
  deps: { db: Db; bus: EventBus; audit: Audit },
  auth: AuthContext,
  target: (trx: Db) => Promise<UserRow>,
  templateId: number | null,
  action: OperationAction,
  ip: string,
): Promise<void> {
  // The checks and the change in one transaction; a template deleted in between is refused by the foreign key.
  const { user, template, old } = await deps.db
    .transaction()
    .execute(async (trx) => {
      const found = await target(trx);
      const given = await usableTemplate(trx, auth, templateId);
      const before = found.template_id === null ? null : await findTemplate(trx, found.template_id);
      await trx
        .updateTable('users')
        .set({ template_id: given?.id ?? null })
        .where('id', '=', found.id)
        .execute();
      return { user: found, template: given, old: before };
    })
    .catch(templateGone);
  deps.bus.publish('userChanged', { userId: user.id });
  await deps.audit.record({
    user: auth.user,
    action,
    target: user.username,
    oldValue: old?.name ?? 'default',
    newValue: template?.name ?? 'default',
    outcome: 'ok',
    ip,
  });
}

/**
 * A user as the caller of their own screens, without a session of theirs: their users row, the roles a session of
 * theirs would carry (the stored roles as access/reach.ts parseRoles reads them, with their group's, as at sign-in),
 * and session 0. Root acts in their place with it where a script does what they could do themselves (the load script
 * creates the sub-managers and helpers below them: docs/people.md "Managing the users below"); whether they are
 * enabled, and may reach the screen, is the caller's to check.
 */
export function actingAs(user: UserRow): AuthContext {
  return { user, roles: sessionRoles(parseRoles(user.roles), user.group_extra), sessionId: 0 };
}

/** What a caller fills in for a user they create below them (a helper, a sub-manager). */
export interface NewPerson {
  username: string;
  password: string;
  name: string;
  phone: string;
  remark: string;
  templateId?: number | null | undefined;
  company?: string;
  helperType?: string;
  region?: string;
}

/** A new user below the caller: what they filled in, and the role, level and CK code their kind gives. */
export interface ChildAccount extends NewPerson {
  role: ChildRole;
  level: number;
  ck: string | null;
}

/**
 * Creates a user below the caller (parent: the caller; the caller's group): the name must be free and the template
 * one offered at the caller's level. Answers the id and the template given (null: the role's default).
 */
export async function createChild(
  db: Db,
  auth: AuthContext,
  child: ChildAccount,
  now: number,
): Promise<{ id: number; template: { id: number; name: string } | null }> {
  const taken = () => new AppError(Code.VALIDATION_FAILED, 'error.usernameTaken');
  if (await usernameTaken(db, child.username)) throw taken();
  const template = await usableTemplate(db, auth, child.templateId);
  const id = await userRepo
    .insertUser(db, {
      username: child.username,
      password_hash: await hashPassword(child.password),
      roles: JSON.stringify([child.role]),
      level: child.level,
      is_manager: child.role === 'manager' ? 1 : 0,
      group_extra: auth.user.group_extra,
      ck: child.ck,
      name: child.name,
      avatar: '',
      introduction: '',
      remark: child.remark,
      parent_id: auth.user.id,
      created_at: now,
      password_changed_at: now,
      template_id: template?.id ?? null,
      helper_type: child.helperType ?? null,
      region: child.region ?? '',
      phone: child.phone,
      company: child.company ?? '',
    })
    // Two creations of one name at once both pass the check above; the database's unique key decides.
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? taken() : err;
    })
    .catch(templateGone);
  if (child.ck) await ensureCks(db, [child.ck], auth.user.username, now);
  return { id, template };
}

/**
 * One of the caller's people of a kind, as the access module grants it (`user.helper`, `user.manager`), read in `db`:
 * the transaction that changes them, when one does. Anyone else's, and an id that is nobody's, is the same 403.
 */
export async function requirePerson(
  db: Db,
  auth: AuthContext,
  permission: 'user.helper' | 'user.manager',
  userId: number,
): Promise<UserRow> {
  await requireAccess(db, { auth, permission, ids: [userId] });
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  // Granted means it is there; were it gone anyway, nothing is granted.
  if (!user) throw forbidden();
  return user;
}
