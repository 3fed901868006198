import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * The data plane (docs/box-protocol.md): registered boxes and their credentials, boxes refused at connect, the IP
 * change and connection logs, devices (one per controller on a box) with their status, device links (assigned,
 * shared, helper), status transitions, notifications with their recipients, history (one row per device and
 * snapshot, values packed), the latest values, and fault records with the snapshot of their moment.
 */
export const devices0004: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    const blob = dialect === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('boxes')
      .addColumn('box_id', 'bigint', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('box_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('contact', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('company_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('push_warning', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('push_fault', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('push_normal', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('registered_at', 'bigint', (c) => c.notNull())
      .addColumn('registered_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('firmware', 'varchar(64)')
      .addColumn('hardware', 'varchar(64)')
      .addColumn('iccid', 'varchar(32)')
      .addColumn('signal', 'integer')
      .addColumn('report_interval', 'integer')
      .addColumn('ip', 'varchar(64)')
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_seen', 'bigint')
      .execute();
    await db.schema.createIndex('boxes_owner_idx').on('boxes').column('owner_id').execute();

    await idColumn(db.schema.createTable('unregistered_boxes'), dialect)
      .addColumn('box_id', 'bigint')
      .addColumn('client_id', 'varchar(128)', (c) => c.notNull())
      .addColumn('username', 'varchar(128)', (c) => c.notNull())
      .addColumn('reason', 'varchar(32)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('first_seen', 'bigint', (c) => c.notNull())
      .addColumn('last_seen', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('unregistered_boxes_uq', ['client_id', 'username', 'reason'])
      .execute();

    await idColumn(db.schema.createTable('box_ip_log'), dialect)
      .addColumn('box_id', 'bigint', (c) => c.notNull())
      .addColumn('source_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('destination_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('box_ip_log_box_idx').on('box_ip_log').columns(['box_id', 'time']).execute();

    await idColumn(db.schema.createTable('box_connection_log'), dialect)
      .addColumn('box_id', 'bigint', (c) => c.notNull())
      .addColumn('event', 'varchar(16)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('box_connection_log_box_idx').on('box_connection_log').columns(['box_id', 'time']).execute();

    await idColumn(db.schema.createTable('devices'), dialect)
      .addColumn('box_id', 'bigint', (c) => c.notNull().references('boxes.box_id').onDelete('cascade'))
      .addColumn('controller', 'integer', (c) => c.notNull())
      .addColumn('type_id', 'integer', (c) => c.references('controller_types.id'))
      .addColumn('type_code', 'varchar(64)')
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('offline'))
      .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('fault', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('alert', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_seen', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('devices_box_controller_uq', ['box_id', 'controller'])
      .execute();
    await db.schema.createIndex('devices_owner_idx').on('devices').column('owner_id').execute();
    await db.schema.createIndex('devices_status_idx').on('devices').column('status').execute();

    await idColumn(db.schema.createTable('device_links'), dialect)
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('source_user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('can_switch', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_value', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('recalled_at', 'bigint')
      .execute();
    await db.schema.createIndex('device_links_user_idx').on('device_links').columns(['user_id', 'recalled_at']).execute();
    await db.schema.createIndex('device_links_source_idx').on('device_links').columns(['source_user_id', 'recalled_at']).execute();
    await db.schema.createIndex('device_links_device_idx').on('device_links').column('device_id').execute();

    await idColumn(db.schema.createTable('device_status_log'), dialect)
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('from_status', 'varchar(16)', (c) => c.notNull())
      .addColumn('to_status', 'varchar(16)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('device_status_log_device_idx').on('device_status_log').columns(['device_id', 'time']).execute();

    await idColumn(db.schema.createTable('notifications'), dialect)
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notifications_device_idx').on('notifications').columns(['device_id', 'time']).execute();
    await db.schema
      .createTable('notification_recipients')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint')
      .addPrimaryKeyConstraint('notification_recipients_pk', ['user_id', 'notification_id'])
      .execute();

    const history = db.schema
      .createTable('history')
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('vals', blob, (c) => c.notNull())
      .addPrimaryKeyConstraint('history_pk', ['device_id', 'ts']);
    await (dialect === 'sqlite' ? history.modifyEnd(sql`without rowid`) : history).execute();

    await db.schema
      .createTable('device_latest')
      .addColumn('device_id', 'integer', (c) => c.primaryKey())
      .addColumn('ts', 'bigint', (c) => c.notNull())
      .addColumn('vals', blob, (c) => c.notNull())
      .execute();

    await idColumn(db.schema.createTable('fault_records'), dialect)
      .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('register', 'integer', (c) => c.notNull())
      .addColumn('bit', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .addColumn('snapshot', blob, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fault_records_device_idx').on('fault_records').columns(['device_id', 'started_at']).execute();
  },
});
