import { canAccess, Code, type AudienceDevice, type AudienceUser, type announcementBody } from '@dms/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { inAudience } from '../../access/index.js';
import type { Db } from '../../db/database.js';
import { contains } from '../../db/search.js';
import { AppError } from '../../errors.js';

/**
 * Whom an announcement is for (issue 22; docs/notifications.md "Announcements"): its audience now, by the access
 * module's `inAudience` rule, counted for root's list; the devices or people root names, checked; and the pickers that
 * offer them.
 */

const PICKER_LIMIT = 50;
/** Whether /msg serves a user (roles as stored: a JSON array): only they can be told, or be chosen as an audience. */
export const servesMessages = (roles: string) => canAccess(JSON.parse(roles) as string[], 'msg');

/**
 * The audiences now of these announcements, by id: the people `inAudience` (the access module's one rule, which the
 * lists and the banner use) puts in each, of those whom /msg serves. One query, whatever the number of announcements.
 */
export async function audiences(db: Db, list: ReadonlyArray<{ id: number }>): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>(list.map((a) => [a.id, []]));
  if (list.length === 0) return found;
  const rows = await db
    .selectFrom('announcements as a')
    .innerJoin('users as u', (join) => join.onTrue())
    .select(['a.id', 'u.id as userId', 'u.roles'])
    .where(
      'a.id',
      'in',
      list.map((a) => a.id),
    )
    .where((eb) => inAudience(eb, eb.ref('u.id')))
    .orderBy('u.id')
    .execute();
  for (const r of rows) if (servesMessages(r.roles)) found.get(r.id)?.push(r.userId);
  return found;
}

/** The audience of announcement `id` now. */
export async function audience(db: Db, id: number): Promise<number[]> {
  return (await audiences(db, [{ id }])).get(id) ?? [];
}

/** How many each announcement is for now, and how many of them read it: three queries for a whole page. */
export async function audienceCounts(
  db: Db,
  list: ReadonlyArray<{ id: number; type: string }>,
): Promise<Map<number, { reached: number; read: number }>> {
  const found = await audiences(db, list);
  const ids = list.map((a) => a.id);
  const readers =
    ids.length === 0
      ? []
      : await db.selectFrom('announcement_reads').select(['announcement_id', 'user_id']).where('announcement_id', 'in', ids).execute();
  const counts = new Map<number, { reached: number; read: number }>();
  for (const [id, audience] of found) {
    const members = new Set(audience);
    const read = readers.filter((r) => r.announcement_id === id && members.has(r.user_id)).length;
    counts.set(id, { reached: members.size, read });
  }
  return counts;
}

/** The body's devices or people, each of which must exist (a deleted one is named, not dropped in silence). */
export async function audienceTargets(
  db: Db,
  body: z.output<typeof announcementBody>,
): Promise<Array<{ device_id: number | null; user_id: number | null }>> {
  if (body.type === 'all') return [];
  const wanted = [...new Set(body.type === 'device' ? body.deviceIds : body.userIds)];
  const people = body.type === 'personal' ? await db.selectFrom('users').select(['id', 'roles']).where('id', 'in', wanted).execute() : [];
  const found = body.type === 'device' ? await db.selectFrom('devices').select('id').where('id', 'in', wanted).execute() : people;
  const have = new Set(found.map((r) => r.id));
  const gone = wanted.filter((id) => !have.has(id));
  if (gone.length > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.announcementTargetGone', { ids: gone.join(', ') });
  // A person /msg does not serve (market) could never read it.
  const deaf = people.filter((u) => !servesMessages(u.roles)).map((u) => u.id);
  if (deaf.length > 0) throw new AppError(Code.VALIDATION_FAILED, 'error.announcementNotReader', { ids: deaf.join(', ') });
  return wanted.map((id) => (body.type === 'device' ? { device_id: id, user_id: null } : { device_id: null, user_id: id }));
}

export async function pickDevices(db: Db, q: string | undefined): Promise<AudienceDevice[]> {
  let query = db.selectFrom('devices').select(['id', 'box_id as boxId', 'controller', 'company']);
  if (q) {
    query = query.where((eb) => eb.or([contains(sql`cast(box_id as varchar(20))`, q), contains('company', q)]));
  }
  const rows = await query.orderBy('box_id').orderBy('controller').limit(PICKER_LIMIT).execute();
  return rows;
}

export async function pickUsers(db: Db, q: string | undefined): Promise<AudienceUser[]> {
  let query = db.selectFrom('users').select(['id', 'username', 'roles']);
  if (q) query = query.where(contains('username', q));
  const rows = await query
    .orderBy('username')
    .limit(PICKER_LIMIT * 2)
    .execute();
  return rows
    .filter((u) => servesMessages(u.roles))
    .slice(0, PICKER_LIMIT)
    .map((u) => ({ id: u.id, username: u.username }));
}
