import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * History rollups (issue 25; server/src/modules/history/rollups.ts): per device, register and bucket of a level (a
 * minute, an hour), the count, min, max and sum of the register's raw values, read with the map of their moment
 * (`type_id`, `version`: 0 and 0 for a device without a type, whose registers are read as one unsigned word). A bucket
 * that spans a map change has a row per map.
 *
 * `history_rollup_dirty` holds the minutes whose rollups are behind their history: ingest marks a minute in the
 * transaction that stores its snapshots (raising `seq` of a mark already there), and the rollup job clears a mark in
 * the transaction that writes the minute's rollups, only if its `seq` is still the one it read the minute with.
 * Every minute of the history already stored is marked here, so the job rolls it up after the upgrade.
 */
const ROLLUP_KEY = ['device_id', 'register', 'level', 'ts', 'type_id', 'version'] as const;

export const historyRollups0035: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    // On PostgreSQL the key carries the sums as well (INCLUDE): a chart reads them from the index alone, in key order,
    // instead of visiting a heap page per row (rows of one register lie far apart there, a minute's registers together).
    const rollups = db.schema
      .createTable('history_rollups')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('register', 'integer', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('type_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('min', 'double precision', (c) => c.notNull())
      .addColumn('max', 'double precision', (c) => c.notNull())
      .addColumn('sum', 'double precision', (c) => c.notNull())
      .$call((t) => (dialect === 'sqlite' ? t.addPrimaryKeyConstraint('history_rollups_pk', [...ROLLUP_KEY]) : t));
    if (dialect === 'sqlite') await rollups.modifyEnd(sql`without rowid`).execute();
    else {
      await rollups.execute();
      const key = sql.raw(ROLLUP_KEY.join(', '));
      await sql`ALTER TABLE history_rollups ADD CONSTRAINT history_rollups_pk PRIMARY KEY (${key}) INCLUDE (n, min, max, sum)`.execute(db);
    }
    const dirty = db.schema
      .createTable('history_rollup_dirty')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('history_rollup_dirty_pk', ['device_id', 'ts']);
    await (dialect === 'sqlite' ? dirty.modifyEnd(sql`without rowid`) : dirty).execute();
    // The job takes the oldest marks first.
    await db.schema.createIndex('history_rollup_dirty_ts_idx').on('history_rollup_dirty').columns(['ts', 'device_id']).execute();
    await sql`INSERT INTO history_rollup_dirty (device_id, ts) SELECT DISTINCT device_id, ts - ts % 60000 FROM history`.execute(db);
  },
});
