import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUser, SessionRow, UserRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updatePassword(db: Executor, userId: number, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function insertSession(
  db: Executor,
  session: Omit<SessionRow, 'id' | 'revoked_at'>,
): Promise<number> {
  const row = await db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findSession(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function revokeSession(db: Executor, sessionId: number, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user except one (after a password change). */
export async function revokeOtherSessions(db: Executor, userId: number, keepId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Forgets sessions that ended long enough ago that nobody will present them again. */
export async function deleteStaleSessions(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
}
