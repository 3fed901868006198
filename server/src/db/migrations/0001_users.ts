import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

export const users0001: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('users'), dialect)
      .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('is_manager', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('group_extra', 'varchar(32)')
      .addColumn('ck', 'varchar(8)')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('parent_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_parent_idx').on('users').column('parent_id').execute();

    await idColumn(db.schema.createTable('sessions'), dialect)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

    await idColumn(db.schema.createTable('server_log'), dialect)
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('level', 'varchar(16)', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('username', 'varchar(64)')
      .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('server_log_time_idx').on('server_log').columns(['source', 'time']).execute();
  },
});
