import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * CK codes as root configures them (issue 20, /device-type/CK-config): each code with its company, the controller types
 * the devices of its boxes may take (`ck_types`; none: any), and every change of a box's CK (`box_ck_changes`, the
 * box-CK history). The codes that boxes and users already carry are configured, with no company yet, so nothing that
 * exists loses its group.
 */
export const ckCodes0015: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ck_codes')
      .addColumn('ck', 'varchar(4)', (c) => c.primaryKey())
      .addColumn('company', 'varchar(128)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .execute();
    await db.schema
      .createTable('ck_types')
      .addColumn('ck', 'varchar(4)', (c) => c.notNull().references('ck_codes.ck').onDelete('cascade'))
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('ck_types_pk', ['ck', 'type_id'])
      .execute();
    await idColumn(db.schema.createTable('box_ck_changes'), dialect)
      .addColumn('box_id', 'bigint', (c) => c.notNull())
      .addColumn('old_ck', 'varchar(4)')
      .addColumn('new_ck', 'varchar(4)')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('by', 'varchar(64)')
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('box_ck_changes_box').on('box_ck_changes').columns(['box_id', 'at']).execute();
    await db.schema.createIndex('box_ck_changes_at').on('box_ck_changes').column('at').execute();
    const now = Date.now();
    await sql`INSERT INTO ck_codes (ck, company, created_at, updated_at)
      SELECT ck, '', ${now}, ${now} FROM (SELECT ck FROM boxes WHERE ck IS NOT NULL UNION SELECT ck FROM users WHERE ck IS NOT NULL) AS used
      WHERE length(ck) = 4`.execute(db);
  },
});
