import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * PostgreSQL: history partitioned by the month of `ts` (native range partitioning, a table per UTC month named
 * `history_mYYYYMM`, and `history_default` for times no month holds), so that retention drops a month's table instead
 * of deleting its rows (db/history-partitions.ts makes and drops them). A partitioned table's unique keys must hold
 * its partition key, so the uniqueness of a re-stamped snapshot's box time (migration 0007) moves to a table of its
 * own: `history_box_times`, each device's box times and the time each snapshot is stored at. The rows move into the
 * months they fall in. SQLite keeps its one table.
 */
export const historyPartitions0036: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`CREATE TABLE history_box_times (
      device_id integer NOT NULL, box_ts bigint NOT NULL, ts bigint NOT NULL,
      CONSTRAINT history_box_times_pk PRIMARY KEY (device_id, box_ts))`.execute(db);
    await sql`INSERT INTO history_box_times (device_id, box_ts, ts) SELECT device_id, box_ts, ts FROM history WHERE box_ts IS NOT NULL`.execute(
      db,
    );
    await sql`ALTER TABLE history RENAME TO history_unpartitioned`.execute(db);
    await sql`ALTER TABLE history_unpartitioned RENAME CONSTRAINT history_pk TO history_unpartitioned_pk`.execute(db);
    await sql`DROP INDEX history_box_ts_idx`.execute(db);
    await sql`CREATE TABLE history (
      device_id integer NOT NULL, ts bigint NOT NULL, vals bytea NOT NULL, box_ts bigint,
      CONSTRAINT history_pk PRIMARY KEY (device_id, ts)) PARTITION BY RANGE (ts)`.execute(db);
    await sql`CREATE INDEX history_box_ts_idx ON history (device_id, box_ts) WHERE box_ts IS NOT NULL`.execute(db);
    await sql`CREATE TABLE history_default PARTITION OF history DEFAULT`.execute(db);
    const months = await sql<{ start: string }>`SELECT DISTINCT
        (extract(epoch FROM date_trunc('month', to_timestamp(ts / 1000.0) AT TIME ZONE 'UTC')) * 1000)::bigint AS start
      FROM history_unpartitioned`.execute(db);
    for (const { start } of months.rows) {
      const from = new Date(Number(start));
      const to = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1);
      const name = `history_m${String(from.getUTCFullYear()).padStart(4, '0')}${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
      await sql`CREATE TABLE ${sql.id(name)} PARTITION OF history FOR VALUES FROM (${sql.lit(from.getTime())}) TO (${sql.lit(to)})`.execute(
        db,
      );
    }
    await sql`INSERT INTO history (device_id, ts, vals, box_ts) SELECT device_id, ts, vals, box_ts FROM history_unpartitioned`.execute(db);
    await sql`DROP TABLE history_unpartitioned`.execute(db);
  },
});
