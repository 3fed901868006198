import type { Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * API keys for integrators (issue 27; docs/api.md "API keys"): `dms_<prefix>_<secret>`, found by its prefix and checked
 * against the secret's SHA-256; its scopes (a JSON array), expiry, when it was last used and from where, and when and
 * why it ended (revoked by its user, or with the user's disabling or password change).
 */
export const apiKeys0044: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('api_keys'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(64)', (c) => c.notNull())
      .addColumn('prefix', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('ended_reason', 'varchar(16)')
      .addColumn('last_used_at', 'bigint')
      .addColumn('last_ip', 'varchar(64)')
      .execute();
    await db.schema.createIndex('api_keys_user_idx').on('api_keys').columns(['user_id', 'id']).execute();
  },
});
