import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Notifications that reach people (issue 22; docs/notifications.md). A notification is kept once per change
 * (`notifications_once`: device, time, kind and the rule's event), with a flapping device's later changes folded in
 * (`changes`, `last_time`); each recipient's row says whether it reads the device's values, and when it was
 * acknowledged and pushed again. Preferences per user, root's settings and templates, webhook endpoints, and the
 * deliveries over e-mail and webhooks with every attempt (the delivery log).
 */
export const notifications0020: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('notifications')
      .addColumn('event_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('notifications').addColumn('severity', 'varchar(8)').execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('changes', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('last_time', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('push_limit', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update notifications set last_time = time`.execute(db);
    await sql`delete from notifications where id not in (select min(id) from notifications group by device_id, time, type)`.execute(db);
    await db.schema
      .createIndex('notifications_once')
      .on('notifications')
      .columns(['device_id', 'time', 'type', 'event_id'])
      .unique()
      .execute();

    await db.schema
      .alterTable('notification_recipients')
      .addColumn('data', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('notification_recipients').addColumn('acked_at', 'bigint').execute();
    await db.schema
      .alterTable('notification_recipients')
      .addColumn('pushes', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('notification_recipients').addColumn('next_push_at', 'bigint').execute();
    await db.schema.createIndex('notification_recipients_due').on('notification_recipients').column('next_push_at').execute();
    await db.schema.createIndex('notification_recipients_notification').on('notification_recipients').column('notification_id').execute();

    await db.schema
      .createTable('notify_prefs')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('prefs', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notify_settings')
      .addColumn('key', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notify_templates')
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('language', 'varchar(4)', (c) => c.notNull())
      .addColumn('subject', 'varchar(200)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)', (c) => c.notNull())
      .addPrimaryKeyConstraint('notify_templates_pk', ['kind', 'language'])
      .execute();
    await idColumn(db.schema.createTable('notify_webhooks'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('url', 'varchar(2000)', (c) => c.notNull())
      .addColumn('secret', 'varchar(128)', (c) => c.notNull())
      .addColumn('kinds', 'text', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await idColumn(db.schema.createTable('notify_deliveries'), dialect)
      .addColumn('once_key', 'varchar(96)', (c) => c.notNull().unique())
      .addColumn('notification_id', 'integer', (c) => c.references('notifications.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('webhook_id', 'integer', (c) => c.references('notify_webhooks.id').onDelete('set null'))
      .addColumn('channel', 'varchar(8)', (c) => c.notNull())
      .addColumn('target', 'varchar(2000)', (c) => c.notNull())
      .addColumn('push', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(8)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notify_deliveries_due').on('notify_deliveries').columns(['status', 'next_attempt_at']).execute();
    await idColumn(db.schema.createTable('notify_attempts'), dialect)
      .addColumn('delivery_id', 'integer', (c) => c.notNull().references('notify_deliveries.id').onDelete('cascade'))
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('outcome', 'varchar(8)', (c) => c.notNull())
      .addColumn('error', 'varchar(500)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notify_attempts_time').on('notify_attempts').column('time').execute();
    await db.schema.createIndex('notify_attempts_delivery').on('notify_attempts').column('delivery_id').execute();
  },
});
