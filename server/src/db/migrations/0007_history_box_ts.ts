import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * The box's own time of a snapshot whose time ingest did not trust (docs/box-protocol.md, Timestamps): stamped more
 * than CLOCK_SKEW_S ahead of the server's clock, it is stored at its receive time and keeps the box's in `box_ts`
 * (null for every other snapshot). Unique per device, so a resent snapshot is still stored once; partial, so the
 * history table's ordinary rows cost no index entry.
 */
export const historyBoxTs0007: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('history').addColumn('box_ts', 'bigint').execute();
    await db.schema
      .createIndex('history_box_ts_idx')
      .on('history')
      .columns(['device_id', 'box_ts'])
      .unique()
      .where(sql<boolean>`box_ts is not null`)
      .execute();
  },
});
