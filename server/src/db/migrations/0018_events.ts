import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Event rules and their events (issue 21, /events): each rule with its versions (a save is the next one, the events
 * name the version that started them), the engine's state per rule and device (so that a restart neither repeats nor
 * loses a start or an end), the events with their acknowledgement and assignee, and their comments.
 */
export const events0018: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('event_rules'), dialect)
      .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id'))
      .addColumn('severity', 'varchar(8)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .execute();
    await db.schema
      .createTable('event_rule_versions')
      .addColumn('rule_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)')
      .addPrimaryKeyConstraint('event_rule_versions_pk', ['rule_id', 'version'])
      .execute();
    await db.schema
      .createTable('event_rule_state')
      .addColumn('rule_id', 'integer', (c) => c.notNull().references('event_rules.id').onDelete('cascade'))
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('phase', 'varchar(8)', (c) => c.notNull())
      .addColumn('since', 'bigint', (c) => c.notNull())
      .addColumn('clear_since', 'bigint')
      .addColumn('last_ts', 'bigint', (c) => c.notNull())
      .addColumn('start_value', 'double precision')
      .addColumn('peak', 'double precision')
      .addColumn('event_id', 'integer')
      .addPrimaryKeyConstraint('event_rule_state_pk', ['rule_id', 'device_id'])
      .execute();
    await idColumn(db.schema.createTable('events'), dialect)
      .addColumn('rule_id', 'integer', (c) => c.notNull())
      .addColumn('rule_version', 'integer', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.notNull())
      .addColumn('severity', 'varchar(8)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('ended_at', 'bigint')
      .addColumn('start_value', 'double precision')
      .addColumn('peak', 'double precision')
      .addColumn('ack_by', 'varchar(64)')
      .addColumn('ack_at', 'bigint')
      .addColumn('assignee', 'varchar(64)')
      .execute();
    await db.schema.createIndex('events_started').on('events').column('started_at').execute();
    await db.schema.createIndex('events_device').on('events').columns(['device_id', 'started_at']).execute();
    await db.schema.createIndex('events_rule').on('events').columns(['rule_id', 'ended_at']).execute();
    await idColumn(db.schema.createTable('event_comments'), dialect)
      .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('by', 'varchar(64)', (c) => c.notNull())
      .addColumn('text', 'varchar(500)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_comments_event').on('event_comments').columns(['event_id', 'at']).execute();
  },
});
