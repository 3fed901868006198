import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Two-factor sign-in (issue 27; docs/people.md "Two-factor sign-in"): a user's TOTP key sealed at rest (the one in use,
 * and the one shown while enrolling until a code confirms it), when it was turned on, the last time step a code was
 * accepted at (a code is accepted once), and the ten one-time recovery codes, stored hashed.
 */
export const twoFactor0043: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE users ADD COLUMN totp_secret text`.execute(db);
    await sql`ALTER TABLE users ADD COLUMN totp_pending text`.execute(db);
    await sql`ALTER TABLE users ADD COLUMN totp_enabled_at bigint`.execute(db);
    await sql`ALTER TABLE users ADD COLUMN totp_last_step bigint`.execute(db);
    await idColumn(db.schema.createTable('recovery_codes'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
  },
});
