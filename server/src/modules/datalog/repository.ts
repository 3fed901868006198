import type { Kysely } from 'kysely';
import type { ClientErrorRow, Database, OperationLogRow, ServerLogRow } from '../../db/schema.js';

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
  return { total: count.n, items };
}

/** Keeps the newest `keep` rows. */
export async function pruneLogs(db: Kysely<Database>, keep: number): Promise<void> {
  const cutoff = await db.selectFrom('server_log').select('id').orderBy('id', 'desc').offset(keep).limit(1).executeTakeFirst();
  if (cutoff) await db.deleteFrom('server_log').where('id', '<=', cutoff.id).execute();
}

/** Stores one console error report and keeps only the newest `keep` reports (ids only grow, so one range delete). */
export async function insertClientError(db: Kysely<Database>, row: Omit<ClientErrorRow, 'id'>, keep: number): Promise<void> {
  const { id } = await db.insertInto('client_errors').values(row).returning('id').executeTakeFirstOrThrow();
  await db
    .deleteFrom('client_errors')
    .where('id', '<=', id - keep)
    .execute();
}

export async function listClientErrors(
  db: Kysely<Database>,
  query: { offset: number; limit: number },
): Promise<{ total: number; items: Array<Omit<ClientErrorRow, 'user_id'>> }> {
  const base = db.selectFrom('client_errors');
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'time', 'username', 'message', 'detail', 'url', 'user_agent'])
      .orderBy('id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
  ]);
  return { total: count.n, items };
}

export async function insertOperation(db: Kysely<Database>, row: Omit<OperationLogRow, 'id'>): Promise<void> {
  await db.insertInto('operation_log').values(row).execute();
}

/**
 * Operations newest first. `userIds` scopes them to some users (null: everyone); the ids come from
 * the access module's `userScope`, so a user sees their own operations and those of the people below them.
 */
export async function listOperations(
  db: Kysely<Database>,
  query: { offset: number; limit: number; userIds: number[] | null; action?: string; username?: string },
): Promise<{ total: number; items: OperationLogRow[] }> {
  let base = db.selectFrom('operation_log');
  if (query.userIds) base = base.where('user_id', 'in', query.userIds.length ? query.userIds : [-1]);
  if (query.action) base = base.where('action', '=', query.action);
  if (query.username) base = base.where('username', '=', query.username);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').offset(query.offset).limit(query.limit).execute(),
  ]);
  return { total: count.n, items };
}
