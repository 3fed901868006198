import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * The server instance a maintenance script's run runs on (issue 26; server/src/modules/scripts/runner.ts): with
 * several instances, a run is failed as interrupted only when its own instance is gone, not when another one starts.
 * Null for the runs before this column (and for one instance: its start fails them all, as before).
 */
export const scriptRunInstance0041: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE script_runs ADD COLUMN instance text`.execute(db);
  },
});
