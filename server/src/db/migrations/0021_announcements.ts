import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Announcements (spec 3; issue 22; docs/notifications.md "Announcements"): root's text in one or several languages
 * (`texts`, JSON; `words`, its titles and texts in lower case for root's search), to the users who reach chosen devices, to chosen people, or to everyone; pinned (`pin`: 0 none, 1
 * top, 2 super top), until `expires_at`, unless withdrawn. Who read it is kept per reader.
 */
export const announcements0021: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('announcements'), dialect)
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('pin', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('words', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('withdrawn_at', 'bigint')
      .addColumn('author', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('announcements_order').on('announcements').columns(['pin', 'created_at']).execute();
    await db.schema
      .createTable('announcement_targets')
      .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('announcement_targets_announcement').on('announcement_targets').column('announcement_id').execute();
    await db.schema.createIndex('announcement_targets_device').on('announcement_targets').column('device_id').execute();
    await db.schema.createIndex('announcement_targets_user').on('announcement_targets').column('user_id').execute();
    await db.schema
      .createTable('announcement_reads')
      .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'user_id'])
      .execute();
  },
});
