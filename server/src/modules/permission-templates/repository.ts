import type { Db } from '../../db/database.js';

/** One permission template, or undefined. */
export function findTemplate(db: Db, id: number) {
  return db.selectFrom('permission_templates').selectAll().where('id', '=', id).executeTakeFirst();
}
