import { sql, type Kysely } from 'kysely';
import type { DialectMigration } from './helpers.js';

/** The columns of `controller_registers` that a version keeps, as 0003 made them. */
const REGISTER_COLUMNS = ['number', 'key', 'name', 'format', 'unit', 'decimals', 'writable', 'min', 'max', 'options', 'bits'] as const;

/**
 * Controller types become versioned data (issue 20): each type has the number of its current version and who saved
 * it (a user name; null for what a release installed), and `controller_type_versions` keeps every version's kind,
 * name and register rows (the columns of `controller_registers`, as JSON), with when and by whom it was saved. The
 * types that exist become their version 1.
 */
export const typeVersions0010: DialectMigration = () => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('controller_types')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('controller_types').addColumn('updated_by', 'varchar(64)').execute();
    await db.schema
      .createTable('controller_type_versions')
      .addColumn('type_id', 'integer', (c) => c.notNull().references('controller_types.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('registers', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'varchar(64)')
      .addPrimaryKeyConstraint('controller_type_versions_pk', ['type_id', 'version'])
      .execute();
    const types = await sql<{ id: number; kind: string; name: string; updated_at: number | string }>`
      select id, kind, name, updated_at from controller_types order by id`.execute(db);
    for (const type of types.rows) {
      const registers = await sql<Record<string, unknown>>`
        select ${sql.join(REGISTER_COLUMNS.map((c) => sql.ref(c)))} from controller_registers
        where type_id = ${type.id} order by number`.execute(db);
      await sql`insert into controller_type_versions (type_id, version, kind, name, registers, created_at, created_by)
        values (${type.id}, 1, ${type.kind}, ${type.name}, ${JSON.stringify(registers.rows)}, ${Number(type.updated_at)}, null)`.execute(
        db,
      );
    }
  },
});
