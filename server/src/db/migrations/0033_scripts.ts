import { idColumn, type DialectMigration } from './helpers.js';
import type { Kysely } from 'kysely';

/**
 * Maintenance scripts (issue 24; /scripts, docs/scripts.md): each run with its form, state and counts, and each of its
 * items with its outcome and what undoes it. A preview not started is dropped after an hour.
 */
export const scripts0033: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('script_runs'), dialect)
      .addColumn('script', 'varchar(32)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('input', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull())
      .addColumn('counts', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .addColumn('error', 'varchar(64)')
      .execute();
    await db.schema.createIndex('script_runs_state').on('script_runs').columns(['state', 'created_at']).execute();
    await db.schema
      .createTable('script_items')
      .addColumn('run_id', 'integer', (c) => c.notNull().references('script_runs.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('target', 'varchar(255)', (c) => c.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
      .addColumn('message', 'text')
      .addColumn('undo', 'text')
      .addColumn('box_id', 'bigint')
      .addPrimaryKeyConstraint('script_items_pk', ['run_id', 'seq'])
      .execute();
    await db.schema.createIndex('script_items_queued').on('script_items').columns(['outcome', 'box_id']).execute();
  },
});
