import type { Expression, ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { AnnouncementsTable, Database } from '../db/schema.js';
import { notFound } from '../errors.js';
import type { Checker, Rules } from './rule.js';

type WithAnnouncement = ExpressionBuilder<Database & { a: AnnouncementsTable }, 'a'>;

/**
 * Whether user `userId` (a number, or a column such as `u.id` of a query joining users) is of announcement `a`'s audience (docs/people.md "Announcements"): everyone for type all
 * (the route lets only those whom /msg serves ask), the people chosen for type personal, and for type device whoever
 * reaches one of its devices now, by the reach table (so a helper whose share ended no longer has it). The one rule of
 * who an announcement is for: the lists, the banner, the counts of root's list and the live push all use it.
 */
export function inAudience(eb: WithAnnouncement, userId: number | Expression<number>) {
  const targets = eb.selectFrom('announcement_targets as t').select('t.announcement_id').whereRef('t.announcement_id', '=', 'a.id');
  return eb.or([
    eb('a.type', '=', 'all'),
    eb.and([eb('a.type', '=', 'personal'), eb.exists(targets.where('t.user_id', '=', userId))]),
    eb.and([
      eb('a.type', '=', 'device'),
      eb.exists(targets.innerJoin('device_reach as dr', 'dr.device_id', 't.device_id').where('dr.user_id', '=', userId)),
    ]),
  ]);
}

/** An announcement a user may read and mark: of its audience while root has not withdrawn it; anything else is not found. */
const reads: Checker = async (db: Db, auth, ids) => {
  const rows = await db
    .selectFrom('announcements as a')
    .select('a.id')
    .where('a.id', 'in', ids)
    .where('a.withdrawn_at', 'is', null)
    .where((eb) => inAudience(eb, auth.user.id))
    .execute();
  return new Set(rows.map((r) => r.id));
};

export const ANNOUNCEMENT_RULES = {
  'announcement.read': { check: reads, denied: notFound },
} as const satisfies Rules<'announcement.read'>;
