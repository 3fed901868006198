import type { Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/**
 * Commands to cloud boxes (issue 23; docs/box-protocol.md "Commands"): one row per command and box, with its state
 * (queued until the box is online, sent, what the box answered, how it ended) and its times; and each box's data
 * upload settings as root last set them (/smartbox/box-dws; null: never set, the box's own). A box's rows go with it.
 */
export const boxCommands0024: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('box_commands')
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('job', 'varchar(40)', (c) => c.notNull())
      .addColumn('box_id', 'integer', (c) => c.notNull().references('boxes.box_id').onDelete('cascade'))
      .addColumn('cmd', 'varchar(16)', (c) => c.notNull())
      .addColumn('args', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('reason', 'varchar(32)')
      .addColumn('detail', 'varchar(500)')
      .addColumn('fw', 'varchar(32)')
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .addColumn('deadline_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('box_commands_box').on('box_commands').columns(['box_id', 'created_at']).execute();
    await db.schema.createIndex('box_commands_job').on('box_commands').columns(['job']).execute();
    await db.schema.createIndex('box_commands_state').on('box_commands').columns(['state', 'expires_at']).execute();
    await db.schema.createIndex('box_commands_created').on('box_commands').columns(['created_at']).execute();
    await db.schema
      .createTable('box_upload_settings')
      .addColumn('box_id', 'integer', (c) => c.primaryKey().references('boxes.box_id').onDelete('cascade'))
      .addColumn('interval', 'integer')
      .addColumn('deadband', 'integer')
      .addColumn('registers', 'text')
      .addColumn('job', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .execute();
  },
});
