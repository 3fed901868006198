import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { ApiKeyRow, ApiKeysTable, Database, NewUser, SessionRow, UserRow } from '../../db/schema.js';
import { prefixed, splitPrefixed } from '../../db/joined.js';
import { contains } from '../../db/search.js';

type NewApiKey = Insertable<ApiKeysTable>;

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

export type SessionWithUser = { session: Pick<SessionRow, 'id' | 'expires_at' | 'revoked_at' | 'last_active_at'>; user: UserRow };

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
    .select(prefixed('s', 'session_', ['id', 'expires_at', 'revoked_at', 'last_active_at']))
    .where(where[0], '=', where[1])
    .executeTakeFirst();
  if (!row) return undefined;
  const [session, user] = splitPrefixed(row, 'session_');
  return { session, user };
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

/** Revokes a session; whether it was live until now (false when it had already ended). */
export async function revokeSession(db: Executor, sessionId: number, now: number): Promise<boolean> {
  const done = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Notes a session's call: written only when its last one is at least `step` old, so most calls write nothing. */
export async function touchSession(db: Executor, sessionId: number, now: number, step: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_active_at: now })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<=', now - step)]))
    .execute();
}

/** Revokes every live session of a user except one (after a password change, or at their asking): the ids revoked. */
export async function revokeOtherSessions(db: Executor, userId: number, keepId: number, now: number): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Forgets sessions that ended long enough ago that nobody will present them again. */
export async function deleteStaleSessions(db: Executor, before: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', before).execute();
}

export interface SessionListing {
  /** One user's sessions, or everyone's (null). */
  userId: number | null;
  /** Of user names containing this (everyone's list). */
  username?: string | undefined;
  /** The caller's own session: listed first, and marked. */
  currentId: number;
  now: number;
  page: number;
  pageSize: number;
}

/** Live sessions (not revoked, not expired): the caller's first, then the most recently active. */
export async function listSessions(db: Executor, l: SessionListing) {
  let base = db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', l.now);
  if (l.userId !== null) base = base.where('s.user_id', '=', l.userId);
  if (l.username) base = base.where(contains('u.username', l.username));
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['s.id', 'u.username', 's.user_agent', 's.ip', 's.created_at', 's.last_active_at', 's.expires_at'])
    .orderBy(sql`case when s.id = ${l.currentId} then 0 else 1 end`)
    .orderBy(sql`coalesce(s.last_active_at, s.created_at)`, 'desc')
    .orderBy('s.id', 'desc')
    .limit(l.pageSize)
    .offset((l.page - 1) * l.pageSize)
    .execute();
  return { total: Number(total.n), rows };
}

/** A session's owner, for the operation log (undefined when there is no such session). */
export function sessionOwner(db: Executor, sessionId: number): Promise<{ user_id: number; username: string } | undefined> {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.username'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
}

// ---- two-factor sign-in (two-factor.ts) ----

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Keeps the key shown for enrolment (sealed) until a code confirms it. */
export async function setPendingKey(db: Executor, userId: number, sealed: string): Promise<void> {
  await db.updateTable('users').set({ totp_pending: sealed }).where('id', '=', userId).execute();
}

/**
 * Turns two-factor sign-in on with the pending key that was confirmed (only if it is still the pending one and the
 * factor is still off) and stores the recovery codes' hashes in place of any earlier ones: whether it was turned on.
 */
export async function enableSecondFactor(
  db: Transaction<Database>,
  userId: number,
  on: { pending: string; at: number; step: number; recoveryHashes: readonly string[] },
): Promise<boolean> {
  const done = await db
    .updateTable('users')
    .set({ totp_secret: on.pending, totp_pending: null, totp_enabled_at: on.at, totp_last_step: on.step })
    .where('id', '=', userId)
    .where('totp_pending', '=', on.pending)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) return false;
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(on.recoveryHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
  return true;
}

/** Turns two-factor sign-in off: the key, a pending key and the recovery codes are gone. */
export async function clearSecondFactor(db: Executor, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_pending: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/** Accepts a code's time step once: only a step later than the last accepted one moves it (no replay, also in a race). */
export async function acceptStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const done = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Uses a recovery code up: whether it was one of the user's and not used before (once, also in a race). */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string, now: number): Promise<boolean> {
  const done = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- API keys (api-keys.ts) ----

export async function insertApiKey(db: Executor, key: Omit<NewApiKey, 'id'>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

export function findApiKey(db: Executor, id: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every column of an API key, selected beside its user's (findApiKeyWithUser). */
const API_KEY_COLUMNS = [
  'id',
  'user_id',
  'name',
  'prefix',
  'secret_hash',
  'scopes',
  'created_at',
  'expires_at',
  'revoked_at',
  'ended_reason',
  'last_used_at',
  'last_ip',
] as const satisfies ReadonlyArray<keyof ApiKeyRow>;

/** A key by its prefix with its user, in one indexed query (every call with a key asks this, as a session's token does). */
export async function findApiKeyWithUser(db: Executor, prefix: string): Promise<{ key: ApiKeyRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('u')
    .select(prefixed('k', 'key_', API_KEY_COLUMNS))
    .where('k.prefix', '=', prefix)
    .executeTakeFirst();
  if (!row) return undefined;
  const [key, user] = splitPrefixed(row, 'key_');
  return { key, user };
}

export async function countLiveApiKeys(db: Executor, userId: number, now: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One user's keys, newest first, live and ended alike (an ended key says why). */
export async function listApiKeys(db: Executor, userId: number, page: number, pageSize: number) {
  const base = db.selectFrom('api_keys').where('user_id', '=', userId);
  const total = await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { total: Number(total.n), rows };
}

/** Ends a key, some keys, or every live key of a user: revoked now, and why. The ids ended (those not ended before). */
export async function endApiKeys(
  db: Executor,
  of: { id: number } | { ids: readonly number[] } | { userId: number },
  reason: string,
  now: number,
): Promise<number[]> {
  if ('ids' in of && of.ids.length === 0) return [];
  let update = db.updateTable('api_keys').set({ revoked_at: now, ended_reason: reason }).where('revoked_at', 'is', null);
  if ('id' in of) update = update.where('id', '=', of.id);
  else if ('ids' in of) update = update.where('id', 'in', of.ids);
  else update = update.where('user_id', '=', of.userId);
  const rows = await update.returning('id').execute();
  return rows.map((r) => r.id);
}

/** Live keys past their expiry, with their user's name (the hourly sweep ends and logs them). */
export function expiredApiKeys(db: Executor, now: number, limit: number) {
  return db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.name', 'k.prefix', 'u.username'])
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '<=', now)
    .orderBy('k.id')
    .limit(limit)
    .execute();
}

/** Signs a user out everywhere (disabled, or deleted as a helper): every session and API key ends. The keys ended. */
export async function endUserAccess(db: Executor, userId: number, now: number): Promise<number[]> {
  await revokeOtherSessions(db, userId, -1, now);
  return endApiKeys(db, { userId }, 'userDisabled', now);
}

export async function touchApiKey(db: Executor, id: number, now: number, ip: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now, last_ip: ip }).where('id', '=', id).execute();
}
