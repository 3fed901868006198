import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * History rollups of five minutes (issue 25; server/src/modules/history/rollups.ts), between the minute and ten minutes:
 * a month's chart as wide as 4,000 points reads 8,640 of them instead of 43,200 minutes. Made here from the minute
 * rollups already kept (the five minutes are kept as long as the minutes by default: ROLLUP_FIVE_MINUTE_RETENTION_DAYS);
 * minutes still marked are added by the rollup job as it takes them, as for every level.
 */
export const rollupsFiveMinutes0037: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await sql`INSERT INTO history_rollups (device_id, register, level, ts, type_id, version, n, min, max, sum)
      SELECT device_id, register, 300000, ts - ts % 300000, type_id, version, sum(n), min(min), max(max), sum(sum)
      FROM history_rollups WHERE level = 60000
      GROUP BY device_id, register, ts - ts % 300000, type_id, version`.execute(db);
  },
});
