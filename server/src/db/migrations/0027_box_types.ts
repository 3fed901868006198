import { BUILTIN_BOX_TYPES } from '@dms/seed';
import { sql, type Kysely } from 'kysely';
import { idColumn, type DialectMigration } from './helpers.js';

/**
 * Box types as data (issue 23; docs/api.md "Box types"): each type's configuration (its parameters, JSON, as the
 * contract's smartbox/box-types.ts says) with its version, and every version saved. Seeded once with the release's
 * types at version 1, and with every type the boxes were already registered as (no configuration yet, version 0).
 */
export const boxTypes0027: DialectMigration = (dialect) => ({
  async up(db: Kysely<unknown>) {
    await idColumn(db.schema.createTable('box_types'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .execute();
    await db.schema
      .createTable('box_type_versions')
      .addColumn('type_id', 'integer', (c) => c.notNull().references('box_types.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)')
      .addPrimaryKeyConstraint('box_type_versions_pk', ['type_id', 'version'])
      .execute();
    const now = Date.now();
    for (const type of BUILTIN_BOX_TYPES) {
      const params = JSON.stringify(type.params);
      const row = await sql<{ id: number }>`insert into box_types (code, version, params, created_at, updated_at, updated_by)
        values (${type.code}, 1, ${params}, ${now}, ${now}, null) returning id`.execute(db);
      const id = row.rows[0]?.id;
      if (id === undefined) throw new Error(`box type ${type.code} was not seeded`);
      await sql`insert into box_type_versions (type_id, version, params, created_at, created_by)
        values (${id}, 1, ${params}, ${now}, null)`.execute(db);
    }
    await sql`insert into box_types (code, version, params, created_at, updated_at, updated_by)
      select distinct box_type, 0, '[]', cast(${now} as bigint), cast(${now} as bigint), null from boxes
      where box_type <> '' and box_type not in (select code from box_types)`.execute(db);
  },
});
