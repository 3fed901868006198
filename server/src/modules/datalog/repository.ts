import type { Kysely } from 'kysely';
import type { Database, ServerLogRow } from '../../db/schema.js';

export async function insertLog(db: Kysely<Database>, row: Omit<ServerLogRow, 'id'>): Promise<void> {
  await db.insertInto('server_log').values(row).execute();
}

export async function listLogs(
  db: Kysely<Database>,
  query: { offset: number; limit: number; source?: ServerLogRow['source'] },
): Promise<{ total: number; items: ServerLogRow[] }> {
  let base = db.selectFrom('server_log');
  if (query.source) base = base.where('source', '=', query.source);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute(),
  ]);
  return { total: Number(count.n), items };
}

/** Keeps the newest `keep` rows. */
export async function pruneLogs(db: Kysely<Database>, keep: number): Promise<void> {
  const cutoff = await db.selectFrom('server_log').select('id').orderBy('id', 'desc').offset(keep).limit(1).executeTakeFirst();
  if (cutoff) await db.deleteFrom('server_log').where('id', '<=', cutoff.id).execute();
}
