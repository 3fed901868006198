import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Deleted boxes (issue 23; /smartbox/box-delete, docs/api.md "Deleting boxes"): a box with a row here is deleted. It and
 * its devices are hidden from every path at once (access/repository.ts `liveDevice`, `liveBox`; reach has no rows for
 * them) and can be restored until `purge_at`, when the box is deleted with everything it holds (the cascades).
 */
export const boxDeletions0029: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('box_deletions')
      .addColumn('box_id', 'bigint', (c) => c.primaryKey().references('boxes.box_id').onDelete('cascade'))
      .addColumn('deleted_at', 'bigint', (c) => c.notNull())
      .addColumn('deleted_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('deleted_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('purge_at', 'bigint', (c) => c.notNull())
      .addColumn('devices', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('box_deletions_purge').on('box_deletions').columns(['purge_at']).execute();
  },
});
