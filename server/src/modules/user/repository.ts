import type { Kysely, Transaction } from 'kysely';
import type { Database, NewUser, SessionRow, UserRow } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function updatePassword(db: Executor, userId: number, passwordHash: string, now: number): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', userId).execute();
}

export async function insertSession(db: Executor, session: Omit<SessionRow, 'id' | 'revoked_at'>): Promise<number> {
  const row = await db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export type SessionWithUser = { session: Pick<SessionRow, 'id' | 'expires_at' | 'revoked_at'>; user: UserRow };

/** The session of a token with its user, in one query (every signed-in request asks this). */
export async function findSessionWithUser(db: Executor, tokenHash: string): Promise<SessionWithUser | undefined> {
  return sessionWithUser(db, 's.token_hash', tokenHash);
}

/** The session of an id with its user (the live push checks its open connections again with this). */
export async function findSessionWithUserById(db: Executor, sessionId: number): Promise<SessionWithUser | undefined> {
  return sessionWithUser(db, 's.id', sessionId);
}

async function sessionWithUser(db: Executor, ...where: ['s.token_hash', string] | ['s.id', number]): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('u')
    .select(['s.id as session_id', 's.expires_at as session_expires_at', 's.revoked_at as session_revoked_at'])
    .where(where[0], '=', where[1])
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_expires_at, session_revoked_at, ...user } = row;
  return { session: { id: session_id, expires_at: session_expires_at, revoked_at: session_revoked_at }, user };
}

/** Disables or enables an account (a disabled user's sessions are refused, spec 7). */
export async function updateDisabled(db: Executor, userId: number, disabled: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ disabled: disabled ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** Replaces a user's stored roles. */
export async function updateRoles(db: Executor, userId: number, roles: readonly string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ roles: JSON.stringify(roles) })
    .where('id', '=', userId)
    .execute();
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
