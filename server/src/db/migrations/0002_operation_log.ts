import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/** The operation log: who did what, from where, with old and new values and the outcome. */
export const operationLog0002: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('operation_log'), dialect)
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('username', 'varchar(64)', (c) => c.notNull())
      .addColumn('action', 'varchar(64)', (c) => c.notNull())
      .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('old_value', 'text')
      .addColumn('new_value', 'text')
      .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('operation_log_user_time_idx').on('operation_log').columns(['user_id', 'time']).execute();
    await db.schema.createIndex('operation_log_time_idx').on('operation_log').column('time').execute();
  },
});
