import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Box moves (issue 23; /smartbox/ip-config, docs/api.md "Moving boxes"): each box given another server address, with
 * the `server` command that carries it, the address it was told before, and how the move went (queued, sent,
 * accepted, then arrived, reverted or failed with its reason). A timed-out move keeps the command that told the box
 * to return.
 */
export const boxMoves0028: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('box_moves'), dialect)
      .addColumn('job', 'varchar(40)', (c) => c.notNull())
      .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.box_id').onDelete('cascade'))
      .addColumn('from_address', 'varchar(262)')
      .addColumn('to_address', 'varchar(262)', (c) => c.notNull())
      .addColumn('command_id', 'varchar(40)', (c) => c.notNull())
      .addColumn('fallback_s', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(16)')
      .addColumn('return_command_id', 'varchar(40)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('box_moves_state').on('box_moves').columns(['state']).execute();
    await db.schema.createIndex('box_moves_box').on('box_moves').columns(['box_id', 'created_at']).execute();
    await db.schema.createIndex('box_moves_job').on('box_moves').columns(['job']).execute();
  },
});
