import { ADMIN_ROLE } from '@dms/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { AuthContext } from '../../types.js';

/** Root and 'admin' see and may change every device. */
export function seesAll(auth: Pick<AuthContext, 'roles'>): boolean {
  return auth.roles.includes('root') || auth.roles.includes(ADMIN_ROLE);
}

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

export interface DeviceRights {
  see: boolean;
  /** Write any writable register. */
  write: boolean;
  /** Write the start/stop register only (shared with switch right, or a helper so authorised). */
  switch: boolean;
}

const NONE: DeviceRights = { see: false, write: false, switch: false };

/** What a user may do with one device. */
export async function rightsOn(db: Db, auth: AuthContext, deviceId: number): Promise<DeviceRights> {
  if (seesAll(auth)) return { see: true, write: true, switch: true };
  const device = await db.selectFrom('devices').select('owner_id').where('id', '=', deviceId).executeTakeFirst();
  if (!device) return NONE;
  if (device.owner_id === auth.user.id) return { see: true, write: true, switch: true };
  const links = await db
    .selectFrom('device_links')
    .select(['kind', 'user_id', 'source_user_id', 'can_switch', 'show_value'])
    .where('device_id', '=', deviceId)
    .where('recalled_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', '=', auth.user.id), eb('source_user_id', '=', auth.user.id)]))
    .execute();
  let rights = NONE;
  for (const l of links) {
    if (l.user_id === auth.user.id) rights = { see: true, write: false, switch: rights.switch || l.can_switch === 1 };
    else if (l.kind === 'assigned' && l.show_value === 1) rights = { ...rights, see: true };
  }
  return rights;
}

/** Of the given device ids, those the user sees. */
export async function visibleAmong(db: Db, auth: AuthContext, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let q = db.selectFrom('devices as d').select('d.id').where('d.id', 'in', ids);
  if (!seesAll(auth)) q = q.where(visibleTo(auth.user.id));
  return new Set((await q.execute()).map((r) => r.id));
}

/** Every device id a (not root/admin) user sees. */
export async function visibleIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('devices as d').select('d.id').where(visibleTo(userId)).execute();
  return new Set(rows.map((r) => r.id));
}
