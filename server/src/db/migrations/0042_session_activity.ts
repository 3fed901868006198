import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * When a session last made a call (issue 27: a user's sessions in their profile, every user's in /tools/sessions),
 * written at most once a minute (SESSION_ACTIVITY_STEP_MS). Null until its first call after sign-in, and for sessions
 * older than this column: read as their sign-in time.
 */
export const sessionActivity0042: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE sessions ADD COLUMN last_active_at bigint`.execute(db);
  },
});
