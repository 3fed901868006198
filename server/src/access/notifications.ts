import type { Db } from '../db/database.js';
import { notFound } from '../errors.js';
import { deletedDeviceIds } from './repository.js';
import { deviceScope, type Checker, type Rules } from './rule.js';

/**
 * Notifications (issue 22, docs/people.md "Notifications"): a notification is its recipient's, and only while they
 * still reach its device (none of a deleted box's: reach has no rows for them, and those who see all see none either; a helper's share that ended takes the helper's notifications of it away). Anyone else's, or
 * one that does not exist, is never granted; refused as not found, so ids tell nothing.
 */
const receives: Checker = async (db: Db, auth, ids) => {
  const scope = deviceScope(auth);
  let q = db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select('r.notification_id as id')
    .where('r.user_id', '=', auth.user.id)
    .where('r.notification_id', 'in', ids);
  q =
    scope !== null
      ? q.where('n.device_id', 'in', (eb) => eb.selectFrom('device_reach as dr').select('dr.device_id').where('dr.user_id', '=', scope))
      : q.where('n.device_id', 'not in', deletedDeviceIds(db));
  return new Set((await q.execute()).map((r) => r.id));
};

export const NOTIFICATION_RULES = {
  'notification.receive': { check: receives, denied: notFound },
} as const satisfies Rules<'notification.receive'>;
