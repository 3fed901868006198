import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Box images and firmware rollouts (issue 23; docs/api.md "Box images and rollouts"): the images root uploads (their
 * bytes kept in the database, so every instance serves them), the upload log of what boxes downloaded, and staged
 * rollouts with their boxes (each box's state is its firmware command's, by `command_id`).
 */
export const boxImages0025: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('box_images'), dialect)
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('box_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('version', 'varchar(32)', (c) => c.notNull())
      .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('notes', 'varchar(500)', (c) => c.notNull())
      .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('box_images_version', ['kind', 'box_type', 'version'])
      .execute();
    await idColumn(db.schema.createTable('box_file_sends'), dialect)
      .addColumn('box_id', 'integer', (c) => c.notNull())
      .addColumn('image_id', 'integer', (c) => c.notNull().references('box_images.id').onDelete('cascade'))
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('box_file_sends_at').on('box_file_sends').columns(['at']).execute();
    await db.schema.createIndex('box_file_sends_image').on('box_file_sends').columns(['image_id']).execute();
    await idColumn(db.schema.createTable('box_rollouts'), dialect)
      .addColumn('image_id', 'integer', (c) => c.notNull().references('box_images.id'))
      .addColumn('filter', 'text', (c) => c.notNull())
      .addColumn('canary', 'integer', (c) => c.notNull())
      .addColumn('batch_size', 'integer', (c) => c.notNull())
      .addColumn('pace_s', 'integer', (c) => c.notNull())
      .addColumn('max_failures', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('stop_reason', 'varchar(16)')
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('batches_started', 'integer', (c) => c.notNull())
      .addColumn('last_batch_at', 'bigint')
      .addColumn('failure_base', 'integer', (c) => c.notNull())
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema.createIndex('box_rollouts_state').on('box_rollouts').columns(['state']).execute();
    await db.schema
      .createTable('box_rollout_boxes')
      .addColumn('rollout_id', 'integer', (c) => c.notNull().references('box_rollouts.id').onDelete('cascade'))
      .addColumn('box_id', 'integer', (c) => c.notNull().references('boxes.box_id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('batch', 'integer')
      .addColumn('command_id', 'varchar(40)')
      .addPrimaryKeyConstraint('box_rollout_boxes_pk', ['rollout_id', 'box_id'])
      .execute();
    await db.schema.createIndex('box_rollout_boxes_seq').on('box_rollout_boxes').columns(['rollout_id', 'seq']).execute();
    await db.schema.createIndex('box_rollout_boxes_box').on('box_rollout_boxes').columns(['box_id']).execute();
    await db.schema.createIndex('box_rollout_boxes_command').on('box_rollout_boxes').columns(['command_id']).execute();
  },
});
