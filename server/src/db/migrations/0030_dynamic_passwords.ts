import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Dynamic passwords (issue 24; /qrManage, docs/dynamic-password.md): each CK factory's master key, sealed with the
 * server's key; each user's password quota; and each password calculated (spec 3's QR record: time, user, code,
 * mode, remaining quota), unique per user and request so that a retry is answered, not paid for, again.
 */
export const dynamicPasswords0030: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ck_master_keys')
      .addColumn('ck', 'varchar(16)', (c) => c.primaryKey())
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('pwd_quotas')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await idColumn(db.schema.createTable('pwd_records'), dialect)
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
      .addColumn('box_id', 'bigint', (c) => c.notNull())
      .addColumn('ck', 'varchar(16)', (c) => c.notNull())
      .addColumn('serial', 'varchar(32)', (c) => c.notNull())
      .addColumn('challenge', 'integer', (c) => c.notNull())
      .addColumn('mode', 'varchar(16)', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('remaining', 'integer')
      .execute();
    await db.schema.createIndex('pwd_records_request').on('pwd_records').columns(['user_id', 'request_id']).unique().execute();
    await db.schema.createIndex('pwd_records_time').on('pwd_records').columns(['created_at']).execute();
  },
});
