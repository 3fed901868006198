import type { Db } from '../../db/database.js';

export interface PageRange {
  offset: number;
  limit: number;
}

/** One box with its owner's username, as its page shows it. */
export function findBox(db: Db, boxId: number) {
  return db
    .selectFrom('boxes as b')
    .innerJoin('users as u', 'u.id', 'b.owner_id')
    .select([
      'b.box_id',
      'u.username as owner',
      'b.box_type',
      'b.company_name',
      'b.firmware',
      'b.hardware',
      'b.iccid',
      'b.signal',
      'b.report_interval',
      'b.ip',
      'b.online',
      'b.last_seen',
      'b.registered_at',
    ])
    .where('b.box_id', '=', boxId)
    .executeTakeFirst();
}

/** A box's latest IP changes or connection events, newest first. */
export function recentLog(db: Db, table: 'box_ip_log' | 'box_connection_log', boxId: number, limit: number) {
  return db.selectFrom(table).selectAll().where('box_id', '=', boxId).orderBy('time', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** One page of the boxes refused at connect, latest first, and how many there are. */
export async function unregisteredBoxes(db: Db, { offset, limit }: PageRange) {
  const { total } = await db
    .selectFrom('unregistered_boxes')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('unregistered_boxes')
    .selectAll()
    .orderBy('last_seen', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(total), rows };
}
