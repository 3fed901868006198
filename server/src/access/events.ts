import type { Db } from '../db/database.js';
import { forbidden } from '../errors.js';
import { deviceScope, type Checker, type Rules } from './rule.js';

/**
 * Rule events (issue 21, docs/people.md "Events"): an event is data of its device. Root, admin and limited_admin follow
 * every one; anyone else the events of devices whose data they read (reached, not hidden by an assignee below). An
 * event that does not exist is never granted.
 */
const follows: Checker = async (db: Db, auth, ids) => {
  const scope = deviceScope(auth);
  let q = db.selectFrom('events as e').select('e.id').where('e.id', 'in', ids);
  if (scope !== null)
    q = q.where('e.device_id', 'in', (eb) =>
      eb.selectFrom('device_reach as r').select('r.device_id').where('r.user_id', '=', scope).where('r.data', '=', 1),
    );
  return new Set((await q.execute()).map((r) => r.id));
};

export const EVENT_RULES = {
  'event.follow': { check: follows, denied: forbidden },
} as const satisfies Rules<'event.follow'>;
