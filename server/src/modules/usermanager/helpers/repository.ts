import { childrenWithRole } from '../../../access/index.js';
import type { Db } from '../../../db/database.js';

/** The regions the caller's helpers are in, in order. */
export async function helperRegions(db: Db, parentId: number): Promise<string[]> {
  const rows = await childrenWithRole(db, parentId, 'helper')
    .select('u.region')
    .distinct()
    .where('u.region', '!=', '')
    .orderBy('u.region')
    .execute();
  return rows.flatMap((r) => (r.region ? [r.region] : []));
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
